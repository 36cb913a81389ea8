import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { seededDataDir } from './seeded-data';

/**
 * A second product server on its own free port and fresh data directory, seeded with the same fixtures, for a
 * journey that must change a fixture account (e.g. claim for parent@example.com's athlete) without spoiling that
 * account for the other journeys of the shared run. It runs the server bundle and serves the dist/ the main web server
 * already built, on a copy of the run's seeded template (seeded-data.ts).
 */
export interface IsolatedServer {
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

export interface IsolatedServerOptions {
  /**
   * The club console's roster fixtures too (docs/fixtures.md "Staff": one 14U Storm family per roster status), from
   * the run's roster template (server/db/seed-roster-cli.ts, seeded-data.ts).
   */
  seedRoster?: boolean;
}

export async function startIsolatedServer(options: IsolatedServerOptions = {}): Promise<IsolatedServer> {
  const port = await freePort();
  const dataDir = seededDataDir(options.seedRoster ? 'roster' : 'fixtures', 'diamond-e2e-isolated-');
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      RATE_LIMIT_MULTIPLIER: '50',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Bounded wait for the health route: migrations and the seed run first.
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
