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
 * an athlete chosen again in the athlete steps is not added twice; a card payment (and its 3-D Secure return) is the
 * one-athlete card payment's child machine (card-payment.machine.ts, invoke id `cardPayment`), provided with the
 * family checkout's calls (household-card-payment.ts).
 *
 * Issue 34 point 4: where the club accepts it, step 2 also offers 'Pay by check or cash' (household-checkout.check-or-
 * cash.ts): every athlete recorded 'Awaiting payment' through the one checkout, no card.
 */
import { cardProviderStates } from './card-provider';
import { exitOf } from './flow-exit';
import { choosePaymentMethod, householdCheckOrCashStates, payByCheckOrCash } from './household-checkout.check-or-cash';
import {
  cardPaymentInputOf,
  failureCauseOf,
  type HouseholdCheckoutExit,
  type HouseholdCheckoutInput,
  initialHouseholdContext,
  quoteCallOf,
} from './household-checkout.context';
import { householdCheckoutSetup } from './household-checkout.setup';

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
      always: [{ guard: 'isReturn', target: 'paying' }, { target: 'quoting' }],
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
        // Issue 34 point 4 (household-checkout.check-or-cash.ts): where the club accepts check or cash.
        CHOOSE_PAYMENT_METHOD: choosePaymentMethod,
        PAY: payByCheckOrCash,
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
                target: '#householdCheckout.paying',
                actions: 'clearMessages',
                description: 'Spec §4: Charged but not recorded: record it again, never charge twice.',
              },
              {
                guard: 'canPayWithoutCard',
                target: '#householdCheckout.paying',
                actions: { type: 'fixPayment', params: { billing: null, card: null } },
              },
              {
                guard: { type: 'payableByCard', params: ({ event }) => event },
                target: '#householdCheckout.paying',
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
      description:
        'Spec §4, issue 20: Pay Now in progress (card submit, POST /api/household/checkout: one intent for everything ' +
        'due today, a SetupIntent, or recorded at once with full discounts; card confirmation; checkout-success), or ' +
        "the 3-D Secure return: the one card payment with the family's calls (household-card-payment.ts).",
      invoke: {
        id: 'cardPayment',
        src: 'cardPayment',
        input: ({ context }) => cardPaymentInputOf(context),
        onDone: [
          {
            guard: { type: 'cardExited', params: ({ event }) => ({ exit: event.output, is: 'paid' }) },
            target: 'paid',
            actions: [{ type: 'storePaid', params: ({ event }) => event.output }, 'forgetForReturn'],
          },
          {
            guard: { type: 'cardExited', params: ({ event }) => ({ exit: event.output, is: 'retry' }) },
            target: 'retry',
            actions: 'forgetForReturn',
            description: '§8: after an unsuccessful return the payment page loads again.',
          },
          {
            guard: { type: 'waiverChanged', params: ({ event }) => ({ error: failureCauseOf(event.output) }) },
            target: 'rereadingWaivers',
            actions: { type: 'askWaiversAgain', params: ({ event }) => ({ error: failureCauseOf(event.output) }) },
            description:
              'Issue 32 point 3: a waiver changed since it was shown (422 on waiver_version): nothing charged; the new ' +
              'text is quoted again and every agreement asked again.',
          },
          {
            guard: { type: 'hasLineProblems', params: ({ event }) => ({ error: failureCauseOf(event.output) }) },
            target: 'quoting',
            actions: { type: 'showProblems', params: ({ event }) => ({ error: failureCauseOf(event.output) }) },
            description:
              'Spec §4, issue 20 point 3: a 409 naming athletes: nothing charged; the problem beside each athlete, ' +
              'the others kept.',
          },
          {
            target: 'review.ready.message',
            actions: { type: 'showOutcome', params: ({ event }) => event.output },
            description: '§8/§9: a card message or checkout failure on step 2, gone after 5 seconds.',
          },
        ],
      },
    },
    ...householdCheckOrCashStates(),
    rereadingWaivers: {
      tags: ['busy'],
      description:
        'Spec §5, issue 32 point 3: Pay Now was refused because the owner changed a waiver while the page was open (nothing ' +
        'charged): POST /api/household/quote again for the new text and its version; step 2 then shows it unticked ' +
        'with the server\'s "The waiver has changed…", and Pay Now sends the new version once agreed.',
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => quoteCallOf(context),
        onDone: {
          target: 'review',
          actions: { type: 'storeQuote', params: ({ event }) => ({ quote: event.output }) },
        },
        onError: {
          target: 'quoteFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
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
