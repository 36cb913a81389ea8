import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type HttpStub, type StubRequest, type StubResponse, startHttpStub } from '../http-stub.ts';
import type { CardPayments } from '../types.ts';
import { createStripePayments } from './stripe-payments.ts';

/** Imitates Stripe's PaymentIntents API: form-encoded creates, idempotency keys honoured, 404 for unknown ids. */
function stripeApi(): (request: StubRequest) => StubResponse {
  const byKey = new Map<string, Record<string, unknown>>();
  const byId = new Map<string, Record<string, unknown>>();
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
      if (intent) return { status: 200, body: intent };
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${retrieve[1]}'`,
          },
        },
      };
    }
    return { status: 500, body: { error: { type: 'api_error', message: 'stub: unexpected request' } } };
  };
}

let stub: HttpStub;
let payments: CardPayments;

beforeAll(async () => {
  const handle = stripeApi();
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
});
