import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed.ts';
import { loadEnv } from './env.ts';
import { createLogger } from './log.ts';
import { createMailer } from './mail/mailer.ts';
import { createProviders } from './providers/index.ts';
import { ensureSiteBuilt } from './site-build.ts';

/** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

const rootDir = path.resolve(import.meta.dirname, '..');
const env = loadEnv();
const log = createLogger(env);

async function start(): Promise<void> {
  // `npm run dev` serves the site from Vite and runs this process for the API only (scripts/dev.ts).
  const siteDir = process.env.SERVE_SITE === 'false' ? null : ensureSiteBuilt(rootDir, log);
  const database = await openDatabase(env);
  await database.migrate();
  if (await seedIfEmpty(database.db, new Date()))
    log.info('empty database seeded with the demo fixtures (docs/fixtures.md)');
  const mailer = createMailer(env, database.db, log);
  const providers = await createProviders(env, database.db, log);
  const app = createApp({ db: database.db, env, log, mailer, providers, now: () => new Date() }, { siteDir });

  const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
    log.info(
      { port: info.port, database: database.driver, mail: mailer.kind },
      `listening on http://localhost:${info.port}`,
    );
  }) as Server;
  providers.realtime.attach(server);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Idle keep-alive connections would hold close() open; busy ones finish their request first.
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    timer.unref();
    await providers.realtime.close();
    await closed;
    await mailer.close();
    await database.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

start().catch((error: unknown) => {
  log.fatal({ err: error }, 'could not start');
  process.exit(1);
});
