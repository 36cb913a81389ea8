import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardRateWindows, sandboxRateRefusals } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { type CardCallOptions, CardRateWaitError, limitCardCalls } from './card-calls.ts';
import { startHttpStub } from './http-stub.ts';
import { CardRateLimitError } from './payments/provider-errors.ts';
import type { SandboxCardPayments } from './payments/sandbox-payments.ts';
import { createStripePayments } from './payments/stripe-payments.ts';
import type { CardPayments, SavedCardCharge } from './types.ts';

/**
 * Issue 33 point 2: the card provider's calls within CARD_RATE_LIMIT across every process (the count in the database),
 * the sandbox's 429 above its own limit, and the retries of a 429, a 5xx or a network error under the same
 * idempotency key. On PGlite and on PostgreSQL (server-pg runs every app-harness file).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const noWait = async () => {};

const charge = {
  customerId: 'cus_1',
  paymentMethodId: 'pm_1',
  amountCents: 13_500,
  currency: 'usd' as const,
  metadata: { kind: 'instalment' },
  idempotencyKey: 'phase-1-attempt-1',
  offSession: true,
};

const succeeded: SavedCardCharge = {
  status: 'succeeded',
  intent: {
    id: 'pi_1',
    clientSecret: 'pi_1_secret_x',
    status: 'succeeded',
    amountCents: 13_500,
    currency: 'usd',
    metadata: {},
    paymentMethodId: 'pm_1',
    lastError: null,
  },
};

/** An adapter whose chargeSavedCard answers each of `answers` in turn (an Error is thrown), recording each call. */
function scriptedAdapter(answers: (SavedCardCharge | Error)[]) {
  const keys: string[] = [];
  const adapter = {
    name: 'sandbox',
    async chargeSavedCard(input: { idempotencyKey: string }) {
      keys.push(input.idempotencyKey);
      const answer = answers.shift() ?? succeeded;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as CardPayments;
  return { adapter, keys };
}

const httpError = (statusCode: number) => Object.assign(new Error(`http ${statusCode}`), { statusCode });

function options(overrides: Partial<CardCallOptions> = {}): CardCallOptions {
  return { db: t.db, log: silent, limits: { background: 20, live: 25 }, sleep: noWait, ...overrides };
}

describe('retries (server/providers/card-calls.ts)', () => {
  it('sends a 429, a 5xx and a network error again under the same idempotency key, then answers the charge', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const { adapter, keys } = scriptedAdapter([new CardRateLimitError(), httpError(503), reset, succeeded]);
    const delays: number[] = [];
    const { background } = limitCardCalls(
      adapter,
      options({
        random: () => 0.5,
        sleep: async (ms) => {
          delays.push(ms);
        },
      }),
    );
    expect(await background.chargeSavedCard(charge)).toEqual(succeeded);
    expect(keys).toEqual(Array(4).fill('phase-1-attempt-1'));
    // Exponential backoff with jitter: 0.5, 1, 2 s, each between half and all of it (here three quarters).
    expect(delays).toEqual([375, 750, 1500]);
  });

  it('never retries a decline or a request the provider refuses (a 4xx other than 429)', async () => {
    const declined: SavedCardCharge = { status: 'failed', intent: null, code: 'card_declined', message: 'Declined.' };
    const first = scriptedAdapter([declined]);
    expect(await limitCardCalls(first.adapter, options()).background.chargeSavedCard(charge)).toEqual(declined);
    expect(first.keys).toHaveLength(1);
    const second = scriptedAdapter([httpError(400)]);
    await expect(limitCardCalls(second.adapter, options()).live.chargeSavedCard(charge)).rejects.toThrow('http 400');
    expect(second.keys).toHaveLength(1);
    // Stripe's 409 for a key whose first request is still in progress is asked again; any other 409 is not.
    const inUse = Object.assign(httpError(409), { code: 'idempotency_key_in_use' });
    const third = scriptedAdapter([inUse, succeeded]);
    expect(await limitCardCalls(third.adapter, options()).live.chargeSavedCard(charge)).toEqual(succeeded);
    expect(third.keys).toEqual(['phase-1-attempt-1', 'phase-1-attempt-1']);
    const fourth = scriptedAdapter([httpError(409)]);
    await expect(limitCardCalls(fourth.adapter, options()).live.chargeSavedCard(charge)).rejects.toThrow('http 409');
  });

  it('gives up after 5 attempts: the error surfaces as the provider gave it', async () => {
    const { adapter, keys } = scriptedAdapter(Array.from({ length: 6 }, () => new CardRateLimitError()));
    await expect(limitCardCalls(adapter, options()).background.chargeSavedCard(charge)).rejects.toBeInstanceOf(
      CardRateLimitError,
    );
    expect(keys).toHaveLength(5);
  });

  it("retries Stripe's 429 with the same Idempotency-Key header (the Stripe adapter through the limiter)", async () => {
    let refused = 0;
    const stub = await startHttpStub((request) => {
      if (request.path !== '/v1/customers') return { status: 404, body: { error: { type: 'invalid_request_error' } } };
      if (refused < 2) {
        refused += 1;
        return {
          status: 429,
          body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' } },
        };
      }
      return { status: 200, body: { id: 'cus_stub1', object: 'customer' } };
    });
    try {
      const stripe = createStripePayments({ secretKey: 'sk_test_stub', apiBase: stub.url });
      const { live } = limitCardCalls(stripe, options());
      expect(await live.createCustomer({ metadata: {}, idempotencyKey: 'customer-user-3' })).toBe('cus_stub1');
      expect(stub.requests.map((request) => request.headers['idempotency-key'])).toEqual(
        Array(3).fill('customer-user-3'),
      );
    } finally {
      await stub.close();
    }
  });
});

describe('the rate across every process', () => {
  /** The calls counted per second, as the database holds them. */
  const windows = () => t.db.select().from(cardRateWindows);

  /** Counts `calls` in the current second and the next `seconds` (where none are counted yet). */
  const fillSeconds = (seconds: number, calls: number) =>
    t.db.execute(sql`INSERT INTO card_rate_windows (window_start, calls)
      SELECT s, ${calls}::int FROM generate_series(date_trunc('second', clock_timestamp()),
        date_trunc('second', clock_timestamp()) + make_interval(secs => ${seconds}::int), interval '1 second') AS s
      ON CONFLICT (window_start) DO NOTHING`);

  it('keeps two processes together under CARD_RATE_LIMIT per second; every call is made', async () => {
    const made: number[] = [];
    const adapter = {
      name: 'sandbox',
      async cardSummary() {
        made.push(1);
        return null;
      },
    } as unknown as CardPayments;
    // Two limiters on the one database, as two server processes have (on PostgreSQL from the pool's connections).
    const limits = { background: 4, live: 4 };
    const first = limitCardCalls(adapter, { db: t.db, log: silent, limits }).background;
    const second = limitCardCalls(adapter, { db: t.db, log: silent, limits }).background;
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).cardSummary(`pm_${i}`)));
    expect(made).toHaveLength(10);
    const counted = await windows();
    expect(counted.reduce((sum, row) => sum + row.calls, 0)).toBe(10);
    expect(Math.max(...counted.map((row) => row.calls))).toBeLessThanOrEqual(4);
    expect(counted.length).toBeGreaterThanOrEqual(3);
  });

  it("admits a family's live call where the background work waits: the collector never takes the live room", async () => {
    const adapter = { name: 'sandbox', cardSummary: async () => null } as unknown as CardPayments;
    const { live, background } = limitCardCalls(adapter, {
      db: t.db,
      log: silent,
      limits: { background: 2, live: 3 },
    });
    // The next minute's seconds have had their 2 background calls already (another process used them).
    await fillSeconds(60, 2);
    let backgroundDone = false;
    const waiting = background.cardSummary('pm_background').then(() => {
      backgroundDone = true;
    });
    await live.cardSummary('pm_live');
    expect(backgroundDone).toBe(false);
    // The room frees (the seconds pass): the waiting call goes ahead.
    await t.db.delete(cardRateWindows);
    await waiting;
    expect(backgroundDone).toBe(true);
  });

  it('a background call that finds no room for 60 s fails (the collector retries it later, same key)', async () => {
    const adapter = { name: 'sandbox', cardSummary: async () => null } as unknown as CardPayments;
    let slept = 0;
    const { background } = limitCardCalls(adapter, {
      db: t.db,
      log: silent,
      limits: { background: 1, live: 1 },
      // Pretend the seconds passed without waiting for them: each one is full already.
      sleep: async (ms) => {
        slept += ms;
        await fillSeconds(5, 1);
      },
    });
    await fillSeconds(5, 1);
    await expect(background.cardSummary('pm_1')).rejects.toBeInstanceOf(CardRateWaitError);
    expect(slept).toBeGreaterThanOrEqual(60_000);
  });
});

describe("the card sandbox's own limit", () => {
  it('answers 429 rate_limit above SANDBOX_RATE_LIMIT and records each refusal in sandbox_rate_refusals', async () => {
    const sandbox = t.providers.payments as SandboxCardPayments;
    // Nothing is admitted this time: every request is over.
    sandbox.rateLimitPerSecond = 0;
    const raw = Object.getPrototypeOf(sandbox) as SandboxCardPayments;
    const refused = await raw.chargeSavedCard.call(sandbox, charge).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CardRateLimitError);
    expect(refused).toMatchObject({ statusCode: 429, code: 'rate_limit', type: 'StripeRateLimitError' });
    const rows = await t.db.select().from(sandboxRateRefusals);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(Date),
        operation: 'chargeSavedCard',
        idempotencyKey: charge.idempotencyKey,
      },
    ]);
    // Back under the limit: the request is answered (this saved card does not exist: a decline, not an error).
    sandbox.rateLimitPerSecond = 25;
    expect(await sandbox.chargeSavedCard(charge)).toMatchObject({ status: 'failed', code: 'card_declined' });
  });
});
