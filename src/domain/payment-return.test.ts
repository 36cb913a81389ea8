import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intentIdFromClientSecret, paymentReturnUrl, returnedPaymentFrom } from './payment-return.ts';

describe('the return URL', () => {
  it('is /payment with the checkout parameters, replacing any query', () => {
    const url = paymentReturnUrl('http://localhost:5173/payment?old=1', {
      payment_plan_month: 3,
      team_id: 1,
      discount_code: 'SAVE10',
      include_payment_protection_plan: true,
    });
    expect(url).toBe(
      'http://localhost:5173/payment?payment_plan_month=3&team_id=1&discount_code=SAVE10&include_payment_protection_plan=true',
    );
  });

  it('leaves an absent discount out', () => {
    const url = paymentReturnUrl('https://pay.example.com/payment', {
      payment_plan_month: 0,
      team_id: 7,
      discount_code: null,
      include_payment_protection_plan: false,
    });
    expect(new URL(url).searchParams.has('discount_code')).toBe(false);
  });
});

describe('a return from the provider', () => {
  it('is not one without a client secret', () => {
    expect(returnedPaymentFrom({})).toBeNull();
    expect(returnedPaymentFrom({ payment_intent: 'pi_1', redirect_status: 'succeeded' })).toBeNull();
  });

  it('reads the intent and the checkout parameters', () => {
    expect(
      returnedPaymentFrom({
        payment_intent: 'pi_9',
        payment_intent_client_secret: 'pi_9_secret_x',
        redirect_status: 'succeeded',
        payment_plan_month: 3,
        team_id: 1,
        include_payment_protection_plan: true,
      }),
    ).toEqual({
      paymentIntentId: 'pi_9',
      clientSecret: 'pi_9_secret_x',
      checkout: { payment_plan_month: 3, team_id: 1, discount_code: null, include_payment_protection_plan: true },
      setup: false,
    });
  });

  it("reads a SetupIntent's return (a plan with nothing due today saves the card)", () => {
    expect(
      returnedPaymentFrom({
        setup_intent: 'seti_9',
        setup_intent_client_secret: 'seti_9_secret_x',
        redirect_status: 'succeeded',
        payment_plan_month: 10,
        team_id: 2,
      }),
    ).toEqual({
      paymentIntentId: 'seti_9',
      clientSecret: 'seti_9_secret_x',
      checkout: { payment_plan_month: 10, team_id: 2, discount_code: null, include_payment_protection_plan: false },
      setup: true,
    });
  });

  it('takes the intent id from the secret when the provider left it out, and no checkout without a plan', () => {
    expect(returnedPaymentFrom({ payment_intent_client_secret: 'pi_5_secret_y', team_id: 1 })).toEqual({
      paymentIntentId: 'pi_5',
      clientSecret: 'pi_5_secret_y',
      checkout: null,
      setup: false,
    });
    expect(returnedPaymentFrom({ payment_intent_client_secret: 'nonsense' })).toBeNull();
    expect(intentIdFromClientSecret('_secret_x')).toBeNull();
  });

  it('round-trips every checkout through the URL the provider returns to', () => {
    fc.assert(
      fc.property(
        fc.record({
          payment_plan_month: fc.integer({ min: 0, max: 24 }),
          team_id: fc.integer({ min: 1, max: 1_000_000 }),
          discount_code: fc.option(fc.stringMatching(/^[A-Z0-9-]{1,12}$/), { nil: null }),
          include_payment_protection_plan: fc.boolean(),
        }),
        (checkout) => {
          const url = new URL(paymentReturnUrl('http://localhost:5173/payment', checkout));
          const query = url.searchParams;
          const back = returnedPaymentFrom({
            payment_intent: 'pi_1',
            payment_intent_client_secret: 'pi_1_secret_z',
            payment_plan_month: Number(query.get('payment_plan_month')),
            team_id: Number(query.get('team_id')),
            discount_code: query.get('discount_code') ?? undefined,
            include_payment_protection_plan: query.get('include_payment_protection_plan') === 'true',
          });
          expect(back?.checkout).toEqual(checkout);
        },
      ),
    );
  });
});
