import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
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
