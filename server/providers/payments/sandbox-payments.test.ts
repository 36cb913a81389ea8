import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { billingTokens, paymentIntents } from '../../db/schema/providers.ts';
import type { ProviderDb } from '../provider-deps.ts';
import { createProviderTestDb } from '../provider-test-db.ts';
import { IdempotencyKeyReuseError, SandboxCardPayments } from './sandbox-payments.ts';

let db: ProviderDb;
let close: () => Promise<void>;
let payments: SandboxCardPayments;

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, expMonth: 12, expYear: nextYear, cvc: '123' });
const order = { amountCents: 47_900, currency: 'usd' as const, metadata: { user_id: '7', team_id: '1' } };

beforeAll(async () => {
  ({ db, close } = await createProviderTestDb());
});
afterAll(() => close());
beforeEach(async () => {
  await db.delete(paymentIntents);
  await db.delete(billingTokens);
  // These tests call the sandbox directly, faster than Stripe's test mode allows and without the server's limiter in
  // front (server/providers/card-calls.ts): its own limit is tested in card-calls.test.ts.
  payments = new SandboxCardPayments(db, undefined, { rateLimitPerSecond: 100_000 });
});

describe('createIntent', () => {
  test('creates an intent with a pi_ id, a pi_<id>_secret_ secret and requires_payment_method', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'checkout-1' });
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]{25}$`));
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountCents: 47_900, currency: 'usd' });
    expect(intent.metadata).toEqual({ user_id: '7', team_id: '1' });
    expect(await payments.retrieveIntent(intent.id)).toEqual(intent);
  });

  test('the same idempotency key returns the same intent, also when requests race', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => payments.createIntent({ ...order, idempotencyKey: 'checkout-race' })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await db.select().from(paymentIntents)).toHaveLength(1);
    const other = await payments.createIntent({ ...order, idempotencyKey: 'checkout-other' });
    expect(other.id).not.toBe(results[0]!.id);
  });

  test('reusing a key with different parameters is refused, as Stripe does', async () => {
    await payments.createIntent({ ...order, idempotencyKey: 'k' });
    await expect(payments.createIntent({ ...order, amountCents: 100, idempotencyKey: 'k' })).rejects.toThrow(
      IdempotencyKeyReuseError,
    );
    await expect(
      payments.createIntent({ ...order, metadata: { user_id: '8', team_id: '1' }, idempotencyKey: 'k' }),
    ).rejects.toThrow(IdempotencyKeyReuseError);
  });

  test.each([
    [{ amountCents: 49 }],
    [{ amountCents: 10.5 }],
    [{ amountCents: 100_000_000 }],
    [{ idempotencyKey: '' }],
    [{ metadata: { ['x'.repeat(41)]: 'v' } }],
    [{ metadata: { k: 'v'.repeat(501) } }],
  ])('rejects invalid input %o', async (override) => {
    await expect(payments.createIntent({ ...order, idempotencyKey: 'bad', ...override })).rejects.toThrow(RangeError);
    expect(await db.select().from(paymentIntents)).toHaveLength(0);
  });
});

describe('retrieveIntent', () => {
  test('unknown and malformed ids are null', async () => {
    expect(await payments.retrieveIntent('pi_doesnotexist0000')).toBeNull();
    expect(await payments.retrieveIntent("pi_'; drop table payment_intents; --")).toBeNull();
    expect(await payments.retrieveIntent('')).toBeNull();
  });
});

describe('confirm', () => {
  test('concurrent confirmations of one intent charge exactly once and all report it succeeded', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'concurrent' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => payments.confirm(intent.id, intent.clientSecret, card('4242424242424242'))),
    );
    const charged = results.filter((r) => r.kind === 'confirmed' && r.charged);
    expect(charged).toHaveLength(1);
    for (const result of results) {
      expect(result.kind).toBe('confirmed');
      if (result.kind === 'confirmed') expect(result.intent.status).toBe('succeeded');
    }
  });

  test('a declined card racing a good card never turns a paid intent back into unpaid', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'mixed' });
    await Promise.all([
      payments.confirm(intent.id, intent.clientSecret, card('4000000000000002')),
      payments.confirm(intent.id, intent.clientSecret, card('4242424242424242')),
      payments.confirm(intent.id, intent.clientSecret, card('4000000000009995')),
    ]);
    // Whatever the interleaving, the good card's success is final.
    expect((await payments.retrieveIntent(intent.id))?.status).toBe('succeeded');
  });

  test('a decline records the last error; a later good card succeeds and clears it', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'retry' });
    const declined = await payments.confirm(intent.id, intent.clientSecret, card('4000 0000 0000 0002'));
    expect(declined).toMatchObject({
      kind: 'card-error',
      error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      intent: { status: 'requires_payment_method' },
    });
    const ok = await payments.confirm(intent.id, intent.clientSecret, card('4242-4242-4242-4242'));
    expect(ok).toMatchObject({ kind: 'confirmed', charged: true, intent: { status: 'succeeded', lastError: null } });
  });

  test('a wrong client secret cannot confirm', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'secret' });
    const result = await payments.confirm(intent.id, `${intent.clientSecret}x`, card('4242424242424242'));
    expect(result.kind).toBe('secret-mismatch');
    expect((await payments.retrieveIntent(intent.id))?.status).toBe('requires_payment_method');
  });

  test('a canceled intent cannot be confirmed', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'canceled' });
    await db.update(paymentIntents).set({ status: 'canceled' }).where(eq(paymentIntents.id, intent.id));
    const result = await payments.confirm(intent.id, intent.clientSecret, card('4242424242424242'));
    expect(result).toMatchObject({ kind: 'unexpected-state', intent: { status: 'canceled' } });
  });

  test('expiry is checked against the current month', async () => {
    const fixedNow = new Date(Date.UTC(2027, 5, 15));
    const atJune2027 = new SandboxCardPayments(db, () => fixedNow, { rateLimitPerSecond: 100_000 });
    const intent = await atJune2027.createIntent({ ...order, idempotencyKey: 'expiry' });
    const confirmWith = (expMonth: number, expYear: number) =>
      atJune2027.confirm(intent.id, intent.clientSecret, { number: '4242424242424242', expMonth, expYear, cvc: '123' });
    expect(await confirmWith(5, 2027)).toMatchObject({ error: { code: 'invalid_expiry_month' } });
    expect(await confirmWith(12, 26)).toMatchObject({ error: { code: 'invalid_expiry_year' } });
    expect(await confirmWith(6, 27)).toMatchObject({ kind: 'confirmed', charged: true });
  });

  test('3-D Secure: requires_action, then authentication decides; a second answer changes nothing', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: '3ds' });
    const pending = await payments.confirm(intent.id, intent.clientSecret, card('4000002500003155'));
    expect(pending).toMatchObject({ kind: 'requires-action', intent: { status: 'requires_action' } });
    const failed = await payments.authenticate(intent.id, intent.clientSecret, false);
    expect(failed).toMatchObject({
      kind: 'done',
      intent: { status: 'requires_payment_method', lastError: { code: 'payment_intent_authentication_failure' } },
    });
    // A stale "Complete" click after the failure must not mark the intent paid.
    expect(await payments.authenticate(intent.id, intent.clientSecret, true)).toMatchObject({
      intent: { status: 'requires_payment_method' },
    });

    await payments.confirm(intent.id, intent.clientSecret, card('4000002500003155'));
    const done = await payments.authenticate(intent.id, intent.clientSecret, true);
    expect(done).toMatchObject({ kind: 'done', intent: { status: 'succeeded' } });
  });
});

describe('cancelIntent', () => {
  test('an open intent becomes canceled and can no longer be confirmed; canceling again answers it again', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'cancel-open' });
    expect(await payments.cancelIntent(intent.id)).toMatchObject({ id: intent.id, status: 'canceled' });
    expect(await payments.confirm(intent.id, intent.clientSecret, card('4242424242424242'))).toMatchObject({
      kind: 'unexpected-state',
      intent: { status: 'canceled' },
    });
    expect(await payments.cancelIntent(intent.id)).toMatchObject({ status: 'canceled' });
  });

  test('an intent awaiting 3-D Secure is canceled too; its authentication then changes nothing', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'cancel-3ds' });
    await payments.confirm(intent.id, intent.clientSecret, card('4000002500003155'));
    expect(await payments.cancelIntent(intent.id)).toMatchObject({ status: 'canceled' });
    expect(await payments.authenticate(intent.id, intent.clientSecret, true)).toMatchObject({
      intent: { status: 'canceled' },
    });
  });

  test('a paid intent stays paid: the cancel answers it succeeded', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'cancel-paid' });
    await payments.confirm(intent.id, intent.clientSecret, card('4242424242424242'));
    expect(await payments.cancelIntent(intent.id)).toMatchObject({ status: 'succeeded' });
    expect((await payments.retrieveIntent(intent.id))?.status).toBe('succeeded');
  });

  test('unknown and malformed ids are null', async () => {
    expect(await payments.cancelIntent('pi_doesnotexist0000')).toBeNull();
    expect(await payments.cancelIntent('not an id')).toBeNull();
  });

  test('a cancel racing confirmations: either nothing is charged, or the cancel reports the payment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const intent = await payments.createIntent({ ...order, idempotencyKey: `cancel-race-${round}` });
      const [canceled, ...confirmations] = await Promise.all([
        payments.cancelIntent(intent.id),
        ...Array.from({ length: 3 }, () => payments.confirm(intent.id, intent.clientSecret, card('4242424242424242'))),
      ]);
      const final = (await payments.retrieveIntent(intent.id))?.status;
      expect(canceled?.status).toBe(final);
      const charged = confirmations.filter((result) => result.kind === 'confirmed' && result.charged);
      expect(charged).toHaveLength(final === 'succeeded' ? 1 : 0);
    }
  });
});

describe('refundIntent', () => {
  test('refunds a succeeded intent once; it stays succeeded, as with Stripe', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'refund' });
    await payments.confirm(intent.id, intent.clientSecret, card('4242424242424242'));
    expect(await payments.isRefunded(intent.id)).toBe(false);
    await payments.refundIntent(intent.id);
    await payments.refundIntent(intent.id);
    expect(await payments.isRefunded(intent.id)).toBe(true);
    expect((await payments.retrieveIntent(intent.id))?.status).toBe('succeeded');
  });

  test('refuses an intent that has not succeeded, and an unknown one', async () => {
    const intent = await payments.createIntent({ ...order, idempotencyKey: 'refund-open' });
    await expect(payments.refundIntent(intent.id)).rejects.toThrow(/not succeeded/);
    await expect(payments.refundIntent('pi_doesnotexist0000')).rejects.toThrow(/does not exist/);
    expect(await payments.isRefunded(intent.id)).toBe(false);
  });
});
