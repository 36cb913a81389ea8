import { lt, sql } from 'drizzle-orm';
import { cardRateWindows } from '../db/schema/providers.ts';
import { cardErrorKind, isTransientCardError } from './payments/provider-errors.ts';
import type { ProviderDb, ProviderLog } from './provider-deps.ts';
import type { CardPayments } from './types.ts';

/**
 * Issue 33 point 2, "within the provider's limits": every call of the card adapter (Stripe or the sandbox) goes
 * through here, the one place that wraps it (server/providers/index.ts `createProviders`), never through each caller.
 *
 * - **A rate across every process.** Each call first takes a slot of the current second in `card_rate_windows` (one
 *   row per second of the database's clock, counted with one `INSERT … ON CONFLICT … DO UPDATE … WHERE calls < limit
 *   RETURNING`, so processes counting at once never exceed it). The background work (the job engine's jobs: the
 *   collector) takes a slot while the second has had fewer than CARD_RATE_LIMIT calls (20); a family's own call
 *   (checkout, card update, refund, any request) while it has had fewer than CARD_RATE_LIVE_LIMIT (25, Stripe's test
 *   mode): the collector never uses the room kept for families paying live. A call refused waits for the next second
 *   (the database says how long) and asks again: a background call for at most 60 s (then it fails like a provider
 *   error: the collector leaves the phase leased and a later run charges it under the same key), a live call for at most
 *   2 s (then it goes ahead, counted: a family never fails because of our own limit; the provider's 429 is retried).
 * - **Retries.** A 429, a 5xx or a network error (payments/provider-errors.ts `isTransientCardError`) is sent again,
 *   with the very same arguments (so the same idempotency key: a retry is answered the first charge, never a second
 *   one), after an exponential backoff with jitter (0.5, 1, 2, 4 s, each between half and all of it), at most 5
 *   attempts; then the error surfaces as before. A decline is an answer, not an error: it is never retried here (it
 *   goes to the family's retry schedule). Each attempt takes its own slot.
 *
 * The wrapper is a Proxy over the adapter: the CardPayments calls are limited, anything else (the sandbox's own
 * browser-side methods, which Stripe.js would call, not this server) passes through untouched.
 */

export type CardCallShare = 'background' | 'live';

export interface CardCallLimits {
  /** CARD_RATE_LIMIT: calls per second the background work may use, across every process. */
  background: number;
  /** CARD_RATE_LIVE_LIMIT: calls per second up to which a family's call is admitted (≥ background). */
  live: number;
}

export interface CardRetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const CARD_RETRY_POLICY: CardRetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 8_000 };
/** How long a call over its share waits for room before giving up (background) or going ahead (live). */
export const CARD_RATE_MAX_WAIT_MS: Record<CardCallShare, number> = { background: 60_000, live: 2_000 };
export const DEFAULT_CARD_RATE_LIMITS: CardCallLimits = { background: 20, live: 25 };

export interface CardCallOptions {
  db: ProviderDb;
  log: ProviderLog;
  limits: CardCallLimits;
  retry?: CardRetryPolicy | undefined;
  /** 0 ≤ x < 1; tests may pin it. */
  random?: (() => number) | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** Thrown when a background call found no room under CARD_RATE_LIMIT for CARD_RATE_MAX_WAIT_MS. */
export class CardRateWaitError extends Error {
  override readonly name = 'CardRateWaitError';
}

/** Every call of the adapter interface, each limited (the record makes a new CardPayments method a type error here). */
const LIMITED: Record<Exclude<keyof CardPayments, 'name'>, true> = {
  createIntent: true,
  createCustomer: true,
  chargeSavedCard: true,
  createSetupIntent: true,
  retrieveSetupIntent: true,
  cardSummary: true,
  retrieveIntent: true,
  cancelIntent: true,
  refundIntent: true,
  refundAmount: true,
};

/** The key a call carries, for the log (never a card or a person). */
function idempotencyKeyOf(args: unknown[]): string | undefined {
  const [first] = args;
  if (typeof first !== 'object' || first === null || !('idempotencyKey' in first)) return undefined;
  return typeof first.idempotencyKey === 'string' ? first.idempotencyKey : undefined;
}

const rowsOf = (result: unknown): unknown[] =>
  typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows) ? result.rows : [];

/**
 * The adapter as the site's requests use it (`live`) and as the job engine's work uses it (`background`, which
 * server/billing/engine.ts hands to the jobs as `providers.payments`). Both count in the same rows.
 */
export function limitCardCalls<T extends CardPayments>(adapter: T, options: CardCallOptions): Record<CardCallShare, T> {
  const policy = options.retry ?? CARD_RETRY_POLICY;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Takes a slot of the current second under `limit`; answers 0 when taken, else the milliseconds to the next second. */
  async function takeSlot(limit: number): Promise<number> {
    const [row] = await options.db
      .insert(cardRateWindows)
      .values({ windowStart: sql`date_trunc('second', clock_timestamp())`, calls: 1 })
      .onConflictDoUpdate({
        target: cardRateWindows.windowStart,
        set: { calls: sql`${cardRateWindows.calls} + 1` },
        setWhere: sql`${cardRateWindows.calls} < ${limit}`,
      })
      .returning({ calls: cardRateWindows.calls });
    if (row) {
      if (row.calls === 1) {
        await options.db
          .delete(cardRateWindows)
          .where(lt(cardRateWindows.windowStart, sql`clock_timestamp() - interval '1 minute'`));
      }
      return 0;
    }
    const result = await options.db.execute(
      sql`SELECT 1000 - (floor(extract(milliseconds FROM clock_timestamp()))::int % 1000) AS wait_ms`,
    );
    const [answer] = rowsOf(result);
    const wait = typeof answer === 'object' && answer !== null && 'wait_ms' in answer ? Number(answer.wait_ms) : 1000;
    return Number.isFinite(wait) && wait > 0 ? wait : 1000;
  }

  /** Counts a call that goes ahead after its wait (a live call never fails on our own limit). */
  async function countAnyway(): Promise<void> {
    await options.db
      .insert(cardRateWindows)
      .values({ windowStart: sql`date_trunc('second', clock_timestamp())`, calls: 1 })
      .onConflictDoUpdate({ target: cardRateWindows.windowStart, set: { calls: sql`${cardRateWindows.calls} + 1` } });
  }

  async function admit(share: CardCallShare, operation: string): Promise<void> {
    const limit = share === 'background' ? options.limits.background : options.limits.live;
    let waited = 0;
    for (;;) {
      const wait = await takeSlot(limit);
      if (wait === 0) return;
      if (waited >= CARD_RATE_MAX_WAIT_MS[share]) {
        if (share === 'live') {
          options.log.warn({ operation, waitedMs: waited }, 'card provider: a live call goes ahead over the rate');
          await countAnyway();
          return;
        }
        throw new CardRateWaitError(`card provider calls stayed at CARD_RATE_LIMIT for ${waited} ms (${operation})`);
      }
      // A few milliseconds of jitter: callers waiting for the same second do not all ask at its first instant.
      const pause = wait + Math.floor(random() * 20);
      await sleep(pause);
      waited += pause;
    }
  }

  function backoff(attempt: number): number {
    const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(full / 2 + random() * (full / 2));
  }

  async function call(share: CardCallShare, operation: string, args: unknown[], run: () => Promise<unknown>) {
    for (let attempt = 1; ; attempt++) {
      await admit(share, operation);
      try {
        return await run();
      } catch (error) {
        if (!isTransientCardError(error) || attempt >= policy.attempts) throw error;
        const delayMs = backoff(attempt);
        options.log.warn(
          { operation, attempt, error: cardErrorKind(error), delayMs, idempotencyKey: idempotencyKeyOf(args) },
          'card provider: transient error, retried under the same idempotency key',
        );
        await sleep(delayMs);
      }
    }
  }

  /**
   * The adapter seen through one share. A CardPayments method is answered limited while it is the adapter's own; one
   * replaced on the adapter afterwards (a test standing in for the provider) is answered as it is, and anything else
   * (the sandbox's browser-side methods) passes through untouched.
   */
  function view(share: CardCallShare): T {
    const limited = new Map<string, { original: unknown; wrapper: (...args: unknown[]) => Promise<unknown> }>();
    for (const prop of Object.keys(LIMITED)) {
      const original: unknown = Reflect.get(adapter, prop, adapter);
      if (typeof original !== 'function') continue;
      const wrapper = (...args: unknown[]) =>
        call(share, prop, args, () => Promise.resolve(original.apply(adapter, args)));
      limited.set(prop, { original, wrapper });
    }
    return new Proxy(adapter, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        const entry = typeof prop === 'string' ? limited.get(prop) : undefined;
        return entry && value === entry.original ? entry.wrapper : value;
      },
    });
  }

  return { live: view('live'), background: view('background') };
}
