import type { Logger } from '../log.ts';
import type { Mailer } from './mailer.ts';

/**
 * Runs the mail relay (Mailer.relay) inside the server every MAIL_RELAY_INTERVAL seconds (0: never; nothing to do
 * without SMTP_URL). Runs never overlap in one process; several processes may run at once, each row is claimed by one
 * of them. `stop()` cancels the timer and waits for a run in progress, so the database is not closed under it.
 */
export interface MailRelayScheduler {
  stop(): Promise<void>;
}

export function startMailRelay(mailer: Mailer, log: Logger, intervalSeconds: number): MailRelayScheduler {
  if (intervalSeconds <= 0 || mailer.kind !== 'smtp') return { stop: async () => {} };
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = mailer
      .relay()
      .then((result) => {
        if (result.sent + result.retried + result.failed > 0) log.info(result, 'mail relay ran');
      })
      .catch((error: unknown) => log.error({ err: error }, 'mail relay run failed'))
      .finally(() => {
        running = null;
      });
  };
  const every = setInterval(tick, intervalSeconds * 1000);
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(every);
      await running;
    },
  };
}
