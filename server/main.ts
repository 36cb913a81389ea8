import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from './app.ts';
import { createAppJobEngine } from './billing/jobs.ts';
import { openDatabase } from './db/client.ts';
import { resettable } from './db/fixture-copy.ts';
import { migrateAndSeedIfEmpty } from './db/seed.ts';
import { loadEnv } from './env.ts';
import { answerClientErrors } from './http/client-errors.ts';
import { createProcessLogger } from './log.ts';
import { createMailer } from './mail/mailer.ts';
import { createProviders } from './providers/index.ts';
import { LocalRealtime } from './realtime/local-realtime.ts';
import { createPostgresFanout } from './realtime/postgres-fanout.ts';
import { ensureSiteBuilt } from './site-build.ts';

/** How long the requests already received get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 8_000;
/** The process exits by then whatever still hangs (the database, the mailer): inside the 10 s of `docker stop`. */
const SHUTDOWN_DEADLINE_MS = 9_500;
/** A connection without a request in progress gets this long for one already on its way; then it is closed. */
const REQUEST_WAIT_MS = 1_000;
/** Connections keep arriving (a load balancer that has not noticed yet): the listener closes after this anyway. */
const BACKLOG_DRAIN_MAX_MS = 1_000;

const rootDir = path.resolve(import.meta.dirname, '..');
const env = loadEnv();
// Human-readable at a terminal in development, JSON otherwise (server/log.ts).
const log = createProcessLogger(env);

async function start(): Promise<void> {
  // `npm run dev` serves the site from Vite and runs this process for the API only (scripts/dev.ts).
  const siteDir = process.env.SERVE_SITE === 'false' ? null : ensureSiteBuilt(rootDir, log);
  const database = await openDatabase(env);
  // Under the start-up lock: replicas started at the same moment on one empty database take turns.
  if (await migrateAndSeedIfEmpty(database, new Date()))
    log.info('empty database seeded with the demo fixtures (docs/fixtures.md)');
  const mailer = createMailer(env, database.db, log);
  const providers = await createProviders(env, database.db, log);
  // Several processes on one PostgreSQL: the local realtime socket of each also sends the others' events.
  if (env.DATABASE_URL && providers.realtime instanceof LocalRealtime) {
    await providers.realtime.fanOutThrough(createPostgresFanout({ url: env.DATABASE_URL, db: database.db, log }));
  }
  // The job engine (pg-boss, its jobs in this database's `pgboss` schema), with its maintenance: a job a dead process
  // left active is given to another, finished jobs are deleted after a while.
  const jobs = createAppJobEngine(database.jobStore, log, () => deps, { supervise: true });
  const deps = { db: database.db, env, log, mailer, providers, now: () => new Date(), jobs };
  await jobs.ready();
  // The browser tests' switch (refused in production and on PostgreSQL, server/env.ts): the rows of now, put back on
  // `POST /api/test/reset`.
  const testReset = env.TEST_RESET ? await resettable(database.jobStore) : null;
  const app = createApp(deps, { siteDir, testReset });
  // The billing jobs (hourly by default; BILLING_INTERVAL=0 turns them off) and the mail relay over SMTP (every 10 s
  // by default; MAIL_RELAY_INTERVAL=0 turns it off): each interval's run once across all processes.
  await jobs.work({
    billing: env.BILLING_INTERVAL,
    mailRelay: mailer.kind === 'smtp' ? env.MAIL_RELAY_INTERVAL : 0,
  });

  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  server.listen({ port: env.PORT, reusePort: env.REUSE_PORT }, () => {
    log.info(
      { port: env.PORT, database: database.driver, mail: mailer.kind, reusePort: env.REUSE_PORT },
      `listening on http://localhost:${env.PORT}`,
    );
  });
  answerClientErrors(server);
  providers.realtime.attach(server);
  const connections = trackConnections(server);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(
      { signal, connections: connections.count(), requests: connections.requestsInFlight() },
      'shutting down: answering the requests already received',
    );
    setTimeout(() => {
      log.error('shutdown did not finish in time: exiting anyway');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    const cut = setTimeout(() => {
      log.warn({ connections: connections.count() }, 'grace period over: cutting the remaining connections');
      connections.destroyAll();
    }, SHUTDOWN_GRACE_MS);
    cut.unref();

    connections.closeAfterEachResponse();
    // No new job from now on; one in progress finishes (and records its charge) before the database closes.
    const jobsStopped = jobs.stop(SHUTDOWN_GRACE_MS - 1_000);
    await connections.acceptBacklog(BACKLOG_DRAIN_MAX_MS);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([providers.realtime.close(), connections.waitForRequests(REQUEST_WAIT_MS)]);
    connections.closeUnused();
    await closed;
    clearTimeout(cut);
    await jobsStopped;
    await mailer.close();
    await database.close();
    log.info('stopped');
    process.exit(0);
  };
  // Under `npm start` a signal to the process group arrives twice (from the kernel and forwarded by npm): the second
  // must not cut the requests the first one lets finish.
  const stopOn = (signal: NodeJS.Signals) =>
    process.on(signal, () =>
      stop(signal).catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }),
    );
  stopOn('SIGTERM');
  stopOn('SIGINT');
}

/**
 * Resolves after the event loop has polled for I/O at least once more. A busy loop (PGlite runs on this thread) can
 * spend a second in one poll phase; whatever arrived meanwhile (a connection, a request, the signal itself) is only
 * seen in the next one, so a decision that nothing is left must wait for it.
 */
function afterNextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/**
 * The server's connections, for a shutdown that answers every request already received and then closes each
 * connection. On its own, `server.close()` resets the connections still waiting in the listen backlog (their
 * requests already sent), answers the requests in flight with `Connection: keep-alive` (the client keeps the
 * connection open) and leaves a connection without a request (a browser's preconnect) open for its 60 s headers
 * timeout.
 */
function trackConnections(server: Server) {
  /** Each open connection with its number of requests received whose response has not finished. */
  const pendingBySocket = new Map<Socket, number>();
  const responses = new Set<ServerResponse>();
  let accepted = 0;
  let closing = false;

  server.on('connection', (socket: Socket) => {
    accepted += 1;
    pendingBySocket.set(socket, 0);
    socket.once('close', () => pendingBySocket.delete(socket));
  });
  // Prepended, so that the header is set before the app's handler can start the response.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as Socket;
    pendingBySocket.set(socket, (pendingBySocket.get(socket) ?? 0) + 1);
    responses.add(res);
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      responses.delete(res);
      const pending = pendingBySocket.get(socket);
      if (pending !== undefined) pendingBySocket.set(socket, pending - 1);
      // A response whose headers went out before the shutdown said keep-alive: close its connection now it is idle.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });

  // `server.close()` has just destroyed the idle keep-alive connections; their 'close' events are still to come.
  const unused = () =>
    [...pendingBySocket].filter(([socket, pending]) => pending === 0 && !socket.destroyed).map(([socket]) => socket);
  return {
    count: () => pendingBySocket.size,
    requestsInFlight: () => responses.size,
    /** From now on every response, those in progress included, closes its connection. */
    closeAfterEachResponse() {
      closing = true;
      for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
    /** Accepts the connections already waiting in the listen backlog: until a poll brings none, at most `maxMs`. */
    async acceptBacklog(maxMs: number) {
      const deadline = Date.now() + maxMs;
      let seen: number;
      do {
        seen = accepted;
        await afterNextPoll();
      } while (accepted !== seen && Date.now() < deadline);
    },
    /** Gives a connection without a request in progress the time for a request already on its way. */
    async waitForRequests(ms: number) {
      if (unused().length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, ms));
      await afterNextPoll();
    },
    /** Closes the connections without a request in progress (realtime sockets are closed by their provider first). */
    closeUnused() {
      for (const socket of unused()) socket.destroy();
    },
    destroyAll() {
      for (const socket of pendingBySocket.keys()) socket.destroy();
    },
  };
}

start().catch((error: unknown) => {
  log.fatal({ err: error }, 'could not start');
  process.exit(1);
});
