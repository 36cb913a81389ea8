/**
 * Issue 34 point 4, 'Paying by check or cash': step 2's Pay Now transitions (moved here from payment.machine.ts so
 * its chart stays under 450 lines) and the state that records a registration by check or cash. Where the
 * organization accepts it (the payment data's `help_paying.accepts_check_or_cash`), step 2 offers 'Pay by check or
 * cash' beside the card with the club's instructions; choosing it and 'Complete registration' (the waiver agreed as
 * for a card) sends the checkout with `payment_method: 'check_or_cash'`, and the registration ends as a paid one does
 * (the documents step where the team requires documents, then the claimed page) with 'Awaiting payment' and the
 * instructions. An organization that does not accept it: step 2 exactly as before (the card's transitions, in their
 * order). payment.setup.ts's setup() names every guard, action and actor these use.
 */
import { and } from 'xstate';
import type { AwaitingPayment } from '../api/help-paying.schemas';
import type { CheckoutRequest } from '../api/memberships';
import {
  type CheckOrCashOffer,
  checkoutParamsOf,
  checksOutWithoutCard,
  clubCheckOrCashOf,
  type PayEvent,
  type PaymentContext,
  type PaymentMethod,
  shownWaiverVersionOf,
} from './payment.context';

type Context = { context: PaymentContext };

export type { CheckOrCashOffer };

/**
 * Issue 34 point 4: the offer, where the organization accepts check or cash and something is to be paid (a full
 * discount or award checks out with the waiver only, as before).
 */
export function checkOrCashOf(context: PaymentContext): CheckOrCashOffer | null {
  return checksOutWithoutCard(context) ? null : clubCheckOrCashOf(context);
}

/** The checkout the registration by check or cash sends (the card's, with the waiver version shown); null: none. */
export function checkOrCashRequest(context: PaymentContext): CheckoutRequest | null {
  const params = checkoutParamsOf(context);
  if (params === null) return null;
  return { ...params, ...shownWaiverVersionOf(context) };
}

/**
 * Step 2's choice between the card and check or cash (taken only where the club accepts it); the family checkout's
 * step 2 takes it too (household-checkout.check-or-cash.ts), with its own `methodOffered`.
 */
export const choosePaymentMethod = {
  guard: { type: 'methodOffered', params: ({ event }: { event: { method: PaymentMethod } }) => event },
  actions: {
    type: 'choosePaymentMethod',
    params: ({ event }: { event: { method: PaymentMethod } }) => event,
  },
  description:
    "§4 Payment flow, issue 34 point 4: 'Pay by card' or 'Pay by check or cash' (with the club's instructions), where the " +
    'organization accepts check or cash.',
} as const;

type PayDone = { event: PayEvent };

/**
 * Issue 34 point 4: 'Complete registration' by check or cash, taken on step 2 whatever the card form is doing (it
 * needs none: loading, unavailable or ready); in `ready` the card's transitions (below) come first, and none of them
 * passes without a card but a payment charged and not recorded, which is recorded again.
 */
export const payByCheckOrCash = {
  guard: and(['paysByCheckOrCash', 'canPay']),
  target: '#payment.recordingCheckOrCash',
  actions: 'clearMessages',
  description:
    "§4 Payment flow, issue 34 point 4: 'Complete registration' by check or cash: the waiver agreed as for a card, no card " +
    'and no billing details.',
} as const;

/** Pay Now on step 2 (moved here from payment.machine.ts): the first transition whose guard passes. */
export const payTransitions = [
  {
    guard: 'alreadyPaid',
    target: '#payment.paying',
    actions: 'clearMessages',
    description: 'The card was charged but not recorded: record it again, never charge twice.',
  },
  {
    guard: and(['checksOutWithoutCard', 'canPay']),
    target: '#payment.paying',
    actions: { type: 'fixCheckout', params: ({ event }: PayDone) => event },
  },
  {
    guard: { type: 'payableByCard', params: ({ event }: PayDone) => event },
    target: '#payment.paying',
    actions: { type: 'fixCheckout', params: ({ event }: PayDone) => event },
    description: 'Spec §5: Pay is disabled without a team or with an unsigned waiver.',
  },
  {
    guard: { type: 'billingRefused', params: ({ event }: PayDone) => event },
    target: '.idle',
    actions: 'clearMessages',
    description: 'Spec §5: billing details the billing schema refuses are not paid with (the form shows why).',
  },
] as const;

type Failed = { event: { error: unknown } };

export function checkOrCashStates() {
  return {
    recordingCheckOrCash: {
      tags: ['busy'],
      description:
        "§4 Payment flow, issue 34 point 4: POST /api/memberships/checkout with payment_method 'check_or_cash': the membership " +
        "is recorded 'Awaiting payment' with its plan and the seat held the club's days; Pay Now is not handled here.",
      invoke: {
        id: 'checkOrCashCheckout',
        src: 'checkOrCashCheckout',
        input: ({ context }: Context) => checkOrCashRequest(context),
        onDone: {
          target: 'paid',
          actions: {
            type: 'storeAwaiting',
            params: ({ event }: { event: { output: AwaitingPayment } }) => event.output,
          },
          description:
            '§4 Payment flow, issue 34 point 4: recorded: as a paid checkout (the documents step where the team requires ' +
            "documents), then the claimed page with 'Awaiting payment' and the instructions.",
        },
        onError: [
          {
            guard: { type: 'refusedForWaiver', params: ({ event }: Failed) => event },
            target: 'rereadingWaiver',
            actions: { type: 'askWaiverAgainAfter', params: ({ event }: Failed) => event },
            description:
              '§5, issue 32 point 3: the waiver changed since it was shown (422 on waiver_version): nothing recorded; the ' +
              'new text is loaded and the agreement asked again.',
          },
          {
            target: 'checkout.ready.message',
            actions: { type: 'rememberCheckoutError', params: ({ event }: Failed) => event },
            description:
              "§8 Payment flow: the server's text (e.g. 'This organization does not accept checks or cash.'), else 'Something " +
              "went wrong.', shown on step 2.",
          },
        ],
      },
    },
  } as const;
}
