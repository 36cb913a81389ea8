import type { AppDeps } from '../deps.ts';
import { sendRegistrationReminders } from '../services/registration-progress.ts';
import { releaseExpiredHolds } from '../services/seat-holds.ts';
import { expireWaitlistOffers } from '../services/waitlist-seats.ts';
import { type CollectorResult, runCollector } from './collector.ts';

/**
 * The jobs that run with the collector (docs/architecture.md §7 "Billing"): on the scheduler's every turn and in
 * `POST /api/staff/billing/run {as_of}`, after the charges, each as of the same date. A job is safe with several
 * processes running it at once (its claims live in the database) and answers how many things it did (logged by name;
 * the staff run answers the collector's own counts only). Add a job with one line here.
 */
export interface CollectorJob {
  /** Its name in the log. */
  name: string;
  /** `at`: the moment the run stands for (`momentOf`). */
  run(deps: AppDeps, at: Date): Promise<number>;
}

/**
 * The moment a run "as of" a date stands for: that date at the current time of day (UTC). As of today it is now, so
 * the scheduled runs measure hours by the clock; `POST /api/staff/billing/run {as_of: tomorrow}` (outside production)
 * then finds every registration saved today more than 24 hours old, and an offer made now has expired in a run as of
 * two days later. Every job of a run gets this one moment.
 */
export function momentOf(asOf: string, now: Date): Date {
  const timeOfDay = now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(Date.parse(`${asOf}T00:00:00Z`) + timeOfDay);
}

export const COLLECTOR_JOBS: readonly CollectorJob[] = [
  // Issue 21 point 2: 'Finish registering …' after 24 and 72 hours; rows paid for or older than 60 days deleted.
  { name: 'registration_reminders', run: async (deps, at) => (await sendRegistrationReminders(deps, at)).reminded },
  // Issue 21 point 3: waitlist offers past their 48 h expire and their seats pass to the next family (or the pool).
  {
    name: 'waitlist_offer_expiry',
    run: async (deps, at) => (await expireWaitlistOffers(deps, at)).expired,
  },
  // Issue 30 point 4: claims with nothing paid 96 h after the claim give their seats back (the waitlist's first family
  // gets the offer). After the offer expiry, so a seat both free up goes to the line in one order.
  { name: 'seat_hold_expiry', run: (deps, at) => releaseExpiredHolds(deps, at) },
];

export interface CollectorRunResult extends CollectorResult {
  jobs: Record<string, number>;
}

/**
 * The collector, then every job in order. A job that fails does not keep the next from running; the run then fails
 * with the first job's error (the scheduler logs it, the staff run answers 500), after all have run.
 */
export async function runCollectorAndJobs(
  deps: AppDeps,
  asOf: string,
  jobs: readonly CollectorJob[] = COLLECTOR_JOBS,
): Promise<CollectorRunResult> {
  const result = await runCollector(deps, asOf);
  const at = momentOf(asOf, deps.now());
  const counts: Record<string, number> = {};
  let failure: unknown = null;
  for (const job of jobs) {
    try {
      counts[job.name] = await job.run(deps, at);
    } catch (error) {
      deps.log.error({ err: error, job: job.name }, 'billing: a collector job failed');
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
  if (Object.values(counts).some((count) => count > 0))
    deps.log.info({ asOf, jobs: counts }, 'billing: collector jobs ran');
  return { ...result, jobs: counts };
}
