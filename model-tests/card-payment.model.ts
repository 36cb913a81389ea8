/**
 * The card payment's model (card-payment.machine.ts): its inputs, the answers of the card provider and the API, and
 * per-state checks. Its own test walks it from each way in; the payment flow runs it as its child `cardPayment`
 * (ModelConfig.children), so the payment flow's paths go through these same steps.
 */
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../src/api/errors';
import type { Receipt } from '../src/api/schemas';
import { type CardPaymentInput, cardPaymentMachine } from '../src/machines/card-payment.machine';
import { CARD_TEXTS } from '../src/machines/payment-texts';
import type { CardFormHandle } from '../src/providers/card-payments/types';
import { defineModel, doneEvent, errorEvent } from './harness/index.ts';

type Snapshot = SnapshotFrom<typeof cardPaymentMachine>;

export const RETURN_URL = 'http://localhost:3000/payment';
export const DECLINED = 'Your card was declined.';
export const INCOMPLETE = 'Your card number is incomplete.';

export const fakeCard: CardFormHandle = {
  submit: () => Promise.resolve({}),
  confirm: () => Promise.resolve({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
  confirmSetup: () => Promise.resolve({ setupIntent: { id: 'seti_1', status: 'succeeded' } }),
};

export const serverDown = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
export const checkoutRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The selected plan is not offered.',
  body: { message: 'The selected plan is not offered.', messages: {} },
});
export const discountExpired = new ApiError({
  kind: 'http',
  status: 422,
  message: 'Discount expired.',
  body: { message: 'Discount expired.', error: 'This discount is no longer valid.' },
});

/** Issue 32 point 3: the server's text when the waiver changed since it was shown (422 on `waiver_version`). */
export const WAIVER_CHANGED = 'The waiver has changed since you read it. Read the new text and agree to it again.';
export const waiverChanged = new ApiError({
  kind: 'http',
  status: 422,
  message: WAIVER_CHANGED,
  messages: { waiver_version: [WAIVER_CHANGED] },
  body: { message: WAIVER_CHANGED, messages: { waiver_version: [WAIVER_CHANGED] } },
});

/** Whether a checkout sends the version of the waiver it showed (issue 32 point 3): only then can it be stale. */
export function sendsWaiverVersion(checkout: unknown): boolean {
  return typeof checkout === 'object' && checkout !== null && 'waiver_version' in checkout;
}

/**
 * What checkout-success repeats of the checkout: everything but the waiver's version (issue 32 point 3: the agreement
 * was recorded by checkout; checkout-success takes no `waiver_version`).
 */
function checkoutRecorded(checkout: unknown): object {
  if (typeof checkout !== 'object' || checkout === null) return {};
  return Object.fromEntries(Object.entries(checkout).filter(([field]) => field !== 'waiver_version'));
}

/** What checkout-success confirms for the 3-month plan paid by card (issue 15), in cents. */
export const cardReceipt: Receipt = {
  amount_cents: 10_700,
  team_name: '12U Tigers',
  season_name: 'Spring 2027',
  plan_name: '3 monthly payments',
  email: 'pat@example.com',
  card: { brand: 'visa', last4: '4242' },
  remaining: [
    { due_date: '2027-04-01', amount_cents: 13_733 },
    { due_date: '2027-05-01', amount_cents: 13_733 },
    { due_date: '2027-06-01', amount_cents: 13_734 },
  ],
  sibling_discount_cents: 0,
};

/** What the full-discount checkout confirms: nothing charged, no card, nothing left to pay. */
export const freeReceipt: Receipt = {
  amount_cents: 0,
  team_name: '12U Tigers',
  season_name: 'Spring 2027',
  plan_name: 'Pay in full',
  email: 'pat@example.com',
  card: null,
  remaining: [],
  sibling_discount_cents: 0,
};

/** A payer back from 3-D Secure: the intent, and the checkout the return URL kept. */
export const returned = {
  paymentIntentId: 'pi_3ds',
  clientSecret: 'pi_3ds_secret_abc',
  checkout: { payment_plan_month: 3, team_id: 1, discount_code: null, include_payment_protection_plan: true },
  setup: false,
};

/** Back from 3-D Secure on the SetupIntent of a plan with nothing due today (issue 15). */
export const returnedSetup = {
  paymentIntentId: 'seti_3ds',
  clientSecret: 'seti_3ds_secret_abc',
  checkout: { payment_plan_month: 10, team_id: 2, discount_code: null, include_payment_protection_plan: false },
  setup: true,
};

/** checkout-success names the intent a payment (or a return) confirmed: a SetupIntent for nothing due today. */
function recordedIntent(setup: boolean, id: string) {
  return setup ? { stripe_setup_intent_id: id } : { stripe_payment_intent_id: id };
}

const cardCheckout = { payment_plan_month: 3, team_id: 1, discount_code: null, include_payment_protection_plan: true };
const freeCheckout = {
  payment_plan_month: 0,
  team_id: 1,
  discount_code: 'FULLRIDE',
  include_payment_protection_plan: false,
};
/** §8 'Something went wrong' (a card checkout) and 'Something went wrong.' (a full discount), as the machine holds them. */
const CHECKOUT_FALLBACK = CARD_TEXTS.somethingWentWrong;
const FULL_DISCOUNT_CHECKOUT_FALLBACK = CARD_TEXTS.somethingWentWrongDot;
const byCard: CardPaymentInput = {
  checkout: cardCheckout,
  free: false,
  card: fakeCard,
  billing: { name: 'Pat Parent', email: 'pat@example.com', address: { country: 'US' } },
  returnUrl: RETURN_URL,
  paidCheckout: null,
  returned: null,
  checkoutId: null,
  fallbacks: { noIntent: CHECKOUT_FALLBACK, failure: CHECKOUT_FALLBACK },
};

/** What a card payment or return answers, keyed by its invoke: every guard branch of every step. */
export function cardPaymentAnswers(snapshot: Snapshot) {
  const free = snapshot.context.free;
  // Confirming a SetupIntent (nothing due today) answers that intent, as Stripe's confirmSetup does.
  const confirmed = snapshot.context.setupIntentId ?? 'pi_1';
  return [
    doneEvent('submitCard', {}),
    doneEvent('submitCard', { error: { type: 'validation_error', message: INCOMPLETE } }),
    errorEvent('submitCard', new Error('The card form went away.')),
    doneEvent('checkout', { client_secret: 'pi_1_secret_x', payment_intent_id: 'pi_1', payment_complete: 0 }),
    // Issue 15: nothing due today but later phases: a SetupIntent saves the card.
    doneEvent('checkout', {
      client_secret: 'seti_1_secret_x',
      payment_intent_id: null,
      setup_intent_id: 'seti_1',
      payment_complete: 0,
      receipt: null,
    }),
    // Only the full-discount checkout records a membership, and so answers a receipt (billing contract).
    doneEvent('checkout', {
      client_secret: null,
      payment_intent_id: null,
      payment_complete: 1,
      receipt: free ? freeReceipt : null,
    }),
    doneEvent('checkout', { client_secret: null, payment_intent_id: null, payment_complete: 0 }),
    errorEvent('checkout', free ? discountExpired : checkoutRefused),
    // Issue 32 point 3: the owner changed the waiver since the page showed the version this checkout sends.
    ...(sendsWaiverVersion(snapshot.context.checkout) ? [errorEvent('checkout', waiverChanged)] : []),
    doneEvent('confirmCard', { paymentIntent: { id: confirmed, status: 'succeeded' } }),
    doneEvent('confirmCard', { error: { type: 'card_error', code: 'card_declined', message: DECLINED } }),
    doneEvent('confirmCard', { paymentIntent: { id: confirmed, status: 'processing' } }),
    doneEvent('confirmCard', { paymentIntent: { id: confirmed, status: 'requires_action' } }),
    errorEvent('confirmCard', new Error('Network error')),
    doneEvent('checkoutSuccess', { payment_complete: 1, membership_id: 7, refunded: false, receipt: cardReceipt }),
    // The intent paid a team already paid for: refunded, nothing to confirm.
    doneEvent('checkoutSuccess', { payment_complete: 1, membership_id: 7, refunded: true, receipt: null }),
    errorEvent('checkoutSuccess', serverDown),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'succeeded' } }),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'processing' } }),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'requires_payment_method' } }),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'canceled' } }),
    errorEvent('paymentIntent', serverDown),
    { type: 'CONTINUE' as const },
    { type: 'RETRY' as const },
  ];
}

export const cardPaymentModel = defineModel({
  machine: cardPaymentMachine,
  inputs: {
    byCard,
    // §4 full discount: checkout without card; its failures fall back to 'Something went wrong.'.
    free: {
      ...byCard,
      checkout: freeCheckout,
      free: true,
      card: null,
      billing: null,
      fallbacks: { noIntent: FULL_DISCOUNT_CHECKOUT_FALLBACK, failure: FULL_DISCOUNT_CHECKOUT_FALLBACK },
    },
    // Charged before, not recorded: Pay Now records it again.
    alreadyPaid: {
      ...byCard,
      paidCheckout: { ...cardCheckout, stripe_payment_intent_id: 'pi_1' },
    },
    returned: { ...byCard, checkout: null, card: null, billing: null, returned },
    returnedSetup: { ...byCard, checkout: null, card: null, billing: null, returned: returnedSetup },
  },
  events: cardPaymentAnswers,
  states: {
    checkingOut: (snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'checkout', input: snapshot.context.checkout ?? {} }),
    confirmingCard: (snapshot, { invocations }) => {
      // One athlete's checkout (the family's is its own model's: household-checkout.model.ts).
      const given = snapshot.context.checkout;
      const checkout = given === null || !('team_id' in given) ? null : given;
      expect(invocations.at(-1)).toMatchObject({
        id: 'confirmCard',
        input: {
          clientSecret: snapshot.context.setupIntentId === null ? 'pi_1_secret_x' : 'seti_1_secret_x',
          setupIntentId: snapshot.context.setupIntentId,
          // A full discount with protection added is paid by card too: its return URL keeps the code.
          returnUrl:
            `http://localhost:3000/payment?payment_plan_month=${checkout?.payment_plan_month}&team_id=1` +
            (checkout?.discount_code ? `&discount_code=${checkout.discount_code}` : '') +
            `&include_payment_protection_plan=${checkout?.include_payment_protection_plan}`,
        },
      });
    },
    recordingPayment: (snapshot, { invocations }) =>
      // A card payment records the intent it confirmed, a return the one in the URL, with the checkout it paid.
      expect(invocations.at(-1)).toMatchObject({
        id: 'checkoutSuccess',
        input:
          snapshot.context.returned === null
            ? {
                ...checkoutRecorded(snapshot.context.checkout),
                ...recordedIntent(snapshot.context.setupIntentId !== null, snapshot.context.setupIntentId ?? 'pi_1'),
              }
            : {
                ...snapshot.context.returned.checkout,
                ...recordedIntent(snapshot.context.returned.setup, snapshot.context.returned.paymentIntentId),
              },
      }),
    'returning.retrievingIntent': (snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'paymentIntent', input: snapshot.context.returned ?? {} }),
    paid: (snapshot) => {
      expect(snapshot.output).toEqual({
        exit: 'paid',
        receipt: snapshot.context.receipt,
        refunded: snapshot.context.refunded,
      });
      // A refunded intent (a team already paid) has nothing to confirm but that.
      if (snapshot.context.refunded) expect(snapshot.context.receipt).toBeNull();
      // A full discount confirms its $0.00 checkout; a card payment what checkout-success recorded (if anything).
      if (snapshot.context.free) expect(snapshot.context.receipt).toEqual(freeReceipt);
      else expect([cardReceipt, null]).toContainEqual(snapshot.context.receipt);
    },
    retry: (snapshot) => expect(snapshot.output).toEqual({ exit: 'retry' }),
    refused: (snapshot) =>
      expect(snapshot.output).toEqual({
        exit: 'refused',
        message: snapshot.context.message,
        paidCheckout: snapshot.context.paidCheckout,
      }),
    failed: (snapshot) => {
      expect(snapshot.output).toEqual({
        exit: 'failed',
        error: snapshot.context.error,
        paidCheckout: snapshot.context.paidCheckout,
        cause: snapshot.context.cause,
      });
      // §8: a full-discount checkout without a server text says 'Something went wrong.'.
      if (snapshot.context.free && snapshot.context.error !== 'This discount is no longer valid.') {
        expect(snapshot.context.error).toEqual({ key: 'card.somethingWentWrongDot' });
      }
    },
  },
});
