/**
 * The family checkout (issue 20 points 1, 2, 6): several athletes of one household in one payment. The payment flow
 * (payment.machine.ts) invokes it (invoke id `householdCheckout`) once 'Add another athlete' added a second athlete,
 * with the payment page's athlete and the added one. Context, events and rules: household-checkout.context.ts; named
 * actors, guards and actions: household-checkout.setup.ts.
 *
 * Step 1 lists every athlete (name, team, season) with 'Remove', per athlete the plan and the protection choice, and
 * one discount code; every change asks the server for a new quote (`quoting`: the site computes no family amount).
 * 'Add another athlete' runs the athlete steps again (athlete-steps.machine.ts, with the page's licence). Step 2 is
 * one fee summary, one waiver per organization, one card form and one 'Pay Now': one PaymentIntent for everything
 * due today (a SetupIntent when only instalments are), nothing with full discounts. A 409 naming athletes shows each
 * problem beside its athlete and keeps the others. The 3-D Secure return comes back here with the checkout id this
 * tab kept (session/household-checkout.ts).
 *
 * Exits: `paid` (the receipt, or refunded), `back` (Back on step 1: the payment page), `retry` (an unsuccessful
 * return: the payment page loads again).
 *
 * Decisions the contract leaves open: removing down to one athlete stays in the family checkout (it still quotes);
 * an athlete chosen again in the athlete steps is not added twice; a card payment is the same steps as the
 * one-athlete card payment (card-payment.machine.ts), here with the family checkout's calls.
 */
import {
  CHECKOUT_FALLBACK,
  FULL_DISCOUNT_CHECKOUT_FALLBACK,
  PAYMENT_PROCESSING,
  PAYMENT_SOMETHING_WENT_WRONG,
  UNEXPECTED_CARD_ERROR,
} from '../domain/payment-rules';
import { cardProviderStates } from './card-provider';
import { cardErrorText, returningFromProvider } from './card-steps';
import { exitOf } from './flow-exit';
import {
  checkoutRequestOf,
  type HouseholdCheckoutExit,
  type HouseholdCheckoutInput,
  initialHouseholdContext,
  quoteCallOf,
} from './household-checkout.context';
import { householdCheckoutSetup } from './household-checkout.setup';
import { checkoutFailureText, recordAfterReturnFailureText } from './payment.failures';

export type { HouseholdCheckoutExit, HouseholdCheckoutInput };

export const householdCheckoutMachine = householdCheckoutSetup.createMachine({
  id: 'householdCheckout',
  description:
    'Issue 20: the family checkout: every athlete with plan and protection, one code, one fee summary, one waiver ' +
    'per organization, one card payment.',
  context: ({ input }) => initialHouseholdContext(input),
  output: ({ context }) => exitOf(context),
  initial: 'start',
  states: {
    start: {
      description: 'Spec §4, issue 20 point 6: back from 3-D Secure, or a new family checkout.',
      always: [{ guard: 'isReturn', target: 'returning' }, { target: 'quoting' }],
    },
    quoting: {
      tags: ['busy'],
      description: 'Spec §4: POST /api/household/quote: every line priced by the server, on every change.',
      entry: 'startQuote',
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => quoteCallOf(context),
        onDone: {
          target: 'editing',
          actions: { type: 'storeQuote', params: ({ event }) => ({ quote: event.output }) },
        },
        onError: [
          {
            guard: { type: 'codeRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'rejectCode', params: ({ event }) => ({ error: event.error }) },
            description: "§8: 'Code not found.' / 'This discount code is no longer active.' beside the code.",
          },
          {
            guard: { type: 'addedOtherOrganization', params: ({ event }) => ({ error: event.error }) },
            target: 'quoting',
            reenter: true,
            actions: { type: 'dropAddedAthlete', params: ({ event }) => ({ error: event.error }) },
            description:
              'Issue 20 point 1: the athlete added last is of another organization (422): taken out again, the ' +
              'others quoted, and step 1 says why.',
          },
          {
            target: 'quoteFailed',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    quoteFailed: {
      description: '§8 general mapping: the quote failed; the payer may try again or go back.',
      on: { RETRY: { target: 'quoting' }, BACK: { target: 'back' } },
    },
    editing: {
      description:
        "Spec §4: Step 1: the athletes with 'Remove', plan and protection per athlete, the code; Next when ready.",
      exit: 'forgetNotice',
      on: {
        SELECT_PLAN: {
          guard: { type: 'planOffered', params: ({ event }) => event },
          target: 'quoting',
          actions: { type: 'selectPlan', params: ({ event }) => event },
        },
        TOGGLE_PROTECTION: {
          guard: { type: 'offersProtection', params: ({ event }) => event },
          target: 'quoting',
          actions: { type: 'toggleProtection', params: ({ event }) => event },
        },
        REMOVE_ATHLETE: {
          guard: { type: 'canRemove', params: ({ event }) => event },
          target: 'quoting',
          actions: { type: 'removeAthlete', params: ({ event }) => event },
          description: 'Spec §4: Down to one athlete is allowed: it still quotes.',
        },
        APPLY_DISCOUNT: [
          {
            guard: { type: 'clearsCode', params: ({ event }) => event },
            target: 'quoting',
            actions: 'clearCode',
            description: '§5: an empty code clears the discount.',
          },
          { guard: { type: 'emptyCode', params: ({ event }) => event }, actions: 'clearCodeError' },
          { guard: { type: 'sameCode', params: ({ event }) => event }, description: '§5: the same code does nothing.' },
          {
            target: 'quoting',
            actions: { type: 'lookUpCode', params: ({ event }) => event },
            description: 'Spec §4: The server validates the code with the quote.',
          },
        ],
        ADD_ATHLETE: { guard: 'canAddAthlete', target: 'addingAthlete' },
        NEXT: { guard: 'quoteReady', target: 'review' },
        BACK: { target: 'back' },
      },
    },
    addingAthlete: {
      description:
        "Spec §4: 'Add another athlete': the athlete steps (pick or create, membership check, claim the licence).",
      invoke: {
        id: 'athleteSteps',
        src: 'athleteSteps',
        input: ({ context }) => ({ license: context.license, opensAt: 'athleteList' as const }),
        onDone: [
          {
            guard: { type: 'addsNewAthlete', params: ({ event }) => event.output },
            target: 'quoting',
            actions: { type: 'addAthlete', params: ({ event }) => event.output },
          },
          { target: 'editing', description: 'Spec §4: Back, or an athlete already in the checkout: nothing changes.' },
        ],
      },
    },
    review: {
      description: 'Spec §4: Step 2: one fee summary, one waiver per organization, one card form and Pay Now.',
      initial: 'preparing',
      exit: 'clearMessages',
      on: {
        AGREE_WAIVER: { actions: 'setWaiverAgreement' },
        BACK: { target: 'editing' },
      },
      states: {
        preparing: {
          description: 'Spec §4: Full discounts need no card; otherwise the card form loads (once).',
          always: [
            { guard: 'checksOutWithoutCard', target: 'ready' },
            { guard: 'cardFormLoaded', target: 'ready' },
            { target: 'loadingCard' },
          ],
        },
        ...cardProviderStates(),
        ready: {
          description:
            "Spec §4, §5: 'Pay Now' waits for every waiver to be agreed and, unless nothing is charged, card and billing.",
          initial: 'idle',
          on: {
            PAY: [
              {
                guard: 'alreadyPaid',
                target: '#householdCheckout.paying.recording',
                actions: 'clearMessages',
                description: 'Spec §4: Charged but not recorded: record it again, never charge twice.',
              },
              {
                guard: 'canPayWithoutCard',
                target: '#householdCheckout.paying.checkingOut',
                actions: { type: 'fixPayment', params: { billing: null, card: null } },
              },
              {
                guard: { type: 'payableByCard', params: ({ event }) => event },
                target: '#householdCheckout.paying.submittingCard',
                actions: { type: 'fixPayment', params: ({ event }) => event },
              },
              {
                guard: { type: 'billingRefused', params: ({ event }) => event },
                target: '.idle',
                actions: 'clearMessages',
                description: '§5: billing details the schema refuses are not paid with (the form says why).',
              },
            ],
          },
          states: {
            idle: { description: 'Spec §4: Waiting for Pay Now.' },
            message: {
              description: '§8/§9: a card message or checkout failure, gone after 5 seconds.',
              after: { paymentMessage: { target: 'idle', actions: 'clearMessages' } },
            },
          },
        },
      },
    },
    paying: {
      tags: ['busy'],
      description: 'Spec §4: Pay Now in progress: card submit, checkout, card confirmation, checkout-success.',
      initial: 'submittingCard',
      states: {
        submittingCard: {
          description: 'The card form is submitted; §8 card errors show the provider message.',
          invoke: {
            id: 'submitCard',
            src: 'submitCard',
            input: ({ context }) => ({ card: context.card }),
            onDone: [
              {
                guard: { type: 'cardRejected', params: ({ event }) => event.output },
                target: '#householdCheckout.review.ready.message',
                actions: {
                  type: 'showMessage',
                  params: ({ event }) => ({ message: cardErrorText(event.output.error) }),
                },
              },
              { target: 'checkingOut' },
            ],
            onError: {
              target: '#householdCheckout.review.ready.message',
              actions: { type: 'showMessage', params: { message: UNEXPECTED_CARD_ERROR } },
            },
          },
        },
        checkingOut: {
          description:
            'Spec §4, issue 20: POST /api/household/checkout: one intent for everything due today (or a SetupIntent), or recorded at ' +
            'once with full discounts; a 409 names the athletes whose line failed.',
          invoke: {
            id: 'checkout',
            src: 'checkout',
            input: ({ context }) => checkoutRequestOf(context),
            onDone: [
              {
                guard: { type: 'checkedOut', params: ({ event }) => event.output },
                target: '#householdCheckout.paid',
                actions: [
                  { type: 'storeReceipt', params: ({ event }) => ({ receipt: event.output.receipt, refunded: false }) },
                  'forgetForReturn',
                ],
              },
              {
                guard: { type: 'needsConfirmation', params: ({ event }) => event.output },
                target: 'confirmingCard',
                actions: [
                  { type: 'storeCheckout', params: ({ event }) => event.output },
                  { type: 'keepForReturn', params: ({ event }) => event.output },
                ],
              },
              {
                target: '#householdCheckout.review.ready.message',
                actions: { type: 'showError', params: { error: CHECKOUT_FALLBACK } },
              },
            ],
            onError: [
              {
                guard: { type: 'hasLineProblems', params: ({ event }) => ({ error: event.error }) },
                target: '#householdCheckout.quoting',
                actions: { type: 'showProblems', params: ({ event }) => ({ error: event.error }) },
                description:
                  'Spec §4, issue 20 point 3: nothing charged; the problem beside each athlete, the others kept.',
              },
              {
                target: '#householdCheckout.review.ready.message',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ error: checkoutFailureText(event.error, FULL_DISCOUNT_CHECKOUT_FALLBACK) }),
                },
              },
            ],
          },
        },
        confirmingCard: {
          description: 'Spec §4: The card provider confirms the one intent (3-D Secure may leave the page).',
          invoke: {
            id: 'confirmCard',
            src: 'confirmCard',
            input: ({ context }) => ({
              card: context.card,
              clientSecret: context.clientSecret,
              setupIntentId: context.setupIntentId,
              billing: context.billing,
              returnUrl: context.returnUrl,
            }),
            onDone: [
              {
                guard: { type: 'intentIs', params: ({ event }) => ({ result: event.output, status: 'succeeded' }) },
                target: 'recording',
                actions: { type: 'rememberPaidIntent', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'cardRejected', params: ({ event }) => event.output },
                target: '#householdCheckout.review.ready.message',
                actions: {
                  type: 'showMessage',
                  params: ({ event }) => ({ message: cardErrorText(event.output.error) }),
                },
              },
              {
                guard: { type: 'intentIs', params: ({ event }) => ({ result: event.output, status: 'processing' }) },
                target: '#householdCheckout.review.ready.message',
                actions: { type: 'showMessage', params: { message: PAYMENT_PROCESSING } },
              },
              {
                target: '#householdCheckout.review.ready.message',
                actions: { type: 'showMessage', params: { message: PAYMENT_SOMETHING_WENT_WRONG } },
              },
            ],
            onError: {
              target: '#householdCheckout.review.ready.message',
              actions: { type: 'showMessage', params: { message: UNEXPECTED_CARD_ERROR } },
            },
          },
        },
        recording: {
          description: 'Spec §4: POST /api/household/checkout-success (idempotent), after Pay Now or a return.',
          invoke: {
            id: 'checkoutSuccess',
            src: 'checkoutSuccess',
            input: ({ context }) => {
              if (context.paidIntent === null) throw new Error('No paid intent to record.');
              return context.paidIntent;
            },
            onDone: {
              target: '#householdCheckout.paid',
              actions: [{ type: 'storeReceipt', params: ({ event }) => event.output }, 'forgetForReturn'],
            },
            onError: [
              {
                guard: 'isReturn',
                target: '#householdCheckout.returning.recordFailed',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ error: recordAfterReturnFailureText(event.error) }),
                },
              },
              {
                target: '#householdCheckout.review.ready.message',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ error: checkoutFailureText(event.error, CHECKOUT_FALLBACK) }),
                },
              },
            ],
          },
        },
      },
    },
    returning: returningFromProvider({
      description: 'Issue 20 point 6, §4/§8: back from 3-D Secure, the result is looked up and recorded.',
      recorded: { target: '#householdCheckout.paying.recording', actions: 'rememberReturnedIntent' },
      retry: { target: '#householdCheckout.retry', actions: 'forgetForReturn' },
      recordAgain: { target: '#householdCheckout.paying.recording', actions: 'clearMessages' },
    }),
    paid: {
      type: 'final',
      description: 'Spec §4: Paid (or recorded): the claimed page confirms every athlete.',
      entry: { type: 'leave', params: { exit: 'paid' } },
    },
    back: {
      type: 'final',
      description: 'Spec §4: Back on step 1: the payment page.',
      entry: { type: 'leave', params: { exit: 'back' } },
    },
    retry: {
      type: 'final',
      description: '§8: after an unsuccessful return the payment page loads again.',
      entry: { type: 'leave', params: { exit: 'retry' } },
    },
  },
});
