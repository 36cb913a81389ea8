import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FIXTURE_PASSWORD } from './db/seed.ts';
import { untilListening } from './test/until-listening.ts';

/**
 * The product as it is started (`npm start`: the compiled server, dist-server/main.js, with plain node; and
 * `node --import tsx server/main.ts` as the browser tests and the API bench start it), stopped the ways a terminal, a
 * process manager or a container runtime stops it. One data directory goes through the four runs in order, so each
 * run also checks that the previous one's writes are still there.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
/** The issue's bound (and `docker stop`'s default): a signalled server is gone within 10 s. */
const EXIT_BOUND_MS = 10_000;
/** Generous: a fresh data directory is migrated and seeded first, on a loaded machine. */
const START_BOUND_MS = 120_000;
const RUN_TIMEOUT_MS = 180_000;
const CONCURRENT_LOGINS = 50;
const LOCAL_KEY = 'local-key';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diamond-shutdown-'));
const started: Run[] = [];

afterAll(() => {
  // A failed run may have left its processes behind.
  for (const run of started) if (liveProcesses(run.child.pid ?? 0).length > 0) killGroup(run.child.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  base: string;
  port: number;
  /** The process that serves (npm's child under `npm start`). */
  serverPid: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

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

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function killGroup(pgid: number | undefined, signal: NodeJS.Signals): void {
  try {
    if (pgid) process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** The processes of a group that still run (an exited child its parent has not reaped yet does not count). */
function liveProcesses(pgid: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,stat=,args=', '-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\s*\d+\s+Z/.test(line));
  } catch {
    return []; // ps exits 1 when nothing matched
  }
}

async function start(how: 'npm start' | 'node', logLevel = 'warn'): Promise<Run> {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    SERVE_SITE: 'false',
    LOG_LEVEL: logLevel,
    // 50 logins for one address from one client address.
    RATE_LIMIT_MULTIPLIER: '100',
    // The local providers whatever the caller's environment holds: PGlite in DATA_DIR, the local realtime socket.
    DATABASE_URL: '',
    SMTP_URL: '',
    PUSHER_APP_ID: '',
    PUSHER_KEY: '',
    PUSHER_SECRET: '',
    PUSHER_LOCAL_KEY: LOCAL_KEY,
  };
  const [command, args] =
    how === 'npm start' ? ['npm', ['start']] : [process.execPath, ['--import', 'tsx', 'server/main.ts']];
  // Its own process group, as a terminal or a process manager starts it, so the group can be signalled.
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const run: Run = { child, base: `http://127.0.0.1:${port}`, port, serverPid: 0, exited, output: () => output };
  started.push(run);

  await untilListening(run.base, child, () => output, { boundMs: START_BOUND_MS, pollMs: 200 });
  run.serverPid = how === 'npm start' ? serverUnderNpm(child.pid ?? 0) : (child.pid ?? 0);
  return run;
}

/**
 * npm passes SIGTERM to its one child, so that child must be the server itself: a shell between them (dash does not
 * exec the last command of `sh -c`) dies of the signal and leaves the server behind, and the tsx CLI relays the
 * signal, then kills the server 60 ms later.
 */
function serverUnderNpm(npmPid: number): number {
  const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(npmPid)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  expect(children).toHaveLength(1);
  const [pid, command = '', ...args] = (children[0] ?? '').trim().split(/\s+/);
  expect(path.basename(command)).toBe('node');
  expect(args.join(' ')).not.toMatch(/\btsx\b/);
  expect(args.at(-1)).toBe('dist-server/main.js');
  return Number(pid);
}

/** Signals the run (`send`) and expects exit code 0 within the bound, with no process of the run left. */
async function expectCleanExit(run: Run, send: () => void) {
  send();
  const exit = await Promise.race([run.exited, delay(EXIT_BOUND_MS).then(() => 'still running' as const)]);
  expect(exit, run.output()).toEqual({ code: 0, signal: null });
  await expectNothingLeft(run);
}

async function expectNothingLeft(run: Run) {
  const pgid = run.child.pid ?? 0;
  // The group's last processes (tsx's esbuild service) follow their parent within moments.
  for (let i = 0; i < 50 && liveProcesses(pgid).length > 0; i++) await delay(100);
  expect(liveProcesses(pgid)).toEqual([]);
}

/** POSTs a JSON body; resolves with the answer's status once its body has arrived. */
function post(
  base: string,
  route: string,
  body: unknown,
  agent?: http.Agent,
  onSent: () => void = () => undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${route}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', (error) => reject(new Error(`POST ${route}: ${error.message}`)));
    // 'finish': the whole request has been handed to the operating system, so it is on its way to the server.
    request.once('finish', onSent);
    request.end(JSON.stringify(body));
  });
}

const login = (base: string, email: string, agent?: http.Agent, onSent?: () => void) =>
  post(base, '/api/auth/login', { email, password: FIXTURE_PASSWORD }, agent, onSent);

const register = (base: string, email: string) =>
  post(base, '/api/auth/register', {
    name: 'Shutdown Tester',
    email,
    phone: '5551234567',
    password: FIXTURE_PASSWORD,
    password_confirmation: FIXTURE_PASSWORD,
  });

/** Resolves once a new connection is refused: the server has stopped accepting. */
async function refusedConnection(port: number): Promise<void> {
  const deadline = Date.now() + EXIT_BOUND_MS;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return;
    await delay(50);
  }
  throw new Error('the server still accepted connections');
}

/** A login whose headers are sent and whose body is not: a request received, still in progress. */
async function startSlowLogin(port: number) {
  const body = JSON.stringify({ email: 'parent@example.com', password: FIXTURE_PASSWORD });
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const ended = once(socket, 'end').then(
    () => null,
    (error: Error) => error,
  );
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    /** Sends the rest of the body; resolves with the raw answer once the server has closed the connection. */
    finish: async () => {
      socket.write(body.slice(10));
      const error = await ended;
      socket.destroy();
      if (error) throw new Error(`the login in progress: ${error.message}`);
      return answer;
    },
  };
}

async function openRealtimeSocket(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${LOCAL_KEY}?protocol=7`);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const [frame] = (await once(socket, 'message')) as [Buffer];
  expect(JSON.parse(frame.toString()).event).toBe('pusher:connection_established');
  return { closed };
}

describe('graceful shutdown of the server process', () => {
  it(
    'npm start, SIGTERM to the process group: every request already received is answered, then it exits 0',
    async () => {
      const run = await start('npm start');
      expect(await register(run.base, 'kept-after-sigterm@example.com')).toBe(200);
      const realtime = await openRealtimeSocket(run.port);
      const slowLogin = await startSlowLogin(run.port);

      const keepAlive = new http.Agent({ keepAlive: true, maxSockets: CONCURRENT_LOGINS });
      const sent: Promise<void>[] = [];
      const logins = Array.from({ length: CONCURRENT_LOGINS }, () => {
        let markSent: () => void = () => undefined;
        sent.push(
          new Promise<void>((resolve) => {
            markSent = resolve;
          }),
        );
        return login(run.base, 'parent@example.com', keepAlive, () => markSent()).catch(
          (error: Error) => error.message,
        );
      });
      // Every request sent (on a loaded machine this client can be slower than the server), and each login hashes a
      // password: when the first is answered, the others are still in the server's hands.
      await Promise.all(sent);
      await Promise.race(logins);
      const pgid = run.child.pid ?? 0;
      const exit = expectCleanExit(run, () => killGroup(pgid, 'SIGTERM'));
      exit.catch(() => undefined); // awaited below, after the answers it must not wait for

      await refusedConnection(run.port);
      // Received before the signal, finished after it: answered, with the connection closed after the answer.
      const slowAnswer = await slowLogin.finish();
      expect(slowAnswer).toMatch(/^HTTP\/1\.1 200 /);
      expect(slowAnswer).toMatch(/\r\nconnection: close\r\n/i);
      // On a failure, the server's warnings (a grace period that ran out) come with the answers.
      expect(await Promise.all(logins), run.output()).toEqual(Array(CONCURRENT_LOGINS).fill(200));
      expect(await realtime.closed).toBe(1001);
      await exit;
      keepAlive.destroy();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "npm start, SIGTERM to npm alone: npm passes it to the server and both exit 0; the last run's data is there",
    async () => {
      const run = await start('npm start');
      expect(await login(run.base, 'kept-after-sigterm@example.com')).toBe(200);
      expect(await register(run.base, 'kept-after-npm-sigterm@example.com')).toBe(200);
      await expectCleanExit(run, () => run.child.kill('SIGTERM'));
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'node --import tsx server/main.ts, killed with SIGKILL: what it had answered is still there after a restart',
    async () => {
      const run = await start('node');
      expect(await login(run.base, 'kept-after-npm-sigterm@example.com')).toBe(200);
      expect(await register(run.base, 'kept-after-sigkill@example.com')).toBe(200);
      killGroup(run.child.pid, 'SIGKILL');
      expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
      await expectNothingLeft(run);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'npm start, SIGTERM to the server alone after the reader of its log went away: both exit 0; the killed run kept its data',
    async () => {
      // Logging at info, so that the shutdown writes to the broken pipe (`npm start | pino-pretty`, then Ctrl-C).
      const run = await start('npm start', 'info');
      expect(await login(run.base, 'kept-after-sigkill@example.com')).toBe(200);
      expect(await login(run.base, 'kept-after-sigterm@example.com')).toBe(200);
      run.child.stdout?.destroy();
      await expectCleanExit(run, () => process.kill(run.serverPid, 'SIGTERM'));
    },
    RUN_TIMEOUT_MS,
  );
});
