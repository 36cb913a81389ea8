import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { type SeededKind, seededDataDir } from './seeded-data';

/**
 * A product server apart from the shared one (its own free port and data directory, seeded with the same fixtures),
 * for journeys that change a fixture account (e.g. claim for parent@example.com's athlete) or what other files read,
 * without spoiling it for the other journeys of the run. It runs the server bundle and serves the dist/ the main web
 * server already built, on a copy of the run's seeded template (seeded-data.ts).
 *
 * A new server process costs ~8 s of CPU (PGlite's start, the bundle, the job engine) and a run needed seventeen; so
 * each worker starts one per kind of fixtures, under the server's TEST_RESET switch, and puts it back to the fixtures
 * (`POST /api/test/reset`, ~30 ms: server/db/fixture-copy.ts) each time a file or journey acquires it. One holder at a
 * time: whoever asks while it is held (a journey with two servers) gets a server started for it alone, stopped when
 * released. The worker's servers stop when the worker ends (the `isolatedServers` worker fixture, fixtures.ts).
 */
export interface IsolatedServer {
  baseURL: string;
  /** Gives the server back to the worker (a server started for this holder alone stops). */
  release: () => Promise<void>;
}

export interface IsolatedServerOptions {
  /**
   * The club console's roster fixtures too (docs/fixtures.md "Staff": one 14U Storm family per roster status), from
   * the run's roster template (server/db/seed-roster-cli.ts, seeded-data.ts).
   */
  seedRoster?: boolean;
  /**
   * A file whose journeys share the server one after the other (own-server.ts) names itself: the server is put back
   * to the fixtures only when another file held it since. Without it, every acquisition starts from the fixtures.
   */
  sharedBy?: string;
}

interface RunningServer {
  baseURL: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The servers a worker process has running, killed if it exits without its fixtures' teardown. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function startServer(kind: SeededKind): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = seededDataDir(kind, 'diamond-e2e-isolated-');
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      RATE_LIMIT_MULTIPLIER: '50',
      // No scheduled billing run a few seconds after the start, in the middle of whichever journey holds the server:
      // the journeys run the billing day themselves (POST /api/staff/billing/run).
      BILLING_INTERVAL: '0',
      TEST_RESET: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    running.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Bounded wait for the health route: the server copies its rows aside before it listens.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return { baseURL, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the isolated server on port ${port} did not start`);
}

async function putBack(server: RunningServer): Promise<void> {
  const response = await fetch(`${server.baseURL}/api/test/reset`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`the isolated server's reset answered ${response.status}`);
}

interface Pooled {
  server: RunningServer;
  busy: boolean;
  /** The file that held it last when it named itself (`sharedBy`), else null. */
  lastSharedBy: string | null;
}

/** The worker's server of each kind, started at its first acquisition. */
const pool = new Map<SeededKind, Promise<Pooled>>();

export async function acquireIsolatedServer(options: IsolatedServerOptions = {}): Promise<IsolatedServer> {
  const kind: SeededKind = options.seedRoster ? 'roster' : 'fixtures';
  let entry = pool.get(kind);
  if (!entry) {
    entry = startServer(kind).then((server) => ({ server, busy: false, lastSharedBy: null }));
    pool.set(kind, entry);
    // A start that failed is tried again by the next acquisition.
    entry.catch(() => pool.delete(kind));
  }
  const pooled = await entry;
  if (pooled.busy) {
    const own = await startServer(kind);
    return { baseURL: own.baseURL, release: own.stop };
  }
  pooled.busy = true;
  try {
    const sharedBy = options.sharedBy ?? null;
    if (sharedBy === null || pooled.lastSharedBy !== sharedBy) await putBack(pooled.server);
    pooled.lastSharedBy = sharedBy;
  } catch (error) {
    pooled.busy = false;
    throw error;
  }
  return {
    baseURL: pooled.server.baseURL,
    release: async () => {
      pooled.busy = false;
    },
  };
}

/** Stops the worker's servers (the `isolatedServers` worker fixture's teardown). */
export async function stopIsolatedServers(): Promise<void> {
  const entries = [...pool.values()];
  pool.clear();
  await Promise.all(
    entries.map(async (entry) => {
      const pooled = await entry.catch(() => null);
      await pooled?.server.stop();
    }),
  );
}
