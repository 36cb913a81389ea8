import type { AppDeps } from '../deps.ts';
import { sendRegistrationReminders } from '../services/registration-progress.ts';
import { releaseExpiredHolds } from '../services/seat-holds.ts';
import { expireWaitlistOffers } from '../services/waitlist-seats.ts';
import { chargeDue, sendReminders } from './collector.ts';
import { createJobEngine, type JobDefinition, type JobEngine, type QueuePolicy } from './engine.ts';
import { QUEUES } from './queues.ts';

export { QUEUES };

/**
 * The background work, each a queue of the job engine (./engine.ts; docs/architecture.md "Issue 33: the job
 * engine"). The billing jobs run every BILLING_INTERVAL seconds and in `POST /api/staff/billing/run {as_of}`, in this
 * order, each as of the same date and moment; the mail relay every MAIL_RELAY_INTERVAL seconds. Each job is safe with
 * several processes running it at once (its claims live in the database) and answers what it did, counted by name.
 * Add a job with one entry here.
 */

/**
 * The billing jobs' policy: a failed run is tried again after about 1, 2, 4 minutes (exponential backoff with jitter,
 * at most an hour apart), then dead-lettered. A run a dead process left active is given to another after 30 minutes.
 */
const BILLING_POLICY: QueuePolicy = {
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 30 * 60,
};

/** The relay's own rows keep their delivery retries (server/mail/mailer.ts); a run that fails is retried sooner. */
const MAIL_RELAY_POLICY: QueuePolicy = {
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 10 * 60,
};

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

export const JOBS: readonly JobDefinition[] = [
  // The collector's charges: instalments due and payment retries (a failed phase is due again 1, 3 and 7 days after
  // its first failure), at most once per phase (server/billing/collector.ts).
  { queue: QUEUES.charges, schedule: 'billing', policy: BILLING_POLICY, run: (deps, asOf) => chargeDue(deps, asOf) },
  // One reminder per instalment due within 3 days.
  {
    queue: QUEUES.reminders,
    schedule: 'billing',
    policy: BILLING_POLICY,
    run: async (deps, asOf) => ({ reminded: await sendReminders(deps, asOf) }),
  },
  // Issue 21 point 2: 'Finish registering …' after 24 and 72 hours; rows paid for or older than 60 days deleted.
  {
    queue: QUEUES.registrationReminders,
    schedule: 'billing',
    policy: BILLING_POLICY,
    run: async (deps, _asOf, at) => ({ reminded: (await sendRegistrationReminders(deps, at)).reminded }),
  },
  // Issue 21 point 3: waitlist offers past their 48 h expire and their seats pass to the next family (or the pool).
  // Also enqueued with each offer, in its transaction, to run when it expires (services/waitlist-seats.ts).
  {
    queue: QUEUES.offerExpiry,
    schedule: 'billing',
    policy: BILLING_POLICY,
    run: async (deps, _asOf, at) => {
      const { expired, offered } = await expireWaitlistOffers(deps, at);
      return { expired, offered };
    },
  },
  // Issue 30 point 4: claims with nothing paid 96 h after the claim give their seats back (the waitlist's first family
  // gets the offer). After the offer expiry, so a seat both free up goes to the line in one order.
  {
    queue: QUEUES.heldSeats,
    schedule: 'billing',
    policy: BILLING_POLICY,
    run: async (deps, _asOf, at) => ({ released: await releaseExpiredHolds(deps, at) }),
  },
  // The outbox's pending mails over SMTP (with SMTP_URL only), each row claimed by one process.
  {
    queue: QUEUES.mailRelay,
    schedule: 'mail_relay',
    policy: MAIL_RELAY_POLICY,
    run: async (deps) => {
      const { sent, retried, failed } = await deps.mailer.relay();
      return { sent, retried, failed };
    },
  },
];

/** The server's engine over its database, with every job above. */
export function createAppJobEngine(
  store: Parameters<typeof createJobEngine>[0]['store'],
  log: AppDeps['log'],
  deps: () => AppDeps,
  options: { supervise?: boolean; definitions?: readonly JobDefinition[] } = {},
): JobEngine {
  return createJobEngine({ store, log, deps, definitions: options.definitions ?? JOBS, supervise: options.supervise });
}
