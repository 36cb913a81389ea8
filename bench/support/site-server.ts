/**
 * What the browser benches (bench/lighthouse.ts, bench/language-switch.ts) share: the product started on a free port
 * with a fresh data directory (`npm start`'s server, run from source), and a guardian /payment shows its plans to.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const rootDir = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(origin: string, server: ChildProcess): Promise<void> {
  // The first start may build the site (about a minute on two busy cores).
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer /api/health within 5 minutes');
}

export interface SiteServer {
  origin: string;
  /** Waits for /api/health (the first start may build the site). */
  ready: Promise<void>;
  /** Stops the server and, once it has exited, removes its data directory. */
  stop(): Promise<void>;
}

/** Starts the product on a free port with a data directory of its own, named after `bench`. */
export async function startSiteServer(bench: string): Promise<SiteServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${bench}-data-`));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: origin },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    origin,
    ready: waitForHealth(origin, server),
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const WEBSITE_HEADERS = {
  'X-Requested-With': 'website',
  'Content-Type': 'application/json',
  Accept: 'application/json',
};

/** A JSON call as the site makes it; throws on any answer but 2xx. */
export async function callApi(
  origin: string,
  method: string,
  url: string,
  body: unknown,
  token?: string,
): Promise<unknown> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: token ? { ...WEBSITE_HEADERS, Authorization: `Bearer ${token}` } : WEBSITE_HEADERS,
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
  return response.json();
}

/**
 * A guardian as /payment expects one (as e2e/support/payer.ts makes one): registered, with an athlete, TIGERS-2027
 * as the latest licence and claimed, nothing paid. Returns what register answered (the site stores exactly that) and
 * its token.
 */
export async function newPayer(origin: string, bench: string): Promise<{ user: unknown; token: string }> {
  const stamp = `${Date.now()}${randomBytes(3).toString('hex')}`;
  const user = await callApi(origin, 'POST', '/api/auth/register', {
    email: `${bench}.${stamp}@example.com`,
    phone: '5551234567',
    password: 'Password1!',
    password_confirmation: 'Password1!',
    name: 'Pat Payer',
    do_not_claim: true,
  });
  const token = typeof user === 'object' && user !== null && 'token' in user ? user.token : undefined;
  if (typeof token !== 'string') throw new Error('register answered no token');
  const athlete = {
    name: 'Sam Payer',
    username: `sampayer${stamp}`,
    password: 'Password1!',
    password_confirmation: 'Password1!',
    relationship: 'Mother',
  };
  await callApi(origin, 'POST', '/api/auth/register-athlete', athlete, token);
  await callApi(origin, 'POST', '/api/user/latest-license', { license_code: 'TIGERS-2027' }, token);
  await callApi(origin, 'POST', '/api/subscribe/claim-license', { license_code: 'TIGERS-2027' }, token);
  return { user, token };
}
