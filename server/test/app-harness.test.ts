import { count, eq, type SQL, sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from './app-harness.ts';

const open: TestApp[] = [];
const app = async () => {
  const t = await createTestApp();
  open.push(t);
  return t;
};
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

const register = (t: TestApp, email: string) =>
  t.call('POST', '/api/auth/register', {
    body: {
      name: 'Iso Lation',
      email,
      phone: '555-123-4567',
      password: 'Password1!',
      password_confirmation: 'Password1!',
    },
  });

describe('every test app starts from the fixtures', () => {
  it('drops what the previous test wrote and hands out the same ids again', async () => {
    const first = await app();
    const fixtures = (await first.db.select({ n: count() }).from(users))[0]?.n;
    const created = await register(first, 'iso@example.com');
    expect(created.status).toBeLessThan(300);
    const [row] = await first.db.select().from(users).where(eq(users.email, 'iso@example.com'));
    await first.db.delete(users).where(eq(users.email, 'coach@example.com'));
    await first.close();
    open.length = 0;

    const second = await app();
    expect((await second.db.select({ n: count() }).from(users))[0]?.n).toBe(fixtures);
    expect(await second.db.select().from(users).where(eq(users.email, 'iso@example.com'))).toEqual([]);
    expect(await second.db.select().from(users).where(eq(users.email, 'coach@example.com'))).toHaveLength(1);
    expect((await register(second, 'iso@example.com')).status).toBeLessThan(300);
    const [again] = await second.db.select().from(users).where(eq(users.email, 'iso@example.com'));
    expect(again?.id).toBe(row?.id);
  });

  it('gives a second app opened at the same time a database of its own', async () => {
    const first = await app();
    const second = await app();
    expect((await register(first, 'one@example.com')).status).toBeLessThan(300);
    expect(await second.db.select().from(users).where(eq(users.email, 'one@example.com'))).toEqual([]);
  });
});

describe('the database of the project', () => {
  const onPostgres = inject('testDatabaseUrl') !== undefined;
  const scalar = async (t: TestApp, query: SQL) => {
    // Both drivers answer an object with `rows`; drizzle's shared type does not say so.
    const { rows } = (await t.db.execute(query)) as unknown as { rows: { value: string }[] };
    return rows[0]?.value;
  };

  it('is PostgreSQL 15+ in server-pg, else PGlite', async () => {
    const version = await scalar(await app(), sql`SELECT version() AS value`);
    if (onPostgres) expect(version).toMatch(/^PostgreSQL (1[5-9]|[2-9]\d)\./);
    if (onPostgres) expect(version).not.toContain('PGlite');
    else expect(version).toContain('PGlite');
  });

  it('is dropped with a second app that closes (on PGlite it only lived in memory)', async () => {
    const first = await app();
    const second = await app();
    const name = await scalar(second, sql`SELECT current_database() AS value`);
    await second.close();
    open.pop();
    const left = await scalar(first, sql`SELECT count(*)::text AS value FROM pg_database WHERE datname = ${name}`);
    expect(left).toBe(onPostgres ? '0' : '1');
  });
});
