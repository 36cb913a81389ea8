/**
 * Update card's card payment (update-card-payment.ts: card-payment.machine.ts with card-setup and the saved card's
 * calls): every answer of its card steps and calls, and per-state checks of what it sends. update-card's model test
 * runs it for real as its child `cardPayment` (ModelConfig.children); card-payment's own test walks it too, so the
 * branches only a saved card takes (`savesCardOnly`) are covered there.
 */
import { expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { CardPaymentInput } from '../src/machines/card-payment.machine';
import { CARD_TEXTS } from '../src/machines/payment-texts';
import { updateCardPaymentMachine } from '../src/machines/update-card-payment';
import type { SetupFormHandle } from '../src/providers/card-payments/types';
import { defineModel, doneEvent, errorEvent } from './harness/index.ts';
import { collected } from './payments.fixtures';

export const UPDATE_CARD_RETURN_URL = 'http://localhost:3000/payments/update-card?membership_id=31';
export const DECLINED = 'Your card was declined.';
export const INCOMPLETE = 'Your card number is incomplete.';
export const unauthenticated = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
export const unavailable = new ApiError({
  kind: 'http',
  status: 503,
  message: 'The service is unavailable. Try again soon.',
});

export const fakeSetupCard: SetupFormHandle = {
  submit: () => Promise.resolve({}),
  confirmSetup: () => Promise.resolve({ setupIntent: { id: 'seti_1', status: 'succeeded' } }),
};

/** POST card-setup's SetupIntent, as the saved card's checkout answers it (a client secret to confirm). */
const setupCheckout = {
  client_secret: 'seti_1_secret_x',
  payment_intent_id: null,
  setup_intent_id: 'seti_1',
  payment_complete: 0,
  receipt: null,
};

/** The last call the card payment made was `id`, sent exactly `input`. */
function expectCall(invocations: readonly { id: string; input: unknown }[], id: string, input: unknown) {
  expect(invocations.at(-1)?.id).toBe(id);
  expect(invocations.at(-1)?.input).toEqual(input);
}

/** What saving the card answers (POST card): each outcome of the collection it starts. */
function saved(receipt: (typeof collected)[keyof typeof collected]) {
  return { receipt, refunded: false };
}

const savingCard: CardPaymentInput = {
  checkout: { membershipId: 31 },
  free: false,
  card: fakeSetupCard,
  billing: null,
  returnUrl: UPDATE_CARD_RETURN_URL,
  paidCheckout: null,
  returned: null,
  checkoutId: null,
  fallbacks: { noIntent: CARD_TEXTS.notConfirmed, failure: CARD_TEXTS.unexpectedError },
};

export const updateCardPaymentModel = defineModel({
  machine: updateCardPaymentMachine,
  name: 'cardPayment (update card)',
  inputs: {
    savingCard,
    savedCardReturn: {
      ...savingCard,
      card: null,
      returned: { paymentIntentId: 'seti_1', clientSecret: 'seti_1_secret_x', checkout: null, setup: true },
    },
  },
  events: {
    'xstate.done.actor.submitCard': [
      doneEvent('submitCard', {}),
      doneEvent('submitCard', { error: { type: 'validation_error', message: INCOMPLETE } }),
    ],
    'xstate.error.actor.submitCard': [errorEvent('submitCard', new Error('The card form went away.'))],
    'xstate.done.actor.checkout': [doneEvent('checkout', setupCheckout)],
    'xstate.error.actor.checkout': [errorEvent('checkout', unavailable), errorEvent('checkout', unauthenticated)],
    'xstate.done.actor.confirmCard': [
      doneEvent('confirmCard', { paymentIntent: { id: 'seti_1', status: 'succeeded' } }),
      doneEvent('confirmCard', { error: { type: 'card_error', code: 'card_declined', message: DECLINED } }),
      doneEvent('confirmCard', { paymentIntent: { id: 'seti_1', status: 'requires_payment_method' } }),
    ],
    'xstate.error.actor.confirmCard': [errorEvent('confirmCard', new Error('Stripe.js failed.'))],
    'xstate.done.actor.paymentIntent': [
      doneEvent('paymentIntent', { paymentIntent: { id: 'seti_1', status: 'succeeded' } }),
      doneEvent('paymentIntent', { paymentIntent: { id: 'seti_1', status: 'requires_payment_method' } }),
    ],
    'xstate.error.actor.paymentIntent': [errorEvent('paymentIntent', new Error('No such setup intent.'))],
    'xstate.done.actor.checkoutSuccess': [
      doneEvent('checkoutSuccess', saved(collected.paid)),
      doneEvent('checkoutSuccess', saved(collected.nothingDue)),
      doneEvent('checkoutSuccess', saved(collected.failed)),
      doneEvent('checkoutSuccess', saved(collected.failedWithoutMessage)),
      doneEvent('checkoutSuccess', saved(collected.needsAction)),
    ],
    'xstate.error.actor.checkoutSuccess': [
      errorEvent('checkoutSuccess', unavailable),
      errorEvent('checkoutSuccess', unauthenticated),
    ],
  },
  context: ['receipt', 'message', 'error'],
  states: {
    // card-setup for the membership of the page.
    checkingOut: (_snapshot, { invocations }) => expectCall(invocations, 'checkout', { membershipId: 31 }),
    // The card is the mounted form's handle (the fake one in the machine run, the sandbox form's in the UI run).
    confirmingCard: (_snapshot, { invocations }) =>
      expectCall(invocations, 'confirmCard', {
        card: expect.objectContaining({ confirmSetup: expect.any(Function) }),
        clientSecret: 'seti_1_secret_x',
        setupIntentId: 'seti_1',
        billing: null,
        returnUrl: UPDATE_CARD_RETURN_URL,
      }),
    'returning.retrievingIntent': (_snapshot, { invocations }) =>
      expectCall(invocations, 'paymentIntent', {
        paymentIntentId: 'seti_1',
        clientSecret: 'seti_1_secret_x',
        checkout: null,
        setup: true,
      }),
    // POST card saves the SetupIntent the card (or the return) confirmed.
    recordingPayment: (_snapshot, { invocations }) =>
      expectCall(invocations, 'checkoutSuccess', { membershipId: 31, setupIntentId: 'seti_1' }),
    paid: (snapshot) =>
      expect(snapshot.output).toEqual({ exit: 'paid', receipt: snapshot.context.receipt, refunded: false }),
    refused: (snapshot) =>
      expect(snapshot.output).toEqual({
        exit: 'refused',
        // The provider's texts as they came, or the card payment's own (catalogue keys).
        message: expect.toBeOneOf([INCOMPLETE, DECLINED, CARD_TEXTS.notConfirmed, CARD_TEXTS.unexpectedError]),
        paidCheckout: null,
      }),
    failed: (snapshot) => expect(snapshot.output).toMatchObject({ exit: 'failed', cause: expect.any(ApiError) }),
  },
});
