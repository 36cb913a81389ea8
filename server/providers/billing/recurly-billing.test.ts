import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type HttpStub, type StubRequest, type StubResponse, startHttpStub } from '../http-stub.ts';
import type { ProviderLog } from '../provider-deps.ts';
import type { SubscriptionBilling } from '../types.ts';
import { createRecurlyBilling } from './recurly-billing.ts';

const silentLog: ProviderLog = { info() {}, warn() {}, error() {} };

/** What the stub answers to the next POST /purchases; each test sets it. */
let purchaseAnswer: StubResponse;
let stub: HttpStub;
let billing: SubscriptionBilling;

const transactionError = (code: string, category: string, message: string): StubResponse => ({
  status: 422,
  body: {
    error: {
      type: 'transaction',
      message,
      transaction_error: { object: 'transaction_error', code, category, message },
    },
  },
});

function recurlyApi(request: StubRequest): StubResponse {
  if (request.headers.authorization !== `Basic ${Buffer.from('rk_stub:').toString('base64')}`) {
    return { status: 401, body: { error: { type: 'unauthorized', message: 'bad key' } } };
  }
  if (request.method === 'POST' && request.path === '/purchases') return purchaseAnswer;
  if (request.method === 'GET' && request.path === '/accounts/code-user-42/subscriptions') {
    return {
      status: 200,
      body: { object: 'list', has_more: false, next: null, data: [{ object: 'subscription', id: 'sub-trial-1' }] },
    };
  }
  return { status: 404, body: { error: { type: 'not_found', message: `stub: no route ${request.path}` } } };
}

const purchase = (couponCode: string | null = null) =>
  billing.purchase({
    accountCode: 'user-42',
    email: 'parent@example.com',
    firstName: 'Pat',
    lastName: 'Rivera',
    term: 'annual-pm',
    couponCode,
    tokenId: 'tok-from-recurly-js',
  });

beforeAll(async () => {
  stub = await startHttpStub(recurlyApi);
  billing = createRecurlyBilling({ apiKey: 'rk_stub', apiBase: stub.url, log: silentLog });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
});

describe('Recurly adapter against a local stub of the Recurly v3 API', () => {
  test('purchases the term plan for the account with the Recurly.js token and coupon', async () => {
    purchaseAnswer = {
      status: 201,
      body: {
        object: 'invoice_collection',
        charge_invoice: { object: 'invoice', id: 'inv-1', subscription_ids: ['sub-annual-pm-1'] },
        credit_invoices: [],
      },
    };
    expect(await purchase('SAVE5')).toEqual({ ok: true, subscriptionId: 'sub-annual-pm-1' });
    expect(stub.requests).toHaveLength(1);
    const request = stub.requests[0]!;
    expect(request.headers.accept).toMatch(/^application\/vnd\.recurly\.v\d{4}-\d{2}-\d{2}$/);
    expect(JSON.parse(request.body)).toEqual({
      currency: 'USD',
      account: {
        code: 'user-42',
        email: 'parent@example.com',
        first_name: 'Pat',
        last_name: 'Rivera',
        billing_info: { token_id: 'tok-from-recurly-js' },
      },
      subscriptions: [{ plan_code: 'annual-pm' }],
      coupon_codes: ['SAVE5'],
    });
  });

  test('a free trial bills nothing: the subscription id comes from the account', async () => {
    purchaseAnswer = { status: 201, body: { object: 'invoice_collection', credit_invoices: [] } };
    expect(await purchase()).toEqual({ ok: true, subscriptionId: 'sub-trial-1' });
    expect(JSON.parse(stub.requests[0]!.body)).not.toHaveProperty('coupon_codes');
    expect(stub.requests[1]?.query.get('limit')).toBe('1');
  });

  test.each([
    ['a declined card', transactionError('declined', 'soft', 'Your card was declined.'), 'declined'],
    ['insufficient funds', transactionError('insufficient_funds', 'soft', 'Insufficient funds.'), 'declined'],
    ['a gateway timeout', transactionError('gateway_timeout', 'communication', 'Timeout.'), 'processor'],
    [
      'an unknown plan',
      { status: 404, body: { error: { type: 'not_found', message: "Couldn't find Plan with code = annual-pm" } } },
      'nosubplan',
    ],
    [
      'an invalid coupon (Recurly text shown as it is)',
      {
        status: 422,
        body: {
          error: {
            type: 'validation',
            message: 'Coupon code SAVE5 is expired',
            params: [{ param: 'coupon_codes', message: 'is expired' }],
          },
        },
      },
      'Coupon code SAVE5 is expired',
    ],
    [
      'a Recurly outage',
      { status: 503, body: { error: { type: 'service_unavailable', message: 'down' } } },
      'processor',
    ],
    ['a bad API key', { status: 403, body: { error: { type: 'invalid_api_key', message: 'nope' } } }, 'error'],
  ])('%s maps to %s', async (_label, answer, code) => {
    purchaseAnswer = answer as StubResponse;
    expect(await purchase()).toEqual({ ok: false, code });
  });
});

describe('unreachable Recurly', () => {
  test('a network failure answers error, not an exception', async () => {
    const closed = await startHttpStub(() => ({ status: 200 }));
    const url = closed.url;
    await closed.close();
    const offline = createRecurlyBilling({ apiKey: 'rk_stub', apiBase: url, log: silentLog });
    expect(
      await offline.purchase({
        accountCode: 'a',
        email: 'a@example.com',
        firstName: 'A',
        lastName: 'B',
        term: 'monthly',
        couponCode: null,
        tokenId: 't',
      }),
    ).toEqual({ ok: false, code: 'error' });
  });
});
