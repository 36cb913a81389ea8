import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, defaultPoolSize, wrapPglite } from './client.ts';

/**
 * PGlite runs the app's statements as named prepared statements (wrapPglite): these check that a caller sees the
 * same rows, errors and transactions as through PGlite's own query().
 */
describe('PGlite named statements', () => {
  let client: PGlite;
  let database: Database;

  beforeAll(async () => {
    client = await PGlite.create();
    database = await wrapPglite(client);
    await client.exec(
      'create table items (id serial primary key, name text not null unique, seen timestamptz, note text);',
    );
  });

  afterAll(async () => {
    await database.close();
  });

  /** The rows of a statement run through drizzle (the app's `Db` type leaves the driver's result shape open). */
  const rowsOf = async <T>(query: SQL): Promise<T[]> =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const names = async () =>
    (await rowsOf<{ name: string }>(sql`select name from items order by id`)).map((row) => row.name);

  it('answers repeated statements with fresh rows and values of every type, preparing each text once', async () => {
    const seen = new Date('2027-01-02T03:04:05.000Z');
    for (const name of ['a', 'b', 'c']) {
      await database.db.execute(sql`insert into items (name, seen, note) values (${name}, ${seen}, ${null})`);
    }
    const rows = await rowsOf<{ name: string; seen: string; note: string | null }>(
      sql`select name, seen, note from items where name = ${'b'}`,
    );
    expect(rows).toEqual([{ name: 'b', seen: expect.stringMatching(/^2027-01-02 03:04:05/), note: null }]);
    expect(await names()).toEqual(['a', 'b', 'c']);

    const prepared = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
    const inserts = prepared.rows.filter((row) => row.statement.startsWith('insert into items'));
    expect(inserts).toHaveLength(1);
  });

  it('passes a database error on with its code and leaves the connection usable', async () => {
    const duplicate = database.db.execute(sql`insert into items (name) values (${'a'})`);
    await expect(duplicate).rejects.toMatchObject({ cause: { code: '23505' } });
    const badNumber = database.db.execute(sql`select * from items where id = ${'not a number'}`);
    await expect(badNumber).rejects.toMatchObject({ cause: { code: '22P02' } });
    expect(await names()).toHaveLength(3);
  });

  it('keeps transactions whole: a rolled-back write is never seen, a committed one is', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values (${'rolled back'})`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (name) values (${'kept'})`);
    });
    expect(await names()).toEqual(['a', 'b', 'c', 'kept']);
  });

  it('describes a statement again when its table changes shape', async () => {
    const everything = () => rowsOf<Record<string, unknown>>(sql`select * from items where id = ${1}`);
    expect(Object.keys((await everything())[0] ?? {})).not.toContain('extra');
    await client.exec("alter table items add column extra text not null default 'x'");
    expect((await everything())[0]).toMatchObject({ name: 'a', extra: 'x' });
  });
});

describe('the start-up lock on PGlite', () => {
  it('runs the work and passes on its result or its error (one process owns a PGlite: nothing to wait for)', async () => {
    const database = await wrapPglite(await PGlite.create());
    try {
      expect(await database.whileStartupLocked(async () => 'migrated')).toBe('migrated');
      await expect(
        database.whileStartupLocked(async () => {
          throw new Error('migration failed');
        }),
      ).rejects.toThrow('migration failed');
      expect(await database.whileStartupLocked(async () => 2)).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe('the PostgreSQL pool size', () => {
  it('defaults to twice the cores, at least 2 and at most 10', () => {
    expect(defaultPoolSize(1)).toBe(2);
    expect(defaultPoolSize(2)).toBe(4);
    expect(defaultPoolSize(3)).toBe(6);
    expect(defaultPoolSize(5)).toBe(10);
    expect(defaultPoolSize(64)).toBe(10);
  });
});
