/**
 * Issue 32 point 3 on the site: the payment flow and the family checkout send the version of the waiver they showed
 * (`waiver_version`), and a Pay Now refused because the owner changed the text meanwhile (422 on `waiver_version`)
 * shows the new text with the server's message and asks for the agreement again; agreed again, it pays.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import type { Quote } from '../api/household.schemas';
import { type PaymentData, paymentDataSchema } from '../api/payment-data.schemas';
import { currentUserSchema, type SubscriptionStatus, type User } from '../api/schemas';
import { initialBillingForm } from '../domain/forms/payment-billing';
import { createSandboxCardPayments } from '../providers/card-payments/sandbox-card-payments';
import type { CardError, CardFormHandle, CardPayments } from '../providers/card-payments/types';
import { type CardCheckout, type CardCheckoutAnswer, cardPaymentMachine } from './card-payment.machine';
import type { CardForm } from './card-steps';
import { checkoutRequestOf, initialHouseholdContext } from './household-checkout.context';
import { checkoutView, paymentScreenOf } from './payment.connect';
import { cardPaymentInput, initialContext, type PlansRequest } from './payment.context';
import { waiverChangedText } from './payment.failures';
import { paymentMachine } from './payment.machine';

const CHANGED = 'The waiver has changed since you read it. Read the new text and agree to it again.';
const waiverChanged = new ApiError({
  kind: 'http',
  status: 422,
  message: CHANGED,
  messages: { waiver_version: [CHANGED] },
  body: { message: CHANGED, messages: { waiver_version: [CHANGED] } },
});

function dataWith(waiver: string | null, version?: number): PaymentData {
  return paymentDataSchema.parse({
    team: {
      id: 1,
      name: '12U Tigers',
      total_dues: 450,
      athlete_deposit: 50,
      payment_plan_fee: 5,
      total_app_fee: 25,
      is_app_fee_itemized: true,
      waiver,
      ...(version === undefined ? {} : { waiver_version: version }),
    },
    season: { id: 1, name: 'Spring 2027', start_date: '2027-03-01' },
    injury_protection_insurance: null,
    payment_plans: [
      { month: 0, name: 'Pay in full', phases: [{ start_time_formatted: 'Today', amount: 475, base_amount: 475 }] },
    ],
    is_season_set: true,
    connected_account_stripe_id: null,
    error: null,
  });
}

const user = currentUserSchema.parse({
  id: 40,
  name: 'Pat Parent',
  email: 'pat@example.com',
  phone: '5551234567',
  username: null,
  is_new: false,
  is_coach: false,
  has_subscription: false,
  player: null,
  license: {
    license_code: 'TIGERS-2027',
    organization: { id: 1, name: 'Northside', waiver: 'Old text.', api_user_id: null, client: null },
  },
  subscription: null,
  token: 'user-token',
});

const card: CardFormHandle = {
  submit: () => Promise.resolve({}),
  confirm: () => Promise.resolve({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
  confirmSetup: () => Promise.resolve({ setupIntent: { id: 'seti_1', status: 'succeeded' } }),
};

describe('the version shown goes with Pay Now', () => {
  it('the one-athlete checkout sends the payment data’s waiver_version; none without a waiver or a version', () => {
    const checkout = { payment_plan_month: 0, team_id: 1, discount_code: null, include_payment_protection_plan: false };
    const at = (data: PaymentData) => cardPaymentInput({ ...initialContext({ user }), data, checkout }).checkout;
    expect(at(dataWith('Old text.', 4))).toEqual({ ...checkout, waiver_version: 4 });
    expect(at(dataWith(null, 4))).toEqual(checkout);
    expect(at(dataWith('Old text.'))).toEqual(checkout);
  });

  it('the family checkout sends the quote’s waiver version; none without a waiver', () => {
    const context = initialHouseholdContext({
      athletes: [{ id: 11, name: 'Sam Rivera' }],
      license: 'TIGERS-2027',
      user,
      returnUrl: 'http://localhost/payment',
      returned: null,
      checkoutKey: 'checkout-key-1',
    });
    const quote = (waivers: Quote['waivers']): Quote => ({
      athletes: [],
      waivers,
      discount: null,
      sibling_discount_cents: 0,
      today_cents: 0,
      later_cents: 0,
      total_cents: 0,
      ready: true,
    });
    const waiver = { organization_id: 1, organization_name: 'Northside', waiver: 'Old text.' };
    expect(checkoutRequestOf({ ...context, quote: quote([{ ...waiver, version: 2 }]) })).toMatchObject({
      waiver_version: 2,
    });
    expect(checkoutRequestOf({ ...context, quote: quote([]) })).not.toHaveProperty('waiver_version');
    expect(checkoutRequestOf({ ...context, quote: quote([waiver]) })).not.toHaveProperty('waiver_version');
  });

  it('reads the refusal of a changed waiver only from a 422 on waiver_version', () => {
    expect(waiverChangedText(waiverChanged)).toBe(CHANGED);
    const other = new ApiError({ kind: 'http', status: 422, message: 'x', messages: { discount_code: ['x'] } });
    expect(waiverChangedText(other)).toBeNull();
    expect(waiverChangedText(new Error(CHANGED))).toBeNull();
  });
});

describe('a waiver changed while checkout was open', () => {
  it('is refused with the server’s text, shows the new text unticked, and pays once agreed again', async () => {
    const sent: unknown[] = [];
    const shown = dataWith('Old text.', 1);
    const changed = dataWith('New text.', 2);
    let loads = 0;
    const machine = paymentMachine.provide({
      actors: {
        currentUser: fromPromise<User>(async () => user),
        subscriptionStatus: fromPromise<SubscriptionStatus>(async () => ({ payment_complete: 0 })),
        paymentPlans: fromPromise<PaymentData, PlansRequest>(async () => (loads++ === 0 ? shown : changed)),
        cardPayments: fromPromise<CardPayments>(async () =>
          createSandboxCardPayments({ navigate: () => undefined, now: () => new Date('2026-06-01T12:00:00Z') }),
        ),
        cardPayment: cardPaymentMachine.provide({
          actors: {
            submitCard: fromPromise<{ error?: CardError | undefined }, { card: CardForm | null }>(async () => ({})),
            checkout: fromPromise<CardCheckoutAnswer, CardCheckout>(async ({ input }) => {
              sent.push(input);
              if (sent.length === 1) throw waiverChanged;
              return { client_secret: null, payment_intent_id: null, payment_complete: 1, receipt: null };
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: { user, returned: null, returnUrl: 'http://localhost/payment' } });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('choosingPlan'));
    actor.send({ type: 'SELECT_PLAN', month: 0 });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ checkout: 'ready' }));
    actor.send({ type: 'AGREE_WAIVER', agreed: true });
    const billing = { ...initialBillingForm(user), name: 'Pat Parent' };
    actor.send({ type: 'PAY', billing, card });

    // Refused: the new text loads with checkout on screen, then checkout asks again with the server's text.
    await waitFor(actor, (snapshot) => snapshot.matches('rereadingWaiver') || snapshot.matches({ checkout: 'ready' }));
    await waitFor(actor, (snapshot) => snapshot.matches({ checkout: { ready: 'idle' } }));
    const asked = actor.getSnapshot();
    expect(paymentScreenOf(asked)).toBe('checkout');
    expect(checkoutView(asked)).toMatchObject({
      waiver: 'New text.',
      waiverAgreed: false,
      waiverTouched: false,
      waiverNotice: CHANGED,
      error: null,
    });
    expect(asked.can({ type: 'PAY', billing, card })).toBe(false);
    expect(sent[0]).toMatchObject({ waiver_version: 1 });

    // Agreed again: the notice goes, and Pay Now sends the new version.
    actor.send({ type: 'AGREE_WAIVER', agreed: true });
    expect(checkoutView(actor.getSnapshot()).waiverNotice).toBeNull();
    actor.send({ type: 'PAY', billing, card });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent[1]).toMatchObject({ waiver_version: 2 });
    expect(actor.getSnapshot().value).toBe('toClaimed');
    actor.stop();
  });
});
