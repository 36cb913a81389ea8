import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { or, sql } from 'drizzle-orm';
import { createApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { MIGRATIONS_FOLDER, wrapPglite } from '../db/client.ts';
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

/** Changes to migrations, schema or seed (or a new day, for relative fixture dates) make a new snapshot. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(MIGRATIONS_FOLDER),
    ...filesUnder(path.join(SERVER_DIR, 'db', 'schema')),
    path.join(SERVER_DIR, 'db', 'seed.ts'),
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
    const partial = `${file}.${process.pid}.partial`;
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
  /** Moves the app's clock. */
  setNow(date: Date): void;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** A session token for a fixture account by e-mail or username (no login round trip). */
  tokenFor(emailOrUsername: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Each worker keeps one restored database and puts it back to the fixtures between tests (delete every row, copy the
 * fixtures' rows back, reset the sequences: ~30 ms), instead of restoring the snapshot for every test (~500 ms; the
 * API tests were a third of `npm test`). A test that opens a second app while the first is open gets a fresh
 * restore of its own, which `close()` really closes.
 */
interface Pooled {
  client: PGlite;
  busy: boolean;
  reset: string;
}
let pooled: Promise<Pooled> | undefined;

const FIXTURE_COPY = 'zz_fixture_copy';

async function restoreSnapshot(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await seededSnapshot(), ...(await wasmAssets()) });
}

/** Copies every table's fixture rows aside and builds the statement that puts them back. */
async function poolFrom(client: PGlite): Promise<Pooled> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).rows.map((row) => row.name);
  const sequences = (
    await client.query<{ name: string }>(
      `SELECT quote_ident(sequence_name) AS name FROM information_schema.sequences WHERE sequence_schema = 'public'`,
    )
  ).rows.map((row) => row.name);
  await client.exec(
    [`CREATE SCHEMA ${FIXTURE_COPY}`, ...tables.map((t) => `CREATE TABLE ${FIXTURE_COPY}.${t} AS TABLE public.${t}`)]
      .map((statement) => `${statement};`)
      .join('\n'),
  );
  const setvals: string[] = [];
  for (const sequence of sequences) {
    const [state] = (
      await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value, is_called FROM public.${sequence}`,
      )
    ).rows;
    if (state) setvals.push(`SELECT setval('public.${sequence}', ${state.last_value}, ${state.is_called})`);
  }
  const reset = [
    // Neither foreign keys nor triggers fire while the rows go back.
    'SET session_replication_role = replica',
    ...tables.map((t) => `DELETE FROM public.${t}`),
    ...tables.map((t) => `INSERT INTO public.${t} OVERRIDING SYSTEM VALUE SELECT * FROM ${FIXTURE_COPY}.${t}`),
    'SET session_replication_role = DEFAULT',
    ...setvals,
  ]
    .map((statement) => `${statement};`)
    .join('\n');
  return { client, busy: false, reset };
}

/** The worker's database back at the fixtures, or a fresh restore when it is in use. */
async function acquireDatabase(): Promise<{ client: PGlite; release: () => Promise<void> }> {
  pooled ??= restoreSnapshot().then(poolFrom);
  const pool = await pooled;
  if (pool.busy) {
    const client = await restoreSnapshot();
    return { client, release: () => client.close() };
  }
  pool.busy = true;
  await pool.client.exec(pool.reset);
  return {
    client: pool.client,
    release: async () => {
      pool.busy = false;
    },
  };
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const { client, release } = await acquireDatabase();
  const database = await wrapPglite(client);
  const env: Env = testEnv(envOverrides);
  const log = createLogger(env);
  const providers = await createProviders(env, database.db, log);
  let now: Date | null = null;
  const deps: AppDeps = {
    db: database.db,
    env,
    log,
    mailer: createOutboxMailer(database.db, log),
    providers,
    now: () => now ?? new Date(),
  };
  const app = createApp(deps);

  return {
    app,
    db: database.db,
    deps,
    providers,
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
