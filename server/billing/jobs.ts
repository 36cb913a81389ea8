import type { AppDeps } from '../deps.ts';
import { sendRegistrationReminders } from '../services/registration-progress.ts';
import { releaseExpiredHolds } from '../services/seat-holds.ts';
import { expireWaitlistOffers } from '../services/waitlist-seats.ts';
import { chargeSome, sendReminders } from './collector.ts';
import {
  createJobEngine,
  type JobCounts,
  type JobData,
  type JobDefinition,
  type JobEngine,
  type QueuePolicy,
} from './engine.ts';
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

/**
 * A billing day is worked by every process at once (docs/architecture.md "Issue 33: one billing day worked by every
 * process"): the scheduled (or staff) run of the collector's charges enqueues CHARGE_CHAINS jobs of
 * `instalment-charge-shares`; each claims and charges up to CHARGES_PER_SHARE charges (seconds of work at
 * CARD_RATE_LIMIT) and, when it used its bound, enqueues the next share of its chain. The workers of every process take
 * the shares (FAN_OUT_CONCURRENCY at once each), so both processes of a two-process server charge.
 */
export const CHARGE_CHAINS = 4;
export const CHARGES_PER_SHARE = 50;
/**
 * How many times a chain that found nothing left to claim, while due phases are leased to another run, waits for
 * those leases to end and looks again: a run whose process died leaves its phases leased (LEASE_MS, ./lease.ts) and
 * the chain finishes them; a phase whose charge keeps throwing is not tried again and again all day (the next
 * scheduled run tries it).
 */
export const LEASE_WAITS = 2;

/**
 * A share's policy: a share a dead process left active expires after 60 seconds (a share runs seconds) and is retried
 * by another process's worker; a failed one is retried after about 5, 10, 20 seconds, then dead-lettered.
 */
const SHARE_POLICY: QueuePolicy = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 60,
  expireInSeconds: 60,
};

/** Fans the collector's charges of a run out into its chains of shares. */
async function fanOutCharges(deps: AppDeps, asOf: string, at: Date, run: string): Promise<JobCounts> {
  for (let chain = 0; chain < CHARGE_CHAINS; chain++) {
    await deps.jobs.enqueue(QUEUES.chargeShares, { asOf, at: at.toISOString(), run, chain, waits: 0 });
  }
  return { chains: CHARGE_CHAINS };
}

/** One share of a run's charges, then the next share of its chain when there may be more to charge. */
async function chargeShare(deps: AppDeps, asOf: string, at: Date, job: JobData & { run: string }): Promise<JobCounts> {
  const share = await chargeSome(deps, asOf, CHARGES_PER_SHARE);
  const next: JobData = { asOf, at: at.toISOString(), run: job.run, chain: job.chain ?? 0, waits: job.waits ?? 0 };
  if (share.claimed >= CHARGES_PER_SHARE) {
    await deps.jobs.enqueue(QUEUES.chargeShares, next);
  } else if (share.leasedUntil && (job.waits ?? 0) < LEASE_WAITS) {
    // Due phases another run holds (a run still charging them, or a dead process's): look again once the last lease
    // has ended (the leases are on the app's clock, the engine's start dates on the database's).
    const wait = Math.max(0, share.leasedUntil.getTime() - deps.now().getTime()) + 1_000;
    await deps.jobs.enqueue(
      QUEUES.chargeShares,
      { ...next, waits: (job.waits ?? 0) + 1 },
      {
        startAfter: new Date(Date.now() + wait),
      },
    );
  }
  return { charged: share.charged, failed: share.failed };
}

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
  // Fanned out into shares worked by every process (above); a staff run answers the shares' counts summed.
  {
    queue: QUEUES.charges,
    schedule: 'billing',
    policy: BILLING_POLICY,
    fansOutTo: QUEUES.chargeShares,
    run: (deps, asOf, at, job) => fanOutCharges(deps, asOf, at, job.run),
  },
  { queue: QUEUES.chargeShares, schedule: 'fan_out', policy: SHARE_POLICY, run: chargeShare },
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
