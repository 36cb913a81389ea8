import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { ApiError, text } from '../http/errors.ts';
import type { Logger } from '../log.ts';

export interface RateRule {
  /** Counter name, e.g. `login:email`. */
  name: string;
  limit: number;
  /** At most a day: pruning drops counters a day after their window started. */
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database (one atomic upsert per hit), so every API process behind a load balancer
 * enforces the same limit. Answers 429 with Retry-After once a counter exceeds its limit.
 */
export async function hitRateLimit(db: Db, rule: RateRule, subject: string, now: Date, multiplier = 1): Promise<void> {
  const key = `${rule.name}:${subject.toLowerCase()}`.slice(0, 300);
  // ISO strings with explicit casts: both drivers then send the same text parameter.
  const windowStart = sql`${new Date(now.getTime() - rule.windowSeconds * 1000).toISOString()}::timestamptz`;
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then ${nowParam} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  if (!row) return;
  if (row.hits > rule.limit * multiplier) {
    const resetAt = row.windowStartedAt.getTime() + rule.windowSeconds * 1000;
    const retryAfter = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
    throw new ApiError(429, text('error.tooManyAttempts'), {}, { 'Retry-After': String(retryAfter) });
  }
}

/** How long a counter is kept after its window started: longer than every rule's window. */
const KEEP_COUNTERS_MS = 24 * 60 * 60 * 1000;

/** Drops counters whose window ended long ago, so the table holds only the last day's keys. */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - KEEP_COUNTERS_MS)));
}

/** A limiter prunes at most this often (the app has one, in the auth routes); several processes each do, harmlessly. */
export const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** The prune last started on each database handle, so a test can wait for it (a WeakMap: closed databases go). */
const lastPrunes = new WeakMap<Db, Promise<void>>();

/** Settles when the prune last started on `db` has finished. */
export function rateLimitPruning(db: Db): Promise<void> {
  return lastPrunes.get(db) ?? Promise.resolve();
}

export interface RateLimiterDeps {
  db: Db;
  env: Pick<Env, 'RATE_LIMIT_MULTIPLIER'>;
  log: Logger;
  now: () => Date;
}

/**
 * What the routes use: counts a hit of `rule` for `subject` (429 past the limit, scaled by RATE_LIMIT_MULTIPLIER),
 * and at the first hit and then at most every PRUNE_INTERVAL_MS drops expired counters.
 */
export function rateLimiter(deps: RateLimiterDeps): (rule: RateRule, subject: string) => Promise<void> {
  let lastPruneAt: number | null = null;

  function pruneNowAndThen(now: Date): void {
    if (lastPruneAt !== null && Math.abs(now.getTime() - lastPruneAt) < PRUNE_INTERVAL_MS) return;
    lastPruneAt = now.getTime();
    // In the background: no request waits for the DELETE, and a failed prune only leaves old rows to the next one.
    const done = pruneRateLimits(deps.db, now).catch((error: unknown) => {
      // The error's kind alone: nothing of the counters' keys (addresses) reaches the log.
      deps.log.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'pruning rate-limit counters failed',
      );
    });
    lastPrunes.set(deps.db, done);
  }

  return async (rule, subject) => {
    const now = deps.now();
    try {
      await hitRateLimit(deps.db, rule, subject, now, deps.env.RATE_LIMIT_MULTIPLIER);
    } finally {
      pruneNowAndThen(now);
    }
  };
}

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

/**
 * `Ip` rules count per client address (http/client-ip.ts), `Email` rules per e-mail (or athlete username) the request
 * names, `EmailIp` per both. A route checks its rules one after the other and stops at the first exceeded, so a
 * request refused by one counter never counts against the ones after it.
 */
export const RATE_RULES = {
  loginIp: { name: 'login:ip', limit: 100, windowSeconds: FIFTEEN_MINUTES },
  /** Tight: one client guessing one account's password. */
  loginEmailIp: { name: 'login:email-ip', limit: 10, windowSeconds: FIFTEEN_MINUTES },
  /** Loose: many clients guessing one account's password, yet no single client can use it up (see above). */
  loginEmail: { name: 'login:email', limit: 100, windowSeconds: FIFTEEN_MINUTES },
  registerIp: { name: 'register:ip', limit: 100, windowSeconds: FIFTEEN_MINUTES },
  registerEmail: { name: 'register:email', limit: 10, windowSeconds: FIFTEEN_MINUTES },
  forgotIp: { name: 'forgot:ip', limit: 30, windowSeconds: HOUR },
  /** Tight per client, loose per address: one client cannot stop the owner from resetting their password. */
  forgotEmailIp: { name: 'forgot:email-ip', limit: 5, windowSeconds: HOUR },
  forgotEmail: { name: 'forgot:email', limit: 20, windowSeconds: HOUR },
  checkEmailIp: { name: 'check-email:ip', limit: 100, windowSeconds: FIFTEEN_MINUTES },
  checkEmailEmail: { name: 'check-email:email', limit: 30, windowSeconds: FIFTEEN_MINUTES },
  resetEmail: { name: 'reset:email', limit: 10, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

const limiters = new WeakMap<RateLimiterDeps, (rule: RateRule, subject: string) => Promise<void>>();

/** The one limiter of these deps (its pruning clock is shared by every service that counts hits). */
export function limiterOf(deps: RateLimiterDeps): (rule: RateRule, subject: string) => Promise<void> {
  let limit = limiters.get(deps);
  if (!limit) {
    limit = rateLimiter(deps);
    limiters.set(deps, limit);
  }
  return limit;
}
