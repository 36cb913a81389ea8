/**
 * The family checkout's card payment (issue 20 points 1, 6): card-payment.machine.ts with the family's calls
 * (POST /api/household/checkout, /checkout-success) and what differs from one athlete's, swapped in by `.provide()`:
 * checkout answers a checkout id, which checkout-success records with the intent (never the lines the site sends);
 * a client secret is confirmed only while nothing was recorded (`payment_complete` 0); the checkout id is kept in this
 * tab before the card is confirmed, so a 3-D Secure return (which the payment page finds by its intent) records it.
 * household-checkout.machine.ts invokes it from `paying` (invoke id `cardPayment`). Not a `*.machine.ts` file: it
 * is card-payment's diagram.
 */
import { assign } from 'xstate';
import type { HouseholdCheckoutSuccessRequest } from '../api/household';
import { householdCheckout, householdCheckoutSuccess } from '../api/household';
import type { CardResult } from '../providers/card-payments/types';
import { keepHouseholdCheckout } from '../session/household-checkout';
import {
  type CardCheckout,
  type CardCheckoutAnswer,
  type CardPaymentContext,
  type CardRecord,
  type CardRecordAnswer,
  cardPaymentMachine,
} from './card-payment.machine';
import { apiCall } from './settle-unless-aborted';

/** checkout-success names the payment intent, or the SetupIntent of a checkout with nothing due today. */
function successRequest(
  checkoutId: string | number,
  setupIntent: boolean,
  intentId: string,
): HouseholdCheckoutSuccessRequest {
  return setupIntent
    ? { checkout_id: checkoutId, stripe_setup_intent_id: intentId }
    : { checkout_id: checkoutId, stripe_payment_intent_id: intentId };
}

export const householdCardPaymentMachine = cardPaymentMachine.provide({
  actors: {
    // Checkout calls are never aborted (no signal reaches the request): once sent, their answer is what the server
    // did. Only a stopped actor's answer is dropped.
    checkout: apiCall<CardCheckoutAnswer, CardCheckout>((input) =>
      'athletes' in input ? householdCheckout(input) : Promise.reject(new Error('Not a family checkout.')),
    ),
    checkoutSuccess: apiCall<CardRecordAnswer, CardRecord>((input) =>
      'checkout_id' in input ? householdCheckoutSuccess(input) : Promise.reject(new Error('Not a family checkout.')),
    ),
  },
  guards: {
    needsConfirmation: (_, params: CardCheckoutAnswer) =>
      params.client_secret !== null && params.payment_complete === 0,
    returnedPaid: ({ context }: { context: CardPaymentContext }, params: CardResult) =>
      params.paymentIntent?.status === 'succeeded' && context.checkoutId !== null,
  },
  actions: {
    /** The 3-D Secure page may leave the site: this tab keeps which checkout the intent pays (never card data). */
    keepForReturn: (_, params: CardCheckoutAnswer) => {
      if (!('checkout_id' in params)) return;
      const intentId = params.setup_intent_id ?? params.payment_intent_id;
      if (intentId !== null) keepHouseholdCheckout({ checkoutId: params.checkout_id, intentId });
    },
    rememberPaidIntent: assign({
      paidCheckout: ({ context }, params: { result: CardResult }) =>
        context.checkoutId === null
          ? null
          : successRequest(context.checkoutId, context.setupIntentId !== null, params.result.paymentIntent?.id ?? ''),
    }),
    rememberReturnedPayment: assign({
      paidCheckout: ({ context }) =>
        context.returned === null || context.checkoutId === null
          ? null
          : successRequest(context.checkoutId, context.returned.setup, context.returned.paymentIntentId),
    }),
  },
});
