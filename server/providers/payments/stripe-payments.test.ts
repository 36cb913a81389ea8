import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type HttpStub, type StubRequest, type StubResponse, startHttpStub } from '../http-stub.ts';
import type { CardPayments } from '../types.ts';
import { createStripePayments } from './stripe-payments.ts';

const missing = (id: string) => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` },
  },
});

/** Stripe's answer to canceling an intent that is paid or canceled already. */
const unexpectedState = (intent: Record<string, unknown>) => ({
  status: 400,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
    },
  },
});

/**
 * Imitates Stripe's PaymentIntents and Refunds APIs: form-encoded creates, idempotency keys honoured, 404 for unknown
 * ids, cancel only before payment, one refund per intent. `byId` lets a test play the browser that pays an intent.
 */
function stripeApi(byId: Map<string, Record<string, unknown>>): (request: StubRequest) => StubResponse {
  const byKey = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, { key: string; refund: Record<string, unknown> }>();
  return (request) => {
    if (request.headers.authorization !== 'Bearer sk_test_stub') return { status: 401, body: { error: {} } };
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      const key = String(request.headers['idempotency-key']);
      const existing = byKey.get(key);
      if (existing) return { status: 200, body: existing };
      const form = new URLSearchParams(request.body);
      const id = `pi_stub${byId.size + 1}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_stub`,
        metadata,
      };
      byKey.set(key, intent);
      byId.set(id, intent);
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve) {
      const intent = byId.get(retrieve[1]!);
      return intent ? { status: 200, body: intent } : missing(retrieve[1]!);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(request.path);
    if (request.method === 'POST' && cancel) {
      const intent = byId.get(cancel[1]!);
      if (!intent) return missing(cancel[1]!);
      if (intent.status === 'succeeded' || intent.status === 'canceled') return unexpectedState(intent);
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const id = String(new URLSearchParams(request.body).get('payment_intent'));
      const key = String(request.headers['idempotency-key']);
      const intent = byId.get(id);
      if (!intent) return missing(id);
      const earlier = refunds.get(id);
      if (earlier?.key === key) return { status: 200, body: earlier.refund };
      if (earlier) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded.',
            },
          },
        };
      }
      const refund = { id: `re_stub${refunds.size + 1}`, object: 'refund', amount: intent.amount, payment_intent: id };
      refunds.set(id, { key, refund });
      return { status: 200, body: refund };
    }
    return { status: 500, body: { error: { type: 'api_error', message: 'stub: unexpected request' } } };
  };
}

let stub: HttpStub;
let payments: CardPayments;
const stubIntents = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  const handle = stripeApi(stubIntents);
  stub = await startHttpStub((request) => {
    // Lets one test make Stripe fail for a single request.
    if (request.path.endsWith('pi_boom')) return { status: 400, body: { error: { type: 'invalid_request_error' } } };
    return handle(request);
  });
  payments = createStripePayments({ secretKey: 'sk_test_stub', apiBase: stub.url });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
});

describe('Stripe adapter against a local stub of the Stripe API', () => {
  test('createIntent sends amount, currency, metadata and the idempotency key, and maps the answer', async () => {
    const intent = await payments.createIntent({
      amountCents: 47_900,
      currency: 'usd',
      metadata: { user_id: '3', team_id: '1', payment_plan_month: '0' },
      idempotencyKey: 'checkout:3:1:0',
    });
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_stub\d+$/),
      clientSecret: `${intent.id}_secret_stub`,
      status: 'requires_payment_method',
      amountCents: 47_900,
      currency: 'usd',
      metadata: { user_id: '3', team_id: '1', payment_plan_month: '0' },
      paymentMethodId: null,
      lastError: null,
    });
    const [request] = stub.requests;
    expect(request?.headers['idempotency-key']).toBe('checkout:3:1:0');
    const form = new URLSearchParams(request?.body);
    expect(form.get('amount')).toBe('47900');
    expect(form.get('currency')).toBe('usd');
    expect(form.get('metadata[team_id]')).toBe('1');
  });

  test('the same idempotency key yields the same intent', async () => {
    const input = { amountCents: 100, currency: 'usd' as const, metadata: {}, idempotencyKey: 'same-key' };
    const first = await payments.createIntent(input);
    const second = await payments.createIntent(input);
    expect(second.id).toBe(first.id);
  });

  test('retrieveIntent reads the intent from Stripe; unknown ids are null without an error', async () => {
    const created = await payments.createIntent({
      amountCents: 2_500,
      currency: 'usd',
      metadata: {},
      idempotencyKey: 'retrieve',
    });
    expect(await payments.retrieveIntent(created.id)).toEqual(created);
    expect(await payments.retrieveIntent('pi_unknown')).toBeNull();
  });

  test('ids that cannot be Stripe ids are null and never sent', async () => {
    expect(await payments.retrieveIntent('../../v1/customers')).toBeNull();
    expect(stub.requests).toHaveLength(0);
  });

  test('other Stripe errors propagate', async () => {
    await expect(payments.retrieveIntent('pi_boom')).rejects.toThrow();
  });

  test('cancelIntent cancels an open intent; a paid or canceled one is answered as it is', async () => {
    const open = await payments.createIntent({ amountCents: 900, currency: 'usd', metadata: {}, idempotencyKey: 'c1' });
    expect(await payments.cancelIntent(open.id)).toMatchObject({ id: open.id, status: 'canceled' });
    expect(stub.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${open.id}/cancel` });
    // Canceling again: Stripe answers payment_intent_unexpected_state, the adapter reads the intent instead.
    expect(await payments.cancelIntent(open.id)).toMatchObject({ status: 'canceled' });

    const paid = await payments.createIntent({ amountCents: 900, currency: 'usd', metadata: {}, idempotencyKey: 'c2' });
    stubIntents.get(paid.id)!.status = 'succeeded';
    expect(await payments.cancelIntent(paid.id)).toMatchObject({ id: paid.id, status: 'succeeded' });
    expect(await payments.cancelIntent('pi_unknown')).toBeNull();
    expect(await payments.cancelIntent('../v1/customers')).toBeNull();
  });

  test('refundIntent refunds the whole intent with one idempotency key; a second refund is no error', async () => {
    const paid = await payments.createIntent({ amountCents: 900, currency: 'usd', metadata: {}, idempotencyKey: 'r1' });
    stubIntents.get(paid.id)!.status = 'succeeded';
    await payments.refundIntent(paid.id);
    const [refund] = stub.requests.filter((request) => request.path === '/v1/refunds');
    expect(new URLSearchParams(refund?.body).get('payment_intent')).toBe(paid.id);
    expect(new URLSearchParams(refund?.body).get('amount')).toBeNull();
    expect(refund?.headers['idempotency-key']).toBe(`refund-${paid.id}`);
    await expect(payments.refundIntent(paid.id)).resolves.toBeUndefined();
    await expect(payments.refundIntent('pi_unknown')).rejects.toThrow();
  });

  test('refundAmount refunds part of an intent with its amount and the caller key (issue 22)', async () => {
    const paid = await payments.createIntent({ amountCents: 900, currency: 'usd', metadata: {}, idempotencyKey: 'r3' });
    stubIntents.get(paid.id)!.status = 'succeeded';
    const outcome = await payments.refundAmount({ intentId: paid.id, amountCents: 450, idempotencyKey: 'refund-7' });
    expect(outcome).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_/) });
    const [refund] = stub.requests.filter((request) => request.path === '/v1/refunds');
    expect(new URLSearchParams(refund?.body).get('payment_intent')).toBe(paid.id);
    expect(new URLSearchParams(refund?.body).get('amount')).toBe('450');
    expect(refund?.headers['idempotency-key']).toBe('admin-refund-refund-7');
    // The stub refunds an intent once: a second refund of it is Stripe's charge_already_refunded, i.e. nothing left.
    expect(await payments.refundAmount({ intentId: paid.id, amountCents: 100, idempotencyKey: 'refund-8' })).toEqual({
      status: 'exceeds',
    });
    await expect(payments.refundAmount({ intentId: '../x', amountCents: 1, idempotencyKey: 'k' })).rejects.toThrow();
  });

  test('refundIntent of an intent refunded elsewhere (charge_already_refunded) is no error', async () => {
    const paid = await payments.createIntent({ amountCents: 900, currency: 'usd', metadata: {}, idempotencyKey: 'r2' });
    stubIntents.get(paid.id)!.status = 'succeeded';
    // Refunded from the Stripe dashboard, under another idempotency key.
    const dashboard = await fetch(`${stub.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer sk_test_stub',
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': 'dashboard',
      },
      body: new URLSearchParams({ payment_intent: paid.id }).toString(),
    });
    expect(dashboard.status).toBe(200);
    await expect(payments.refundIntent(paid.id)).resolves.toBeUndefined();
    expect(stub.requests.at(-1)?.path).toBe('/v1/refunds');
  });
});

describe('Stripe adapter: saved cards for payment plans', () => {
  /** Stripe's answer to an off-session charge that needs authentication: a card error carrying the failed intent. */
  const declinedCharge = (form: URLSearchParams) => ({
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        payment_intent: {
          id: 'pi_offsession1',
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: 'usd',
          status: 'requires_payment_method',
          client_secret: 'pi_offsession1_secret_x',
          metadata: {},
          payment_method: form.get('payment_method'),
        },
      },
    },
  });

  let savedStub: HttpStub;
  let saved: CardPayments;
  beforeAll(async () => {
    savedStub = await startHttpStub((request) => {
      const form = new URLSearchParams(request.body);
      if (request.path === '/v1/customers') return { status: 200, body: { id: 'cus_stub1', object: 'customer' } };
      if (request.path === '/v1/payment_intents' && form.get('off_session') === 'true') return declinedCharge(form);
      if (request.path === '/v1/payment_intents') {
        return {
          status: 200,
          body: {
            id: 'pi_save1',
            object: 'payment_intent',
            amount: Number(form.get('amount')),
            currency: 'usd',
            status: 'requires_payment_method',
            client_secret: 'pi_save1_secret_x',
            metadata: {},
            payment_method: null,
          },
        };
      }
      if (request.path === '/v1/payment_methods/pm_card1') {
        return {
          status: 200,
          body: { id: 'pm_card1', object: 'payment_method', card: { brand: 'visa', last4: '0341' } },
        };
      }
      return { status: 500, body: { error: { type: 'api_error', message: 'stub: unexpected request' } } };
    });
    saved = createStripePayments({ secretKey: 'sk_test_stub', apiBase: savedStub.url });
  });
  afterAll(() => savedStub.close());

  test('a plan with later phases creates the intent on the customer with setup_future_usage off_session', async () => {
    expect(await saved.createCustomer({ metadata: { user_id: '3' }, idempotencyKey: 'customer-user-3' })).toBe(
      'cus_stub1',
    );
    expect(savedStub.requests.at(-1)?.headers['idempotency-key']).toBe('customer-user-3');
    await saved.createIntent({
      amountCents: 7500,
      currency: 'usd',
      metadata: {},
      idempotencyKey: 'checkout-plan',
      customerId: 'cus_stub1',
      saveCard: true,
    });
    const form = new URLSearchParams(savedStub.requests.at(-1)?.body);
    expect(form.get('customer')).toBe('cus_stub1');
    expect(form.get('setup_future_usage')).toBe('off_session');
  });

  test('an off-session charge the bank declines answers failed with its code and message, not an exception', async () => {
    const charge = await saved.chargeSavedCard({
      customerId: 'cus_stub1',
      paymentMethodId: 'pm_card1',
      amountCents: 13_500,
      currency: 'usd',
      metadata: { kind: 'instalment' },
      idempotencyKey: 'phase-1-attempt-1',
      offSession: true,
    });
    expect(charge).toMatchObject({
      status: 'failed',
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
      intent: { id: 'pi_offsession1' },
    });
    const request = savedStub.requests.at(-1)!;
    expect(request.headers['idempotency-key']).toBe('phase-1-attempt-1');
    const form = new URLSearchParams(request.body);
    expect([form.get('confirm'), form.get('off_session'), form.get('payment_method')]).toEqual([
      'true',
      'true',
      'pm_card1',
    ]);
    expect(await saved.cardSummary('pm_card1')).toEqual({ brand: 'visa', last4: '0341' });
  });
});
