import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAthleteToken } from '../session/athlete-token';
import { setCurrentUser } from '../session/current-user';
import { jsonResponse, stubFetch } from './fetch-stub';
import { getHouseholdQuote, householdCheckout, householdCheckoutSuccess } from './household';
import { householdReceiptSchema, quoteSchema } from './household.schemas';
import { householdQuoteSample as quote, householdReceiptSample as receipt } from './household-samples';
import { paymentDataSchema } from './payment-data.schemas';
import { currentUserSchema, receiptSchema } from './schemas';
import * as samples from './wire-samples';

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'user-token' }));
  // The athlete steps stored an athlete's token: household calls still speak as the logged-in guardian.
  setAthleteToken('athlete-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const lines = [
  { athlete_id: 11, payment_plan_month: 0, include_payment_protection_plan: false },
  { athlete_id: 12, payment_plan_month: 0, include_payment_protection_plan: false },
];

describe('the family checkout calls (issue 20)', () => {
  it('quotes with the guardian token, money kept in cents', async () => {
    const requests = stubFetch(() => jsonResponse(quote));
    await expect(getHouseholdQuote({ athletes: lines, discount_code: null })).resolves.toEqual(quote);
    expect(requests[0]?.method).toBe('POST');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/household/quote');
    expect(requests[0]?.body).toEqual({ athletes: lines, discount_code: null });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it('checks out and records with the checkout id, as the guardian', async () => {
    const checkoutAnswer = {
      checkout_id: 'hc_1',
      client_secret: 'pi_1_secret_x',
      payment_intent_id: 'pi_1',
      setup_intent_id: null,
      payment_complete: 0,
      amount_today_cents: 90_500,
      receipt: null,
    };
    const success = { payment_complete: 1, membership_ids: [7, 8], refunded: false, receipt };
    const requests = stubFetch((request) =>
      request.url.endsWith('/checkout-success') ? jsonResponse(success) : jsonResponse(checkoutAnswer),
    );
    await expect(
      householdCheckout({ athletes: lines, discount_code: null, checkout_key: 'key-12345678' }),
    ).resolves.toEqual(checkoutAnswer);
    await expect(householdCheckoutSuccess({ checkout_id: 'hc_1', stripe_payment_intent_id: 'pi_1' })).resolves.toEqual(
      success,
    );
    expect(requests.map((request) => [request.method, new URL(request.url).pathname, request.body])).toEqual([
      ['POST', '/api/household/checkout', { athletes: lines, discount_code: null, checkout_key: 'key-12345678' }],
      ['POST', '/api/household/checkout-success', { checkout_id: 'hc_1', stripe_payment_intent_id: 'pi_1' }],
    ]);
    expect(requests.every((request) => request.headers.get('Authorization') === 'Bearer user-token')).toBe(true);
  });

  it('refuses a quote or receipt that drifts from the contract (dollars instead of cents, a missing field)', () => {
    expect(quoteSchema.safeParse({ ...quote, today_cents: 905.0 + 0.5 }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, ready: undefined }).success).toBe(false);
    expect(householdReceiptSchema.safeParse({ ...receipt, sibling_discount_cents: undefined }).success).toBe(false);
    expect(householdReceiptSchema.parse(receipt)).toEqual(receipt);
  });
});

describe('the one-athlete answers, tolerant of the household fields (issue 20 point 2)', () => {
  const data = {
    team: null,
    season: null,
    injury_protection_insurance: null,
    payment_plans: [],
    is_season_set: true,
    connected_account_stripe_id: null,
    error: null,
  };

  it('payment data without the new fields reads them as null (an older server)', () => {
    expect(paymentDataSchema.parse(data)).toMatchObject({ athlete: null, household: null });
  });

  it('payment data names the athlete and the household discount, its amount in cents', () => {
    const parsed = paymentDataSchema.parse({
      ...data,
      athlete: { id: 11, name: 'Sam Rivera' },
      household: { sibling_discount: '45.00', sibling_discount_percent: 10, position: 2 },
    });
    expect(parsed.athlete).toEqual({ id: 11, name: 'Sam Rivera' });
    expect(parsed.household).toEqual({ sibling_discount: 4_500, sibling_discount_percent: 10, position: 2 });
  });

  it("a receipt's sibling discount is 0 when absent or null", () => {
    const single = {
      amount_cents: 47_500,
      team_name: '12U Tigers',
      season_name: 'Spring 2027',
      plan_name: 'Pay in full',
      email: 'parent@example.com',
      card: null,
      remaining: [],
    };
    expect(receiptSchema.parse(single).sibling_discount_cents).toBe(0);
    expect(receiptSchema.parse({ ...single, sibling_discount_cents: null }).sibling_discount_cents).toBe(0);
    expect(receiptSchema.parse({ ...single, sibling_discount_cents: 4_500 }).sibling_discount_cents).toBe(4_500);
    expect(receiptSchema.safeParse({ ...single, sibling_discount_cents: 45.5 }).success).toBe(false);
  });
});
