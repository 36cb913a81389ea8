import type { AppDeps } from '../deps.ts';
import { todayOf } from './collector.ts';
import { runCollectorAndJobs } from './jobs.ts';

/**
 * Runs the collector and its jobs (./jobs.ts) inside the server: once shortly after start, then every BILLING_INTERVAL
 * seconds (0: never).
 * Runs never overlap in one process (a run still going when the next is due skips that turn); several processes
 * may run at once, the collector's leases keep each phase charged once. `stop()` cancels the timer and waits for a
 * run in progress, so the database is not closed under it.
 */
export interface BillingScheduler {
  stop(): Promise<void>;
}

/** The first run waits a little, so a starting server answers its first requests before it charges anything. */
const FIRST_RUN_DELAY_MS = 5_000;

export function startBillingScheduler(deps: AppDeps, intervalSeconds: number): BillingScheduler {
  if (intervalSeconds <= 0) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runCollectorAndJobs(deps, todayOf(deps))
      .then((result) => {
        const { jobs: _jobs, ...counts } = result;
        if (counts.charged + counts.failed + counts.reminded > 0) deps.log.info(counts, 'billing: collector ran');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'billing: collector run failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, Math.min(FIRST_RUN_DELAY_MS, intervalSeconds * 1000));
  const every = setInterval(tick, intervalSeconds * 1000);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
