/**
 * What the server benches share (bench/api-latency.ts, bench/admin-console.ts, bench/billing.ts): starting and
 * stopping the server process they measure, and the throwaway PostgreSQL database it runs on.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { throwawayPostgres } from '../../server/test/postgres-global-setup.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What `npm start` runs (scripts/build-server.mjs builds it). */
export const BUILT_SERVER_ENTRY = 'dist-server/main.js';

/** The old generation V8 starts with under `npm start` (package.json's `start`; docs/architecture.md, Performance). */
export const INITIAL_OLD_SPACE_MB = 512;

export interface ServerStart {
  port: number;
  /** The server's variables over the inherited ones (DATABASE_URL, LOG_LEVEL, …); `undefined` leaves one out. */
  env: Record<string, string | undefined>;
  /** The Node that runs it (this process's by default) and its flags. */
  node?: string;
  nodeArgs?: string[];
  /** BUILT_SERVER_ENTRY by default; a TypeScript entry runs through tsx. */
  entry?: string;
  /**
   * Where its stdout (the JSON log, one line per request) goes: a file descriptor open for writing, as a server that
   * logs to a file; a pipe to this process by default.
   */
  stdout?: number;
}

/**
 * Starts one server process as `npm start` runs it, on `port`, with NODE_ENV=development and the API alone
 * (SERVE_SITE=false: a start never waits for, or measures, a build of the site). The inherited DATABASE_URL is left
 * out: the bench names its database in `env`. Its stdout (unless `stdout` names a file) and stderr are pipes, which
 * the caller reads or hands to `forwardLogs` (a full pipe would stall the server's writes).
 */
export function startServerProcess({
  port,
  env,
  node = process.execPath,
  nodeArgs = [],
  entry = BUILT_SERVER_ENTRY,
  stdout = undefined,
}: ServerStart): ChildProcess {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const variables: Record<string, string> = {};
  const wanted = { ...inherited, NODE_ENV: 'development', PORT: String(port), SERVE_SITE: 'false', ...env };
  for (const [key, value] of Object.entries(wanted)) if (value !== undefined) variables[key] = value;
  const script = entry.endsWith('.ts')
    ? ['--import', 'tsx', entry]
    : ['--enable-source-maps', `--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`, entry];
  return spawn(node, [...nodeArgs, ...script], {
    cwd: ROOT,
    env: variables,
    stdio: ['ignore', stdout ?? 'pipe', 'pipe'],
  });
}

/** Shows a server's stderr here and drains its stdout (still readable by other listeners). */
export function forwardLogs(child: ChildProcess): ChildProcess {
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  child.stdout?.resume();
  return child;
}

/**
 * A process's memory in MB from /proc/<pid>/status (Linux): `VmRSS` resident now, `VmHWM` its peak so far; null where
 * that cannot be read (another OS, a process gone).
 */
export function memoryMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** SIGTERM, then SIGKILL when it has not exited after `timeoutMs`; resolves once it has exited. */
export async function stopServerProcess(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

export interface BenchDatabase {
  /** The database's URL, for the server's DATABASE_URL. */
  url: string;
  /** The same server's `postgres` database, for questions about the bench's one (pg_stat_activity). */
  serverUrl: string;
  name: string;
  /** Whether it lives on a cluster started for this run (else on the DATABASE_URL server). */
  throwawayCluster: boolean;
  /** Drops it, or stops and removes the cluster. */
  drop(): Promise<void>;
}

/**
 * A fresh database named `<prefix>_<random>`, so the server migrates and seeds the fixtures into it: on the
 * DATABASE_URL server when that is set (dropped afterwards; the role needs CREATEDB), else on a throwaway cluster of
 * Debian's PostgreSQL binaries in a temp directory, as the server-pg tests start one
 * (server/test/postgres-global-setup.ts `throwawayPostgres`; stopped and removed afterwards).
 */
export async function benchPostgres(prefix: string, serverUrl = process.env.DATABASE_URL): Promise<BenchDatabase> {
  if (!serverUrl) {
    const cluster = throwawayPostgres();
    try {
      const url = await cluster.createDatabase(prefix);
      const server = new URL(url);
      const name = server.pathname.slice(1);
      server.pathname = '/postgres';
      return { url, serverUrl: server.toString(), name, throwawayCluster: true, drop: () => cluster.stop() };
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    serverUrl,
    name,
    throwawayCluster: false,
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
