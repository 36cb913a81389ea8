/**
 * `npm run bench:api`: starts the real server (`server/main.ts`) on a free loopback port with a fresh temporary
 * DATA_DIR, runs autocannon for a few seconds against a bare health route, licence info and login, prints req/s,
 * p50 and p99 of each and each route's throughput as a ratio of the health route's, then stops the server and
 * removes the data. It prints figures; it asserts nothing (timings live in bench/, not in tests).
 *
 * Login is rate-limited per address and IP (issue 3, point 3); the server is started with RATE_LIMIT_MULTIPLIER=1000,
 * which it honours outside production, so the login figure measures password verification, not 429 answers.
 * Any non-2xx answer is counted and reported next to the figures.
 *
 * Options (environment): BENCH_SECONDS (default 5 per route), BENCH_CONNECTIONS (default 10),
 * BENCH_START_TIMEOUT_SECONDS (default 300: a first start may build the site, migrate and seed).
 * BENCH_SERVER_ENTRY (default server/main.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The part of autocannon 8's API used here (the package ships no type declarations). */
interface AutocannonOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  timeout?: number;
}
interface Percentiles {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Percentiles & { total: number };
  latency: Percentiles;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = positiveInt(process.env.BENCH_SECONDS, 5);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 10);
const START_TIMEOUT_MS = positiveInt(process.env.BENCH_START_TIMEOUT_SECONDS, 300) * 1000;
const STOP_TIMEOUT_MS = 15_000;
const WARMUP_SECONDS = 1;
/** Overridable only to smoke-test the bench itself against another entry. */
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'server/main.ts';

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Asks the OS for a free loopback port (the PORT=0 idea, but known before the server starts). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function startServer(port: number, dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      RATE_LIMIT_MULTIPLIER: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

async function waitUntilHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy within ${START_TIMEOUT_MS / 1000} s`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

interface Route {
  name: string;
  options: Omit<AutocannonOptions, 'url'> & { path: string };
}

const WEBSITE_HEADERS = { 'X-Requested-With': 'website', Accept: 'application/json' };

const ROUTES: Route[] = [
  { name: 'GET /api/health', options: { path: '/api/health', headers: WEBSITE_HEADERS } },
  {
    name: 'GET /api/registration-link/info/TIGERS-2027',
    options: { path: '/api/registration-link/info/TIGERS-2027', headers: WEBSITE_HEADERS },
  },
  {
    name: 'POST /api/auth/login',
    options: {
      path: '/api/auth/login',
      method: 'POST',
      headers: { ...WEBSITE_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'parent@example.com', password: 'Password1!' }),
    },
  },
];

interface Figures {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  statuses: string;
}

async function measure(base: string, route: Route): Promise<Figures> {
  const { path, ...options } = route.options;
  const run = (duration: number) =>
    autocannon({ ...options, url: `${base}${path}`, connections: CONNECTIONS, duration, timeout: 10 });
  // A short unrecorded run first, so JIT warm-up does not favour whichever route happens to run later.
  await run(WARMUP_SECONDS);
  const result = await run(SECONDS);
  return {
    name: route.name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
  };
}

function printTable(rows: Figures[]): void {
  const health = rows[0]?.reqPerSec ?? 0;
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'vs health', 'requests', 'statuses'];
  const lines = rows.map((row) => [
    row.name,
    row.reqPerSec.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    health > 0 ? `${(row.reqPerSec / health).toFixed(3)}×` : 'n/a',
    String(row.total),
    row.statuses || '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  for (const row of rows) {
    if (row.non2xx > 0 || row.errors > 0) {
      console.log(
        `warning: ${row.name}: ${row.non2xx} non-2xx answers, ${row.errors} errors/timeouts — the figures above include them` +
          (row.name.includes('login') ? ' (is RATE_LIMIT_MULTIPLIER=1000 enough for this run?)' : ''),
      );
    }
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  console.log(`starting ${SERVER_ENTRY} on ${base} (DATA_DIR ${dataDir}) ...`);
  const child = startServer(port, dataDir);
  const onSignal = () => {
    child.kill('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  try {
    await waitUntilHealthy(base, child);
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per route, loopback\n`,
    );
    const rows: Figures[] = [];
    for (const route of ROUTES) rows.push(await measure(base, route));
    printTable(rows);
  } finally {
    process.off('SIGINT', onSignal);
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
