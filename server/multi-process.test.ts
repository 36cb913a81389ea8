import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Database, openDatabase } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { FIXTURE_PASSWORD, migrateAndSeedIfEmpty } from './db/seed.ts';
import type { ProviderLog } from './providers/provider-deps.ts';
import { createLocalRealtime, type LocalRealtime } from './realtime/local-realtime.ts';
import { createPostgresFanout, LISTENER_APPLICATION_NAME } from './realtime/postgres-fanout.ts';
import { throwawayPostgres } from './test/postgres-global-setup.ts';
import { untilListening } from './test/until-listening.ts';

/**
 * Two replicas of the product on one PostgreSQL, as a deployment runs them: two `node --import tsx server/main.ts`
 * processes started at the same moment on one empty database. They must both start (the migrations and the first seed
 * run under an advisory lock), share what lives in the database (sessions, rate-limit counters, licence seats), and
 * the local realtime socket of each must send the events triggered through the other (LISTEN/NOTIFY).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const START_BOUND_MS = 60_000;
const LOCAL_KEY = 'local-key';
const STAFF_TOKEN = 'staff-multi-process-token';
/** The login rule per e-mail and client address (server/services/rate-limit.ts), with RATE_LIMIT_MULTIPLIER=1. */
const LOGIN_GUESSES = 10;
/** COACH-2027 has 3 seats left in the fixtures (docs/fixtures.md). */
const COACH_SEATS = 3;

const silentLog: ProviderLog = { info() {}, warn() {}, error() {} };
const postgres = throwawayPostgres();
const dataDirs: string[] = [];
const processes: ChildProcess[] = [];

afterAll(async () => {
  for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await postgres.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  base: string;
  port: number;
  child: ChildProcess;
  output: () => string;
}

/** Spawns one server process; `listening` resolves once it answers /api/health. */
function spawnServer(databaseUrl: string, port: number): { server: Server; listening: Promise<void> } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diamond-replica-'));
  dataDirs.push(dataDir);
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SERVE_SITE: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: '1',
    BILLING_INTERVAL: '0',
    STAFF_TOKEN,
    SMTP_URL: '',
    PUSHER_APP_ID: '',
    PUSHER_KEY: '',
    PUSHER_SECRET: '',
    PUSHER_LOCAL_KEY: LOCAL_KEY,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const server: Server = { base: `http://127.0.0.1:${port}`, port, child, output: () => output };
  const listening = untilListening(server.base, child, () => output, { boundMs: START_BOUND_MS, pollMs: 100 });
  return { server, listening };
}

async function call(
  server: Server,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.base}${route}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? null : JSON.parse(text) };
}

function tokenOf(answer: { status: number; json: unknown }): string {
  expect(answer.status).toBe(200);
  expect(answer.json).toMatchObject({ token: expect.any(String) });
  const { token } = answer.json as { token: string };
  return token;
}

interface Frame {
  event: string;
  channel?: string;
  data: string;
}

/** A Pusher-protocol-7 client of one server's local socket, subscribed to one channel. */
async function subscribe(port: number, channel: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${LOCAL_KEY}?protocol=7`);
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    for (const wake of waiters.splice(0)) wake();
  });
  /** The `nth` frame of this event (the first by default), once it has arrived. */
  const next = async (event: string, nth = 1, timeoutMs = 5_000): Promise<Frame> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.filter((frame) => frame.event === event)[nth - 1];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${event} within ${timeoutMs} ms: ${JSON.stringify(frames)}`);
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), delay(100)]);
    }
  };
  await next('pusher:connection_established');
  socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
  await next('pusher_internal:subscription_succeeded');
  return {
    next,
    count: (event: string) => frames.filter((frame) => frame.event === event).length,
    close: () => socket.close(),
  };
}

describe('two server processes started at once on one empty PostgreSQL database', () => {
  let a: Server;
  let b: Server;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await postgres.createDatabase('diamond_replicas');
    const [portA, portB] = await Promise.all([freePort(), freePort()]);
    const first = spawnServer(databaseUrl, portA);
    const second = spawnServer(databaseUrl, portB);
    a = first.server;
    b = second.server;
    await Promise.all([first.listening, second.listening]);
  }, START_BOUND_MS + 10_000);

  it('both start and answer, with the fixtures seeded once', async () => {
    for (const server of [a, b]) {
      expect(server.output()).not.toMatch(/could not start/);
      expect((await call(server, 'GET', '/api/health')).status).toBe(200);
      expect(await call(server, 'GET', '/api/registration-link/license/coach/code/COACH-2027')).toMatchObject({
        status: 200,
        json: { available_licenses: COACH_SEATS },
      });
    }
  });

  it('share sessions: a token from one process is valid on the other, and a logout on one ends it on both', async () => {
    const token = tokenOf(
      await call(a, 'POST', '/api/auth/login', { email: 'parent@example.com', password: FIXTURE_PASSWORD }),
    );
    expect(await call(b, 'GET', '/api/user', undefined, token)).toMatchObject({
      status: 200,
      json: { email: 'parent@example.com' },
    });
    expect((await call(b, 'POST', '/api/auth/logout', { email: 'parent@example.com', token }, token)).status).toBe(200);
    expect((await call(a, 'GET', '/api/user', undefined, token)).status).toBe(401);
  });

  it('share the login limit: guesses split across both are counted together', async () => {
    const guess = (server: Server) =>
      call(server, 'POST', '/api/auth/login', { email: 'guessed@example.com', password: 'not-the-password' });
    for (let i = 0; i < LOGIN_GUESSES; i++) expect((await guess(i % 2 === 0 ? a : b)).status).toBe(422);
    // Each process has seen only half the guesses: only a shared counter refuses the next one on both.
    expect((await guess(a)).status).toBe(429);
    expect((await guess(b)).status).toBe(429);
  });

  it('never oversell a licence when its claims are split across both', async () => {
    const claimants = 2 * COACH_SEATS;
    const tokens = await Promise.all(
      Array.from({ length: claimants }, (_, i) =>
        call(i % 2 === 0 ? a : b, 'POST', '/api/auth/register', {
          name: `Replica Coach ${i}`,
          email: `replica-coach-${i}@example.com`,
          phone: '5551234567',
          password: FIXTURE_PASSWORD,
          password_confirmation: FIXTURE_PASSWORD,
          do_not_claim: true,
        }).then(tokenOf),
      ),
    );
    const answers = await Promise.all(
      tokens.map((token, i) =>
        call(i % 2 === 0 ? a : b, 'POST', '/api/subscribe/claim-license', { license_code: 'COACH-2027' }, token),
      ),
    );
    const statuses = answers.map((answer) => {
      expect(answer.status).toBe(200);
      return (answer.json as { status: string }).status;
    });
    expect(statuses.filter((status) => status === 'OK')).toHaveLength(COACH_SEATS);
    expect(statuses.filter((status) => status === 'UNAVAILABLE')).toHaveLength(claimants - COACH_SEATS);
    for (const server of [a, b]) {
      expect(await call(server, 'GET', '/api/registration-link/license/coach/code/COACH-2027')).toMatchObject({
        json: { available_licenses: 0, available: false },
      });
    }
  });

  it("send a draft update saved through one to a preview's socket on the other, once on each", async () => {
    const onA = await subscribe(a.port, 'team.draft.1');
    const onB = await subscribe(b.port, 'team.draft.1');
    try {
      for (const [saveOn, round] of [
        [a, 1],
        [b, 2],
      ] as const) {
        const saved = await call(saveOn, 'PUT', '/api/staff/drafts/1', { season_id: 1 }, STAFF_TOKEN);
        expect(saved.status).toBe(200);
        const [fromA, fromB] = await Promise.all([onA.next('updated', round), onB.next('updated', round)]);
        for (const frame of [fromA, fromB]) {
          expect(frame).toEqual({ event: 'updated', channel: 'team.draft.1', data: JSON.stringify({ draft_id: 1 }) });
        }
        // Room for a second copy to arrive, were one sent.
        await delay(300);
        expect([onA.count('updated'), onB.count('updated')]).toEqual([round, round]);
      }
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('send a registration reminder once when both run the collector at the same moment (issue 21)', async () => {
    const token = tokenOf(
      await call(a, 'POST', '/api/auth/login', { email: 'coparent@example.com', password: FIXTURE_PASSWORD }),
    );
    const progress = {
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: 'payment@1',
      step: 'payment-2',
      athlete_id: null,
      snapshot: { context: { plan: 3 } },
    };
    expect((await call(a, 'PUT', '/api/registrations/progress', progress, token)).status).toBe(200);
    // As of tomorrow: the registration saved now is 24 hours old (docs/api.md "Resume and reminders").
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const runs = await Promise.all(
      [a, b, a, b].map((server) => call(server, 'POST', '/api/staff/billing/run', { as_of: tomorrow }, STAFF_TOKEN)),
    );
    for (const run of runs) expect(run.status).toBe(200);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const sent = await client.query(
        'select "to", subject from mail_outbox where subject like \'Finish registering%\'',
      );
      expect(sent.rows).toEqual([
        { to: 'coparent@example.com', subject: 'Finish registering your athlete for 12U Tigers' },
      ]);
    } finally {
      await client.end();
    }
  });

  it('both stop on SIGTERM with exit 0, their listening connections closed', async () => {
    const exits = [a, b].map(
      (server) =>
        new Promise<{ code: number | null; output: string }>((resolve) =>
          server.child.once('exit', (code) => resolve({ code, output: server.output() })),
        ),
    );
    for (const server of [a, b]) server.child.kill('SIGTERM');
    for (const exit of await Promise.all(exits)) expect(exit.code, exit.output).toBe(0);
  });
});

describe('the start-up lock and the realtime fan-out, in one process on the same PostgreSQL', () => {
  let databaseUrl: string;
  const opened: Database[] = [];
  const realtimes: LocalRealtime[] = [];

  beforeAll(async () => {
    databaseUrl = await postgres.createDatabase('diamond_fanout');
  });

  afterAll(async () => {
    for (const realtime of realtimes) await realtime.close();
    for (const database of opened) await database.close();
  });

  async function open(): Promise<Database> {
    const database = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '' });
    opened.push(database);
    return database;
  }

  it('migrates and seeds an empty database once when two start-ups run at the same moment', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    const now = new Date();
    const seeded = await Promise.all([migrateAndSeedIfEmpty(first, now), migrateAndSeedIfEmpty(second, now)]);
    expect([...seeded].sort()).toEqual([false, true]);
    const [row] = await first.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} = 'parent@example.com'`);
    expect(row?.n).toBe(1);
  });

  it('releases the start-up lock when the work fails, and makes the other start-up wait while it is held', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    await expect(
      first.whileStartupLocked(async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    const order: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const firstHolds = first.whileStartupLocked(async () => {
      order.push('first in');
      await new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      order.push('first out');
    });
    while (order.length === 0) await delay(10);
    const secondWaits = second.whileStartupLocked(async () => {
      order.push('second in');
    });
    await delay(300);
    expect(order).toEqual(['first in']);
    releaseFirst();
    await Promise.all([firstHolds, secondWaits]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });

  it('sends an event of 10 KB to the other realtime, once, and keeps sending after its connection is lost', async () => {
    const database = opened[0] ?? (await open());
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const realtime = createLocalRealtime({ key: LOCAL_KEY, log: silentLog });
        realtimes.push(realtime);
        await realtime.fanOutThrough(createPostgresFanout({ url: databaseUrl, db: database.db, log: silentLog }));
        const http = createServer();
        realtime.attach(http);
        http.listen(0, '127.0.0.1');
        await once(http, 'listening');
        return { realtime, http, port: (http.address() as AddressInfo).port };
      }),
    );
    const [one, other] = servers;
    if (!one || !other) throw new Error('two realtimes expected');
    try {
      const onOne = await subscribe(one.port, 'team.draft.7');
      const onOther = await subscribe(other.port, 'team.draft.7');
      // Multi-byte characters across the parts' boundaries, just under Pusher's 10 KB.
      const data = { text: 'é€'.repeat(1_000).padEnd(5_000, 'x') };
      expect(Buffer.byteLength(JSON.stringify(data))).toBeGreaterThan(8_000);
      await one.realtime.trigger('team.draft.7', 'updated', data);
      const received = await onOther.next('updated');
      expect(JSON.parse(received.data)).toEqual(data);
      await delay(300);
      expect([onOne.count('updated'), onOther.count('updated')]).toEqual([1, 1]);

      // The listening connections are cut (a database restart, a proxy's idle timeout): they reconnect.
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const { rows } = await admin.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [LISTENER_APPLICATION_NAME],
      );
      expect(rows).toEqual([{ ended: true }, { ended: true }]);
      let listening = 0;
      for (let i = 0; i < 100 && listening < 2; i++) {
        await delay(100);
        // Listening again: the connection's last statement is its LISTEN, and it has finished.
        const answer = await admin.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND state = 'idle' AND query LIKE 'LISTEN %'",
          [LISTENER_APPLICATION_NAME],
        );
        listening = answer.rows[0]?.n ?? 0;
      }
      await admin.end();
      expect(listening).toBe(2);
      await other.realtime.trigger('team.draft.7', 'updated', { draft_id: 7 });
      await delay(300);
      expect([onOne.count('updated'), onOther.count('updated')]).toEqual([2, 2]);
      onOne.close();
      onOther.close();
    } finally {
      for (const { http } of servers) http.close();
    }
  });
});
