import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seed } from '../db/seed.ts';
import { installJobEngine } from './app-harness.ts';

/**
 * Global setup of the `server-pg` project: the API tests once more on a real PostgreSQL, the production database.
 *
 * It launches a throwaway cluster from Debian's binaries (/usr/lib/postgresql/<version>/bin) in a temp directory,
 * listening only on a unix socket there, or, when TEST_DATABASE_URL names a server (a role that may create databases
 * and set session_replication_role, i.e. a superuser), uses that one. Either way it migrates and seeds one template
 * database with the production code (openDatabase, migrate, seed) and hands its URL to the workers
 * (`inject('testDatabaseUrl')`); server/test/app-harness.ts copies it into one database per worker.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded template database of the server-pg project (absent on PGlite). */
    testDatabaseUrl?: string;
    /** A database of the same server to create and drop the workers' copies from. */
    testDatabaseAdminUrl?: string;
  }
}

const MIN_VERSION = 15;
const DEBIAN_ROOT = '/usr/lib/postgresql';
const INSTALL_HINT = 'Install it with `apt-get install -y postgresql` (Debian), or set TEST_DATABASE_URL to a server.';

/** Debian's newest PostgreSQL binaries, 15 or later. */
function debianBinDir(): string {
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .map(Number)
        .filter(
          (version) => version >= MIN_VERSION && existsSync(path.join(DEBIAN_ROOT, String(version), 'bin', 'initdb')),
        )
        .sort((a, b) => b - a)
    : [];
  if (versions.length === 0) {
    throw new Error(
      `The server-pg tests need PostgreSQL ${MIN_VERSION}+: no ${DEBIAN_ROOT}/<version>/bin/initdb found. ${INSTALL_HINT}`,
    );
  }
  return path.join(DEBIAN_ROOT, String(versions[0]), 'bin');
}

interface Cluster {
  url: string;
  stop(): void;
}

const CLUSTER_PREFIX = 'diamond-pg-';
/** The pid of the test run that owns a cluster directory. */
const OWNER_FILE = 'owner.pid';

/** The ids of the `postgres` system user when we are root (postgres refuses to run as root), else null. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })));
    return { uid: uid!, gid: gid! };
  } catch {
    throw new Error(
      `The server-pg tests run PostgreSQL as the 'postgres' system user, which is missing. ${INSTALL_HINT}`,
    );
  }
}

/** Runs one of the PostgreSQL tools as the cluster's owner, from inside its directory (the owner may not enter ours). */
function runTool(bin: string, dir: string, tool: string, args: string[]): void {
  const command = path.join(bin, tool);
  const [file, argv] = postgresUser() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
}

function stopCluster(bin: string, dir: string): void {
  try {
    if (existsSync(path.join(dir, 'data', 'postmaster.pid'))) {
      runTool(bin, dir, 'pg_ctl', ['stop', '-D', path.join(dir, 'data'), '-m', 'immediate']);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Clusters left by runs that were killed before their teardown (other runs' live clusters are left alone). */
function stopAbandonedClusters(bin: string): void {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(CLUSTER_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    const ownerFile = path.join(dir, OWNER_FILE);
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : 0;
    // Without an owner file yet, the directory may be another run's that is starting this very moment.
    if (owner ? isRunning(owner) : Date.now() - statSync(dir).mtimeMs < 60_000) continue;
    try {
      stopCluster(bin, dir);
    } catch {
      // Someone else's to clean up (another user's, or gone already).
    }
  }
}

/** initdb + pg_ctl in a fresh temp directory, as the `postgres` system user when we are root. */
function launchCluster(): Cluster {
  const bin = debianBinDir();
  stopAbandonedClusters(bin);
  const dir = mkdtempSync(path.join(os.tmpdir(), CLUSTER_PREFIX));
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  const owner = postgresUser();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  // A run interrupted before its teardown (Ctrl-C, a crash) still stops its cluster; `exit` handlers must be sync.
  const stopOnExit = () => stopCluster(bin, dir);
  process.once('exit', stopOnExit);
  try {
    runTool(bin, dir, 'initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    // Only a unix socket in our own directory: no port to collide with; durability is worth nothing here.
    const options = [
      "-c listen_addresses=''",
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    runTool(bin, dir, 'pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-o', options]);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    process.off('exit', stopOnExit);
    stopCluster(bin, dir);
    throw new Error(`Could not start a PostgreSQL cluster from ${bin}: ${stderr || String(error)}\n${log}`);
  }
  return {
    url: `postgresql://postgres@localhost:5432/postgres?host=${encodeURIComponent(dir)}`,
    stop: () => {
      process.off('exit', stopOnExit);
      stopCluster(bin, dir);
    },
  };
}

/**
 * A PostgreSQL server for tests that need databases of their own (server/multi-process.test.ts): the one
 * TEST_DATABASE_URL names, or a throwaway cluster that `stop` removes. `createDatabase` makes an empty database and
 * returns its URL; `stop` drops the databases it made on an external server.
 */
export function throwawayPostgres(): { createDatabase(prefix: string): Promise<string>; stop(): Promise<void> } {
  const external = process.env.TEST_DATABASE_URL || undefined;
  const cluster = external ? null : launchCluster();
  const serverUrl = external ?? cluster!.url;
  const created: string[] = [];
  return {
    async createDatabase(prefix) {
      const name = `${prefix}_${randomBytes(4).toString('hex')}`;
      await admin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
      created.push(name);
      return withDatabase(serverUrl, name);
    },
    async stop() {
      if (cluster) {
        cluster.stop();
        return;
      }
      await admin(serverUrl, async (client) => {
        for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL || undefined;
  const cluster = external ? null : launchCluster();
  const serverUrl = external ?? cluster!.url;
  // Unique per run, so runs sharing an external server never meet; the workers' copies start with the same name.
  const template = `diamond_test_${randomBytes(4).toString('hex')}`;
  const templateUrl = withDatabase(serverUrl, template);
  try {
    await admin(serverUrl, async (client) => {
      const version = Number((await client.query<{ v: string }>('SHOW server_version_num')).rows[0]?.v);
      if (version < MIN_VERSION * 10_000) throw new Error(`The server-pg tests need PostgreSQL ${MIN_VERSION}+.`);
      await client.query(`CREATE DATABASE ${template}`);
    });
    const database = await openDatabase({ DATABASE_URL: templateUrl, DATA_DIR: '' });
    try {
      await database.migrate();
      await seed(database.db, new Date());
      await installJobEngine(database.jobStore);
    } finally {
      // CREATE DATABASE ... TEMPLATE needs the template without connections.
      await database.close();
    }
  } catch (error) {
    cluster?.stop();
    throw error;
  }
  project.provide('testDatabaseUrl', templateUrl);
  project.provide('testDatabaseAdminUrl', serverUrl);

  return async () => {
    if (cluster) {
      cluster.stop();
      return;
    }
    await admin(serverUrl, async (client) => {
      const { rows } = await client.query<{ name: string }>(
        `SELECT datname AS name FROM pg_database WHERE datname LIKE '${template}%'`,
      );
      for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  };
}
