/**
 * `npm run bench:admin` (issue 22 points 3 and 5): the club console's volume figures, on the real server over HTTP.
 * It seeds a fresh PGlite data directory (or, with DATABASE_URL, a throwaway database created on that server and
 * dropped afterwards) with the demo fixtures plus 2,000 memberships on 12U Tigers and 10,000 on 14U Storm
 * (server/test/admin-money-fixtures.ts), starts `server/main.ts` on it (the API alone), logs in as the registrar and
 * prints:
 *   - the roster page (GET /api/admin/teams/{id}/memberships) of the 2,000-membership team: first page, sorted by
 *     paid, a status filter, a search and the last page, each run BENCH_REPEAT times (median and worst, ms to the
 *     whole answer);
 *   - the CSV exports of the 10,000-membership team (roster and payments): time to the first byte and to the last,
 *     size, rows, and the server's resident memory before and at its peak while streaming (Linux /proc), which shows
 *     the rows are not all held at once.
 * It asserts nothing (timings live in bench/, never in tests); on a shared machine compare runs, with the load shown.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { teams } from '../server/db/schema/index.ts';
import { migrateAndSeedIfEmpty } from '../server/db/seed.ts';
import { addManyMemberships, tigersTeam } from '../server/test/admin-money-fixtures.ts';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPEAT = Math.max(1, Number.parseInt(process.env.BENCH_REPEAT ?? '10', 10) || 10);
const REGISTRAR = { email: 'registrar@northside.example', password: 'Password1!' };
const ROSTER_SIZE = 2_000;
const EXPORT_SIZE = 10_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The demo fixtures and the console's volume, written before the server starts (PGlite has one writer). */
async function seedVolume(database: { DATABASE_URL?: string; DATA_DIR: string }) {
  const opened = await openDatabase(database);
  try {
    await migrateAndSeedIfEmpty(opened, new Date());
    const { team: tigers } = await tigersTeam(opened.db);
    const [storm] = await opened.db.select().from(teams).where(eq(teams.name, '14U Storm'));
    if (!storm) throw new Error('the fixtures have no 14U Storm');
    await addManyMemberships(opened.db, tigers.id, tigers.seasonId, ROSTER_SIZE, 'Roster');
    await addManyMemberships(opened.db, storm.id, storm.seasonId, EXPORT_SIZE, 'Export');
    return { rosterTeam: tigers.id, exportTeam: storm.id };
  } finally {
    await opened.close();
  }
}

function startServer(port: number, database: Record<string, string>): ChildProcess {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      PORT: String(port),
      SERVE_SITE: 'false',
      LOG_LEVEL: 'warn',
      ...database,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitUntilHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Resident memory of a process in MB (Linux), or null. */
function residentMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function logIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(REGISTRAR),
  });
  const body: unknown = await res.json();
  const token = typeof body === 'object' && body !== null && 'token' in body ? body.token : null;
  if (!res.ok || typeof token !== 'string') throw new Error(`staff login answered ${res.status}`);
  return token;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timeRoster(base: string, token: string, teamId: number, query: string): Promise<string> {
  const timings: number[] = [];
  let total = 0;
  for (let i = 0; i < REPEAT; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/teams/${teamId}/memberships${query}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    const body: unknown = await res.json();
    timings.push(performance.now() - started);
    if (!res.ok) throw new Error(`roster ${query} answered ${res.status}`);
    total =
      typeof body === 'object' && body !== null && 'total' in body && typeof body.total === 'number' ? body.total : 0;
  }
  return `${`roster ${query || '(first page)'}`.padEnd(44)} ${median(timings).toFixed(1).padStart(7)} ms median ${Math.max(
    ...timings,
  )
    .toFixed(1)
    .padStart(7)} ms worst  (total ${total})`;
}

async function timeExport(base: string, token: string, child: ChildProcess, path: string): Promise<string> {
  const before = residentMb(child.pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(child.pid) ?? 0);
  }, 10);
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`${path} answered ${res.status}`);
  let firstByte = 0;
  let bytes = 0;
  let rows = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (firstByte === 0) firstByte = performance.now() - started;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) rows += 1;
  }
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const memory = before === null ? 'memory n/a' : `server RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB`;
  return `${path.replace(/\/api\/admin\/teams\/\d+\//, 'export ').padEnd(44)} first byte ${firstByte.toFixed(0)} ms, all ${elapsed.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB, ${rows} lines; ${memory}`;
}

async function run(label: string, database: { DATABASE_URL?: string; DATA_DIR: string }) {
  const seeding = performance.now();
  const { rosterTeam, exportTeam } = await seedVolume(database);
  console.log(
    `\n${label}: seeded ${ROSTER_SIZE} + ${EXPORT_SIZE} memberships in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const child = startServer(
    port,
    database.DATABASE_URL ? { DATABASE_URL: database.DATABASE_URL } : { DATA_DIR: database.DATA_DIR },
  );
  try {
    await waitUntilHealthy(base, child);
    const token = await logIn(base);
    console.log(
      `  load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; ${REPEAT} runs per roster query`,
    );
    for (const query of ['', '?sort=paid&dir=desc', '?status=failed', '?q=athlete%201999', '?sort=athlete&page=41']) {
      console.log(`  ${await timeRoster(base, token, rosterTeam, query)}`);
    }
    for (const file of ['memberships.csv', 'payments.csv']) {
      console.log(`  ${await timeExport(base, token, child, `/api/admin/teams/${exportTeam}/${file}`)}`);
    }
  } finally {
    await stopServer(child);
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-admin-'));
try {
  await run('PGlite', { DATA_DIR: dataDir });
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `bench_admin_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const target = new URL(url);
      target.pathname = `/${name}`;
      await run('PostgreSQL', { DATABASE_URL: target.toString(), DATA_DIR: dataDir });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
