/**
 * Issue 34 point 4 in the family checkout: 'Pay by check or cash' on step 2 (kept here so household-checkout.machine.ts
 * stays under 450 lines, as payment.check-or-cash.ts does for one athlete). Where the club accepts it (the input's
 * `checkOrCash`, the payment page's organization), step 2 offers it beside the card with the club's instructions;
 * choosing it and 'Complete registration' (every waiver agreed as for a card) sends the family checkout with
 * `payment_method: 'check_or_cash'`: every athlete recorded 'Awaiting payment' with its plan, the seats held the
 * club's days, nothing charged. Where the club does not accept it, step 2 is exactly as before.
 * household-checkout.setup.ts names every guard, action and actor these use.
 */
import { and } from 'xstate';
import type { HouseholdAwaiting } from '../api/household.schemas';
import { checkoutRequestOf, type HouseholdCheckoutContext } from './household-checkout.context';

export { choosePaymentMethod } from './payment.check-or-cash';

/**
 * 'Complete registration' by check or cash, taken on step 2 whatever the card form is doing (none is needed); in
 * `ready` the card's transitions come first, and none of them passes without a card but a charge not recorded yet.
 */
export const payByCheckOrCash = {
  guard: and(['paysByCheckOrCash', 'canPayNow']),
  target: '#householdCheckout.recordingCheckOrCash',
  actions: 'clearMessages',
  description:
    "Issue 34 point 4: 'Complete registration' by check or cash: every waiver agreed as for a card, no card and no " +
    'billing details.',
} as const;

type Failed = { event: { error: unknown } };
type Context = { context: HouseholdCheckoutContext };

export function householdCheckOrCashStates() {
  return {
    recordingCheckOrCash: {
      tags: ['busy'],
      description:
        "§4 Payment flow, issue 34 point 4: POST /api/household/checkout with payment_method 'check_or_cash': every athlete recorded " +
        "'Awaiting payment' with its plan, the seats held the club's days, the instructions e-mailed once.",
      invoke: {
        id: 'checkOrCashCheckout',
        src: 'checkOrCashCheckout',
        // The card's checkout (every line with its plan, the code, the key, the waiver's version); the call adds the method.
        input: ({ context }: Context) => checkoutRequestOf(context),
        onDone: {
          target: 'paid',
          actions: {
            type: 'storeAwaiting',
            params: ({ event }: { event: { output: HouseholdAwaiting } }) => event.output,
          },
          description: "Issue 34 point 4: recorded: the claimed page shows every athlete 'Awaiting payment'.",
        },
        onError: [
          {
            guard: { type: 'waiverChanged', params: ({ event }: Failed) => event },
            target: 'rereadingWaivers',
            actions: { type: 'askWaiversAgain', params: ({ event }: Failed) => event },
            description:
              'Issue 32 point 3: a waiver changed since it was shown (422 on waiver_version): nothing recorded; the new ' +
              'text is quoted again and every agreement asked again.',
          },
          {
            guard: { type: 'hasLineProblems', params: ({ event }: Failed) => event },
            target: 'quoting',
            actions: { type: 'showProblems', params: ({ event }: Failed) => event },
            description: 'Issue 20 point 3: a 409 naming athletes: nothing recorded; the problem beside each athlete.',
          },
          {
            target: 'review.ready.message',
            actions: { type: 'rememberError', params: ({ event }: Failed) => event },
            description:
              "§8: the server's text (e.g. 'This organization does not accept checks or cash.'), else 'Something went " +
              "wrong.', shown on step 2.",
          },
        ],
      },
    },
  } as const;
}
