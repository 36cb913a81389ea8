/**
 * A database put back to the rows it holds now (the seeded fixtures, for the tests): every table's rows are copied
 * aside once, and the returned script puts back the rows of the tables written since (deletes theirs, copies the
 * saved ones back) and resets the sequences (~5 ms on PGlite, instead of a new database: ~0.5 s restored from a
 * snapshot, ~8 s of CPU for a new server process). The API tests' harness puts its database back between tests with
 * it (server/test/app-harness.ts), and a server started with TEST_RESET between the browser tests' files
 * (server/routes/test-reset.ts, e2e/support/isolated-server.ts).
 */

import type { JobStore } from './client.ts';

/** Raw SQL on the database, whichever the driver. */
export interface RawSql {
  rows<T>(text: string): Promise<T[]>;
  /** Several statements at once, in one implicit transaction. */
  exec(text: string): Promise<void>;
}

const FIXTURE_COPY = 'zz_fixture_copy';

/** The copy's list of the tables written since the last reset (statement-level triggers fill it). */
const WRITTEN = `${FIXTURE_COPY}.written`;

/**
 * Copies every table's rows aside and answers the script that puts them back (run it with `exec`). Only the tables
 * written since the last reset are put back: a trigger on each table (after any insert, update, delete or truncate,
 * once per statement) records its name, and the script deletes and copies back those tables' rows alone, with
 * neither foreign keys nor triggers firing (so putting them back records nothing). A test writes a handful of the
 * sixty tables: a reset of the API tests took 11.8 ms on PGlite and 10.5 ms on PostgreSQL with every table put back,
 * 5.0 and 4.0 ms with these (805 resets a project, server/test/app-harness.ts); a write costs ~0.01 ms more.
 */
export async function copyRowsAside(session: RawSql): Promise<string> {
  const tables = (
    await session.rows<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((row) => row.name);
  const sequences = (
    await session.rows<{ name: string }>(
      // pg_class, not information_schema.sequences, which leaves out the sequences of identity columns.
      `SELECT quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind = 'S' AND n.nspname = 'public'`,
    )
  ).map((row) => row.name);
  const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
  await session.exec(
    [
      // CASCADE: the triggers of an earlier copy go with the function they call.
      `DROP SCHEMA IF EXISTS ${FIXTURE_COPY} CASCADE`,
      `CREATE SCHEMA ${FIXTURE_COPY}`,
      ...tables.map((t) => `CREATE TABLE ${FIXTURE_COPY}.${ident(t)} AS TABLE public.${ident(t)}`),
      `CREATE TABLE ${WRITTEN} (name text PRIMARY KEY)`,
      `CREATE FUNCTION ${FIXTURE_COPY}.record_write() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO ${WRITTEN} VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING;
         RETURN NULL;
       END $$`,
      ...tables.map(
        (t) =>
          `CREATE TRIGGER zz_fixture_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.${ident(t)}
           FOR EACH STATEMENT EXECUTE FUNCTION ${FIXTURE_COPY}.record_write()`,
      ),
    ]
      .map((statement) => `${statement};`)
      .join('\n'),
  );
  const setvals: string[] = [];
  for (const sequence of sequences) {
    const [state] = await session.rows<{ last_value: string; is_called: boolean }>(
      `SELECT last_value, is_called FROM public.${sequence}`,
    );
    if (state) setvals.push(`SELECT setval('public.${sequence}', ${state.last_value}, ${state.is_called})`);
  }
  return [
    // Neither foreign keys nor triggers fire while the rows go back (on PostgreSQL this takes a superuser).
    'SET session_replication_role = replica',
    `DO $$
     DECLARE written text;
     BEGIN
       FOR written IN SELECT name FROM ${WRITTEN} LOOP
         EXECUTE format('DELETE FROM public.%I', written);
         EXECUTE format('INSERT INTO public.%I OVERRIDING SYSTEM VALUE SELECT * FROM ${FIXTURE_COPY}.%I', written, written);
       END LOOP;
       DELETE FROM ${WRITTEN};
     END $$`,
    // The job engine's jobs (its queues and schedules stay): none of before the reset runs after it.
    'DELETE FROM pgboss.job_dependency',
    'DELETE FROM pgboss.job',
    'SET session_replication_role = DEFAULT',
    ...setvals,
  ]
    .map((statement) => `${statement};`)
    .join('\n');
}

/**
 * The embedded database's rows of now copied aside, and a function that puts them back (the server under TEST_RESET,
 * server/main.ts). PostgreSQL is refused: several processes share it, and putting rows back takes a superuser.
 */
export async function resettable(store: JobStore): Promise<() => Promise<void>> {
  if (store.kind !== 'pglite') throw new Error('TEST_RESET needs the embedded database');
  const { client } = store;
  const session: RawSql = {
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    exec: async (text) => {
      await client.exec(text);
    },
  };
  const script = await copyRowsAside(session);
  return () => session.exec(script);
}
