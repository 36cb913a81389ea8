import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createApp } from '../app.ts';
import { createLogger } from '../log.ts';
import { createOutboxMailer } from '../mail/mailer.ts';
import type { TestApp } from './app-harness.ts';

/**
 * The test app again with an info-level logger whose lines the test reads (what production would write): for the
 * "logs hold no personal data" tests (app.test.ts, routes/admin, household, household-checkout). With `outbox`, the
 * outbox mailer logs there too (its e-mails are part of what is checked).
 */
export function loggingApp(
  t: TestApp,
  { outbox = false }: { outbox?: boolean } = {},
): { app: ReturnType<typeof createApp>; lines: string[]; log: Logger } {
  const lines: string[] = [];
  const log = createLogger(
    { LOG_LEVEL: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const app = createApp({ ...t.deps, log, ...(outbox ? { mailer: createOutboxMailer(t.db, log) } : {}) });
  return { app, lines, log };
}

/** A JSON request to `app`, with the bearer token when one is given. */
export function sendJson(
  app: Pick<ReturnType<typeof createApp>, 'request'>,
  method: string,
  path: string,
  { token, body }: { token?: string | null; body?: unknown } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
