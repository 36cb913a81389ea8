import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';

export interface RateRule {
  /** Counter name, e.g. `login:email`. */
  name: string;
  limit: number;
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
    throw new ApiError(429, 'Too many attempts. Please try again later.', {}, { 'Retry-After': String(retryAfter) });
  }
}

/** Drops counters whose window ended long ago; called now and then so the table stays small. */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

export const RATE_RULES = {
  loginEmail: { name: 'login:email', limit: 10, windowSeconds: 15 * 60 },
  loginIp: { name: 'login:ip', limit: 100, windowSeconds: 15 * 60 },
  forgotEmail: { name: 'forgot:email', limit: 5, windowSeconds: 60 * 60 },
  forgotIp: { name: 'forgot:ip', limit: 30, windowSeconds: 60 * 60 },
  checkEmailEmail: { name: 'check-email:email', limit: 30, windowSeconds: 15 * 60 },
  checkEmailIp: { name: 'check-email:ip', limit: 100, windowSeconds: 15 * 60 },
  resetEmail: { name: 'reset:email', limit: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;
