import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  couponSchema,
  organizationValidationSchema,
  planDetailsSchema,
  subscribeProcessResponseSchema,
  userSchema,
} from '../../src/api/schemas.ts';
import { planDetails } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const billing = {
  first_name: 'Pat',
  last_name: 'Rivera',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

async function cardToken(number: string): Promise<string> {
  const result = await t.call('POST', '/sandbox/billing/tokens', {
    body: {
      number,
      month: '12',
      year: String(new Date().getFullYear() + 2),
      cvv: '123',
      first_name: 'Pat',
      last_name: 'Rivera',
      address1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      country: 'US',
    },
  });
  expect(result.status, result.text).toBe(200);
  return (result.body as { id: string }).id;
}

describe('public subscription lookups', () => {
  it('validates only organizations that offer subscriptions', async () => {
    const check = async (x: string) =>
      expectOk(await t.call('GET', `/api/subscribe/validate-organization/${x}`), organizationValidationSchema).status;
    expect(await check('northside')).toBe(true);
    expect(await check('Northside')).toBe(true);
    expect(await check('lakeside')).toBe(false);
    expect(await check('anything')).toBe(false);
  });

  it('describes the coupons and refuses others', async () => {
    expect(expectOk(await t.call('GET', '/api/subscribe/coupon-details/SAVE5'), couponSchema)).toEqual({
      coupon_code: 'SAVE5',
      discount_type: 'dollars',
      discount_in_cents: 500,
      discount_percent: null,
      duration: 'temporal',
      applies_for_months: 3,
    });
    expect(expectOk(await t.call('GET', '/api/subscribe/coupon-details/halfoff'), couponSchema)).toMatchObject({
      coupon_code: 'HALFOFF',
      discount_type: 'percent',
      discount_percent: 50,
      duration: 'forever',
    });
    expectError(await t.call('GET', '/api/subscribe/coupon-details/FREE'), 404, 'This coupon is invalid.');
  });

  it('answers the plan details with or without a token', async () => {
    const anonymous = await t.call('POST', '/api/subscribe/plan-details', { body: {} });
    const details = expectOk(anonymous, planDetailsSchema);
    // The site's schema holds cents once parsed.
    expect(details).toEqual({
      monthly_price: 1499,
      annual_price: 11999,
      annual_price_pm: 1199,
      quarterly_price: 3999,
      trial_interval_length: 7,
      trial_interval_length_annual: 14,
      trial_interval_length_annual_pm: null,
      trial_interval_length_quarterly: null,
    });
    expect(anonymous.body).toMatchObject({ monthly_price: 14.99, annual_price: 119.99 });
    const withToken = await t.call('POST', '/api/subscribe/plan-details', {
      token: await t.tokenFor('parent@example.com'),
      body: {},
    });
    expect(withToken.body).toEqual(anonymous.body);
  });
});

describe('POST /api/subscribe/process', () => {
  it('subscribes with a good card; the user then shows the trial of the monthly plan', async () => {
    const token = await t.tokenFor('parent@example.com');
    const result = expectOk(
      await t.call('POST', '/api/subscribe/process', {
        token,
        body: { term: 'monthly', coupon_code: 'save5', token: await cardToken('4111 1111 1111 1111'), ...billing },
      }),
      subscribeProcessResponseSchema,
    );
    expect(result).toMatchObject({ status: 'success', subscription: { status_message: 'Trial period active.' } });
    const me = expectOk(await t.call('GET', '/api/user', { token }), userSchema);
    expect(me.has_subscription).toBe(true);
    expect(me.subscription?.status_message).toBe('Trial period active.');
    const paidThrough = new Date(me.subscription!.paid_through!).getTime();
    expect(Math.round((paidThrough - Date.now()) / 86_400_000)).toBe(7);
  });

  it('starts a paid period at once for a term without trial, and lets a trial user add billing', async () => {
    const token = await t.tokenFor('trial@example.com');
    const result = expectOk(
      await t.call('POST', '/api/subscribe/process', {
        token,
        body: { term: 'quarterly', coupon_code: null, token: await cardToken('4111111111111111'), ...billing },
      }),
      subscribeProcessResponseSchema,
    );
    expect(result).toMatchObject({ status: 'success', subscription: { status_message: 'Subscription active.' } });
  });

  it("answers the card status code for a declined card, and 'nosubplan' for a plan not offered", async () => {
    const token = await t.tokenFor('parent@example.com');
    const declined = expectOk(
      await t.call('POST', '/api/subscribe/process', {
        token,
        body: { term: 'annual', coupon_code: null, token: await cardToken('4000 0000 0000 0002'), ...billing },
      }),
      subscribeProcessResponseSchema,
    );
    expect(declined).toEqual({ status: 'error', message: 'declined' });
    await t.db.update(planDetails).set({ quarterlyPriceCents: null });
    const noPlan = expectOk(
      await t.call('POST', '/api/subscribe/process', {
        token,
        body: { term: 'quarterly', coupon_code: null, token: await cardToken('4111111111111111'), ...billing },
      }),
      subscribeProcessResponseSchema,
    );
    expect(noPlan).toEqual({ status: 'error', message: 'nosubplan' });
    const me = expectOk(await t.call('GET', '/api/user', { token }), userSchema);
    expect(me.subscription).toBeNull();
  });

  it('refuses an invalid coupon, a second subscription, bad fields and anonymous callers', async () => {
    const token = await t.tokenFor('parent@example.com');
    const card = await cardToken('4111111111111111');
    const coupon = expectError(
      await t.call('POST', '/api/subscribe/process', {
        token,
        body: { term: 'monthly', coupon_code: 'FREE', token: card, ...billing },
      }),
      422,
    );
    expect(coupon.messages.coupon_code).toEqual(['This coupon is invalid.']);
    expectError(
      await t.call('POST', '/api/subscribe/process', {
        token: await t.tokenFor('subscriber@example.com'),
        body: { term: 'monthly', coupon_code: null, token: card, ...billing },
      }),
      409,
      'You already have an active subscription.',
    );
    const fields = expectError(
      await t.call('POST', '/api/subscribe/process', {
        token,
        body: { term: 'weekly', token: card, ...billing, state: 'Illinois' },
      }),
      422,
    );
    expect(Object.keys(fields.messages).sort()).toEqual(['state', 'term']);
    expectError(
      await t.call('POST', '/api/subscribe/process', { body: { term: 'monthly', token: card, ...billing } }),
      401,
    );
  });
});
