import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PGlite, parse as pgliteResults, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { Env } from '../env.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** The drizzle database the routes use: PGlite (embedded) or node-postgres, the same query code on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle, for helpers that must run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Where the job engine (server/billing/engine.ts) keeps its jobs: the same database, through PGlite's one connection
 * or a small pool of its own on PostgreSQL.
 */
export type JobStore = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  jobStore: JobStore;
  /** Applies the migrations of server/db/migrations. */
  migrate(): Promise<void>;
  /**
   * Runs `work` (the start-up's migrations and first seed) while no other process does: on PostgreSQL under a
   * session advisory lock held on a connection of its own, so processes started at the same moment on one database
   * (the replicas of a deployment) take turns; on PGlite, which one process owns, it just runs.
   */
  whileStartupLocked<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A statement built once per database handle (the routes' hot reads): drizzle builds its SQL text once instead of on
 * every request, and on PostgreSQL node-postgres parses and plans the named statement once per pooled connection.
 * `build` must call `.prepare(name)` with a name unique to its SQL. Only for the `Db` handle, never a transaction.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

/**
 * The connections a process keeps when DATABASE_POOL_SIZE is unset: twice the machine's cores, at least 2 and at most
 * 10. PostgreSQL runs at most one query per core at a time anyway; more connections only move the waiting from the
 * pool's queue into the kernel's run queue, where on a small machine shared with the database the server's own event
 * loop waits behind them (issue 30 point 6, measured on two cores: the five-athlete quote's p99 and the database's
 * CPU per quote both fell from a pool of 10 to 4).
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(10, Math.max(2, 2 * cores));
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Env, 'DATABASE_POOL_SIZE'>>,
): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE ?? defaultPoolSize());
  const dataDir = path.resolve(env.DATA_DIR, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create({ dataDir }));
}

/** Wraps an open PGlite instance (a data directory, or an in-memory copy in the tests). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle(withNamedStatements(client), { schema });
  return {
    db,
    driver: 'pglite',
    jobStore: { kind: 'pglite', client },
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    whileStartupLocked: (work) => work(),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Fail at start, with the reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzle(pool, { schema });
  return {
    db,
    driver: 'postgres',
    jobStore: { kind: 'postgres', url },
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    whileStartupLocked: (work) => withAdvisoryLock(pool, STARTUP_LOCK, work),
    close: () => pool.end(),
  };
}

/**
 * The advisory lock key of the start-up (migrations and first seed): one 64-bit number for this app, the bytes of
 * "diamond\0". Advisory locks are per database, so apps on other databases of the same server never meet it.
 */
export const STARTUP_LOCK = 0x6469_616d_6f6e_6400n;

/**
 * Runs `work` holding the session advisory lock `key` on a pooled connection taken for it alone (the work itself uses
 * the pool's other connections). Released when the work ends, or by PostgreSQL when the connection is lost (a
 * process killed mid-migration does not leave the lock behind).
 */
async function withAdvisoryLock<T>(pool: Pool, key: bigint, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1::bigint)', [key.toString()]);
  } catch (error) {
    holder.release(true);
    throw error;
  }
  try {
    return await work();
  } finally {
    const unlocked = await holder.query('SELECT pg_advisory_unlock($1::bigint)', [key.toString()]).then(
      () => true,
      () => false,
    );
    // A connection whose unlock failed is discarded: closing it releases the lock.
    holder.release(!unlocked);
  }
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A statement prepared on a PGlite connection under a name, with what its Describe answered. */
interface NamedStatement {
  name: string;
  paramTypes: number[];
  /** The RowDescription message, or undefined for a statement that returns no rows. */
  rowDescription: BackendMessage | undefined;
}

interface StatementCache {
  statements: Map<string, NamedStatement>;
  nextId: number;
  /** drizzle's parser overrides layered over the connection's parsers (see parseRows). */
  layeredParsers: WeakMap<object, PGlite['parsers']>;
}

/** Per PGlite connection, not per wrapper: names are the connection's, and the test harness wraps one client often. */
const statementCaches = new WeakMap<PGlite, StatementCache>();
/** Enough for every SQL text the app sends; past it, new texts run unnamed, as before. */
const MAX_NAMED_STATEMENTS = 500;
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** PostgreSQL's "cached plan must not change result type" (a table's columns changed under a named statement). */
const PLAN_CHANGED = '0A000';

/**
 * PGlite's `query()` sends every statement unnamed: parsed, described and planned again each time, in six protocol
 * round trips into the WebAssembly PostgreSQL, which runs on the one thread that also serves every request. The
 * routes send the same few SQL texts over and over (drizzle puts values in parameters), and planning costs several
 * times the execution (the User response's five-table join: ~4 ms through `query()`, ~0.9 ms as a prepared
 * statement). So, as node-postgres does with named statements, each SQL text is parsed and described once under a
 * name, and each call is then one Bind + Execute + Sync. Queries inside a PGlite transaction (`tx.query`) are left as
 * they are.
 */
function withNamedStatements(client: PGlite): PGlite {
  let cache = statementCaches.get(client);
  if (!cache) {
    cache = { statements: new Map(), nextId: 1, layeredParsers: new WeakMap() };
    statementCaches.set(client, cache);
  }
  const known = cache;
  const query = <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const cacheable =
      options?.blob === undefined &&
      CACHEABLE.test(text) &&
      (known.statements.has(text) || known.statements.size < MAX_NAMED_STATEMENTS);
    if (!cacheable) return client.query<T>(text, params, options);
    return runNamed<T>(client, known, text, params, options);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields, so they must run on the instance itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function runNamed<T>(
  client: PGlite,
  cache: StatementCache,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  await client._checkReady();
  // The same two locks as query(): never inside another caller's transaction, never between another's messages.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let statement = cache.statements.get(text) ?? (await prepareNamed(client, cache, text, options));
      let messages: BackendMessage[];
      try {
        messages = await executeNamed(client, statement, params, options);
      } catch (error) {
        if ((error as { code?: unknown }).code !== PLAN_CHANGED) throw withQuery(error, text, params, options);
        // The table changed shape (a migration in a running process): describe it afresh, once.
        cache.statements.delete(text);
        statement = await prepareNamed(client, cache, text, options);
        messages = await executeNamed(client, statement, params, options).catch((retryError: unknown) => {
          throw withQuery(retryError, text, params, options);
        });
      }
      await client.syncToFs();
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parseRows<T>(client, cache, described, options);
    }),
  );
}

/**
 * PGlite's parseResults merges the query's parsers into a copy of all the connection's (a few hundred entries once
 * the array types are known) on every call: over a third of the CPU of a cached statement. drizzle passes its nine
 * overrides with every query, so they are layered over the connection's parsers by prototype instead of copied.
 */
function parseRows<T>(
  client: PGlite,
  cache: StatementCache,
  messages: BackendMessage[],
  options: QueryOptions | undefined,
): Results<T> {
  const overrides = options?.parsers;
  if (!overrides) return pgliteResults.parseResults(messages, client.parsers, options)[0] as Results<T>;
  // A statement built once (preparedPerDb) passes the same overrides object every time.
  let parsers = cache.layeredParsers.get(overrides);
  if (!parsers) {
    parsers = Object.assign(Object.create(client.parsers) as PGlite['parsers'], overrides);
    cache.layeredParsers.set(overrides, parsers);
  }
  return pgliteResults.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results<T>;
}

async function prepareNamed(
  client: PGlite,
  cache: StatementCache,
  text: string,
  options: QueryOptions | undefined,
): Promise<NamedStatement> {
  const name = `s${cache.nextId++}`;
  const { serialize } = protocol;
  // Sync in the same buffer: after an error PostgreSQL skips to it, so the connection is idle again either way.
  const messages = await client
    .execProtocolStream(
      concat([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    .catch((error: unknown) => {
      throw withQuery(error, text, [], options);
    });
  const statement: NamedStatement = {
    name,
    paramTypes: pgliteResults.parseDescribeStatementResults(messages),
    rowDescription: messages.find((message) => message.name === 'rowDescription'),
  };
  cache.statements.set(text, statement);
  return statement;
}

function executeNamed(
  client: PGlite,
  statement: NamedStatement,
  params: unknown[],
  options: QueryOptions | undefined,
): Promise<BackendMessage[]> {
  // As PGlite's query() serializes parameters: by the type PostgreSQL inferred for each, else as text.
  const values = params.map((param, index) => {
    if (param === null || param === undefined) return null;
    const type = statement.paramTypes[index] ?? 0;
    const serializer = options?.serializers?.[type] ?? client.serializers[type];
    return serializer ? serializer(param) : String(param);
  });
  const { serialize } = protocol;
  return client.execProtocolStream(
    concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
    { syncToFs: false },
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** What PGlite's own query() attaches to a database error, so errors read the same on both paths. */
function withQuery(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof Error && 'severity' in error)
    Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}
