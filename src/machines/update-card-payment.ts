/**
 * Update card's card payment (issue 15 point 5, /payments/update-card): card-payment.machine.ts with the calls of a
 * card saved for later charges, swapped in by `.provide()`: checkout is POST /api/memberships/{id}/card-setup, whose
 * SetupIntent the card form confirms (as a plan with nothing due today does), and checkout-success is
 * POST /api/memberships/{id}/card, which saves the card and charges every failed or overdue phase at once (its
 * answer, the collection, is the payment's receipt). A 3-D Secure return of the SetupIntent is looked up by the
 * child's `returning`, as a payment's; `savesCardOnly` ends an unconfirmed card or return, and a failed save, at
 * once (update-card.machine.ts shows them). update-card.machine.ts invokes it from `savingCard` and
 * `confirmingReturn` (invoke id `cardPayment`). Not a `*.machine.ts` file: it is card-payment's diagram.
 */
import { assign } from 'xstate';
import { saveCard, setupCard } from '../api/payments';
import type { CardSetup, CheckoutResponse } from '../api/schemas';
import type { CardResult } from '../providers/card-payments/types';
import type {
  CardCheckout,
  CardCheckoutAnswer,
  CardPaymentContext,
  CardRecord,
  CardRecordAnswer,
  SavedCardAnswer,
} from './card-payment.context';
import { cardPaymentMachine } from './card-payment.machine';
import { apiCall } from './settle-unless-aborted';

/** card-setup's SetupIntent, read as a checkout with nothing due today: a client secret the card confirms. */
function setupAsCheckout(setup: CardSetup): CheckoutResponse {
  return {
    client_secret: setup.client_secret,
    payment_intent_id: null,
    setup_intent_id: setup.setup_intent_id,
    payment_complete: 0,
    receipt: null,
  };
}

function notSavedCard(): Promise<never> {
  return Promise.reject(new Error('Not a card saved for later.'));
}

/** The saved card's membership (update card always gives it, also on a return). */
function membershipOf(context: CardPaymentContext): number | null {
  return context.checkout !== null && 'membershipId' in context.checkout ? context.checkout.membershipId : null;
}

/** What saving the card records: the membership and the SetupIntent the card confirmed. */
function savedCard(membershipId: number | null, setupIntentId: string | null): CardRecord | null {
  return membershipId === null || setupIntentId === null ? null : { membershipId, setupIntentId };
}

export const updateCardPaymentMachine = cardPaymentMachine.provide({
  actors: {
    checkout: apiCall<CardCheckoutAnswer, CardCheckout>((input, signal) =>
      'membershipId' in input ? setupCard(input.membershipId, { signal }).then(setupAsCheckout) : notSavedCard(),
    ),
    // Saving is never aborted: once sent, its answer is what the server charged.
    checkoutSuccess: apiCall<CardRecordAnswer, CardRecord>((input) =>
      'setupIntentId' in input
        ? saveCard(input.membershipId, { setup_intent_id: input.setupIntentId }).then(
            (receipt): SavedCardAnswer => ({ receipt, refunded: false }),
          )
        : notSavedCard(),
    ),
  },
  guards: {
    savesCardOnly: () => true,
    /** The provider confirmed the returning SetupIntent: it is saved for the membership update card was given. */
    returnedPaid: ({ context }: { context: CardPaymentContext }, params: CardResult) =>
      params.paymentIntent?.status === 'succeeded' && membershipOf(context) !== null,
  },
  actions: {
    rememberPaidIntent: assign({
      paidCheckout: ({ context }) => savedCard(membershipOf(context), context.setupIntentId),
    }),
    rememberReturnedPayment: assign({
      paidCheckout: ({ context }) => savedCard(membershipOf(context), context.returned?.paymentIntentId ?? null),
    }),
  },
});
