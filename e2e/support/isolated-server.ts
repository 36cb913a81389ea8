import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A second product server on its own free port and fresh data directory, seeded with the same fixtures, for a
 * journey that must change a fixture account (e.g. claim for parent@example.com's athlete) without spoiling that
 * account for the other journeys of the shared run. It serves the dist/ the main web server already built.
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
   * Adds the console's roster fixtures (docs/fixtures.md "Staff": the five 14U Storm families) before the server
   * starts: server/db/seed-roster-cli.ts runs first on the fresh data directory (it migrates and seeds it, then adds
   * them), so the server finds a seeded database.
   */
  seedRoster?: boolean;
}

/** Runs a one-off script of the server on the data directory; rejects when it fails. */
function runScript(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

export async function startIsolatedServer(options: IsolatedServerOptions = {}): Promise<IsolatedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'diamond-e2e-isolated-'));
  const baseURL = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseURL,
    RATE_LIMIT_MULTIPLIER: '50',
  };
  if (options.seedRoster) {
    try {
      await runScript('server/db/seed-roster-cli.ts', env);
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
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
