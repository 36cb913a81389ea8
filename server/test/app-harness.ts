import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { or, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { createAppJobEngine } from '../billing/jobs.ts';
import type { Db, JobStore } from '../db/client.ts';
import { MIGRATIONS_FOLDER, wrapPglite } from '../db/client.ts';
import { copyRowsAside, type RawSql } from '../db/fixture-copy.ts';
import * as schema from '../db/schema/index.ts';
import { users } from '../db/schema/index.ts';
import { seed } from '../db/seed.ts';
import type { AppDeps } from '../deps.ts';
import { type Env, testEnv } from '../env.ts';
import { createLogger } from '../log.ts';
import { createOutboxMailer } from '../mail/mailer.ts';
import { createProviders } from '../providers/index.ts';
import type { Providers } from '../providers/types.ts';
import { issueToken } from '../services/tokens.ts';

/**
 * API tests run against an in-memory PGlite restored from one migrated and seeded snapshot, so every test starts from
 * exactly the fixtures and a test's writes never leak into another. The snapshot is built once per day and schema
 * (cached under the OS temp dir and shared by the workers); each worker restores it once and puts that database back
 * to the fixtures before every test (acquireDatabase below).
 *
 * In the server-pg project the same tests run on PostgreSQL instead: postgres-global-setup.ts migrates and seeds a
 * template database, each worker copies it once and puts its copy back to the fixtures the same way.
 */

const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

interface WasmAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let assets: Promise<WasmAssets> | undefined;
function wasmAssets(): Promise<WasmAssets> {
  assets ??= (async () => ({
    pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(pgliteDist, 'pglite.wasm'))),
    initdbWasmModule: await WebAssembly.compile(readFileSync(path.join(pgliteDist, 'initdb.wasm'))),
    fsBundle: new Blob([readFileSync(path.join(pgliteDist, 'pglite.data'))]),
  }))();
  return assets;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Changes to migrations, schema, seed or job engine (or a new day, for relative fixture dates) make a new snapshot.
 */
function snapshotKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(MIGRATIONS_FOLDER),
    ...filesUnder(path.join(SERVER_DIR, 'db', 'schema')),
    path.join(SERVER_DIR, 'db', 'seed.ts'),
    // The job engine's schema and queues (installJobEngine), and the engine's version.
    path.join(SERVER_DIR, 'billing', 'engine.ts'),
    path.join(SERVER_DIR, 'billing', 'jobs.ts'),
    createRequire(import.meta.url).resolve('pg-boss/package.json'),
  ].sort();
  for (const file of inputs) hash.update(file).update(readFileSync(file));
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 24);
}

async function buildSnapshot(): Promise<Blob> {
  const client = await PGlite.create({ ...(await wasmAssets()) });
  const database = await wrapPglite(client);
  await database.migrate();
  await seed(database.db, new Date());
  await installJobEngine(database.jobStore);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

let snapshot: Promise<Blob> | undefined;

/** The seeded database image, from the shared cache or built now. */
export function seededSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const dir = path.join(os.tmpdir(), 'diamond-academy-server-tests');
    const file = path.join(dir, `${snapshotKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const dump = await buildSnapshot();
    mkdirSync(dir, { recursive: true });
    // Worker threads share the process's pid: each writer names its own partial file.
    const partial = `${file}.${process.pid}.${threadId}.${randomUUID()}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    // Atomic: a worker reading the cache never sees half a file.
    renameSync(partial, file);
    // Snapshots of other days or schemas are never read again.
    for (const old of readdirSync(dir)) {
      if (old.endsWith('.tar') && path.join(dir, old) !== file) rmSync(path.join(dir, old), { force: true });
    }
    return dump;
  })();
  return snapshot;
}

/**
 * The job engine's schema and queues in a database the tests copy (the snapshot, the PostgreSQL template), as the
 * server creates them at its first start: a test app's engine then starts in milliseconds.
 */
export async function installJobEngine(store: JobStore): Promise<void> {
  const engine = createAppJobEngine(store, createLogger(testEnv()), () => {
    throw new Error('no job runs while the engine is installed');
  });
  await engine.ready();
  await engine.stop();
}

export interface CallOptions {
  body?: unknown;
  /** A raw body sent as is (for malformed JSON). */
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  text: string;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  deps: AppDeps;
  providers: Providers;
  /** Where the app's job engine keeps its jobs (its database), for a second engine as another process has. */
  jobStore: JobStore;
  /** Moves the app's clock. */
  setNow(date: Date): void;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** A session token for a fixture account by e-mail or username (no login round trip). */
  tokenFor(emailOrUsername: string): Promise<string>;
  close(): Promise<void>;
}

interface TestDatabase {
  /** A new drizzle handle on it for every test app, as the server makes one per process (state keyed by it resets). */
  connect(): Promise<Db>;
  /** Where a test app's job engine keeps its jobs: this database. */
  jobStore: JobStore;
  sql: RawSql;
  close(): Promise<void>;
}

/** A new PGlite of its own, restored from the seeded snapshot (the caller closes it). */
export async function seededPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await seededSnapshot(), ...(await wasmAssets()) });
}

/** A fresh PGlite restored from the seeded snapshot. */
async function restorePglite(): Promise<TestDatabase> {
  const client = await seededPglite();
  return {
    connect: async () => (await wrapPglite(client)).db,
    jobStore: { kind: 'pglite', client },
    sql: {
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
      exec: async (text) => {
        await client.exec(text);
      },
    },
    close: () => client.close(),
  };
}

/**
 * On PostgreSQL (the server-pg project, server/test/postgres-global-setup.ts) every copy is a database of its own,
 * created from the seeded template (CREATE DATABASE ... TEMPLATE: a second app opens in ~0.4 s) and dropped when
 * closed.
 */
let serverAdmin: pg.Pool | undefined;
let copies = 0;

function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function copyTemplate(templateUrl: string, adminUrl: string): Promise<TestDatabase> {
  const template = new URL(templateUrl).pathname.slice(1);
  // The template takes no connections while it is copied: administer from the server's maintenance database.
  serverAdmin ??= new pg.Pool({ connectionString: adminUrl, max: 1 });
  const admin = serverAdmin;
  copies += 1;
  const name = `${template}_${process.pid}_${threadId}_${copies}`;
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  // The production pool's size, so concurrent requests really run side by side (PGlite has one connection).
  const url = withDatabase(templateUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  let closed = false;
  // DROP DATABASE ... WITH (FORCE) may cut a connection the closing pool has not finished closing.
  pool.on('error', (error) => {
    if (!closed) throw error;
  });
  return {
    connect: async (): Promise<Db> => drizzlePostgres(pool, { schema }),
    jobStore: { kind: 'postgres', url },
    sql: {
      rows: async <T>(text: string) => (await pool.query(text)).rows as T[],
      // Without parameters node-postgres sends the simple query protocol, which runs several statements.
      exec: async (text) => {
        await pool.query(text);
      },
    },
    close: async () => {
      closed = true;
      await pool.end();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    },
  };
}

/** The project's database: a copy of the PostgreSQL template in the server-pg project, else PGlite. */
function projectDatabase(): { key: string; fresh: () => Promise<TestDatabase> } {
  const templateUrl = inject('testDatabaseUrl');
  const adminUrl = inject('testDatabaseAdminUrl');
  if (templateUrl && adminUrl) return { key: templateUrl, fresh: () => copyTemplate(templateUrl, adminUrl) };
  return { key: 'pglite', fresh: restorePglite };
}

/**
 * Each worker keeps one database and puts it back to the fixtures between tests (the tables written since the last
 * test get the fixtures' rows back, the sequences are reset: ~5 ms, server/db/fixture-copy.ts), instead of restoring the snapshot for every test (~500 ms; the
 * API tests were a third of `npm test`). A test that opens a second app while the first is open gets a fresh
 * database of its own, which `close()` really closes.
 */
interface Pooled {
  database: TestDatabase;
  busy: boolean;
  reset: string;
}
/** Keyed by the project's database, should a worker ever serve both projects. */
const pooled = new Map<string, Promise<Pooled>>();

/** Copies every table's fixture rows aside and builds the statement that puts them back. */
async function poolFrom(database: TestDatabase): Promise<Pooled> {
  return { database, busy: false, reset: await copyRowsAside(database.sql) };
}

/** The worker's database back at the fixtures, or a fresh one when it is in use. */
async function acquireDatabase(): Promise<{ db: Db; jobStore: JobStore; release: () => Promise<void> }> {
  const { key, fresh } = projectDatabase();
  if (!pooled.has(key)) pooled.set(key, fresh().then(poolFrom));
  const pool = await pooled.get(key)!;
  if (pool.busy) {
    const database = await fresh();
    return { db: await database.connect(), jobStore: database.jobStore, release: () => database.close() };
  }
  pool.busy = true;
  await pool.database.sql.exec(pool.reset);
  return {
    db: await pool.database.connect(),
    jobStore: pool.database.jobStore,
    release: async () => {
      pool.busy = false;
    },
  };
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await acquireDatabase();
  const { release } = database;
  const env: Env = testEnv(envOverrides);
  const log = createLogger(env);
  const providers = await createProviders(env, database.db, log);
  let now: Date | null = null;
  // No workers and no schedules: the tests run the jobs through POST /api/staff/billing/run (or the engine's calls).
  const jobs = createAppJobEngine(database.jobStore, log, () => deps);
  const deps: AppDeps = {
    db: database.db,
    env,
    log,
    mailer: createOutboxMailer(database.db, log),
    providers,
    now: () => now ?? new Date(),
    jobs,
  };
  // On PGlite's one connection the engine must be up before a transaction enqueues a job (server/billing/engine.ts).
  if (database.jobStore.kind === 'pglite') await jobs.ready();
  const app = createApp(deps);

  return {
    app,
    db: database.db,
    deps,
    providers,
    jobStore: database.jobStore,
    setNow(date) {
      now = date;
    },
    async call(method, requestPath, options = {}) {
      const headers: Record<string, string> = { 'X-Requested-With': 'website', ...options.headers };
      let body: string | undefined;
      if (options.rawBody !== undefined) {
        body = options.rawBody;
        headers['Content-Type'] ??= 'application/json';
      } else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['Content-Type'] ??= 'application/json';
      }
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      const response = await app.request(requestPath, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    async tokenFor(emailOrUsername) {
      return issueToken(database.db, await userId(database.db, emailOrUsername), 'session', new Date());
    },
    async close() {
      await providers.realtime.close();
      await jobs.stop();
      await release();
    },
  };
}

/** A session token for any user id (e.g. an athlete without e-mail). */
export async function tokenForUserId(db: Db, userId: number): Promise<string> {
  return issueToken(db, userId, 'session', new Date());
}

/** The id of a fixture user by e-mail or username. */
export async function userId(db: Db, emailOrUsername: string): Promise<number> {
  const key = emailOrUsername.toLowerCase();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${key}`, sql`lower(${users.username}) = ${key}`));
  if (!row) throw new Error(`no fixture user ${emailOrUsername}`);
  return row.id;
}
