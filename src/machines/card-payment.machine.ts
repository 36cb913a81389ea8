/**
 * One card payment (spec §4 Payment flow, Card payment; §8): Pay Now's attempt (card submit, checkout, confirm,
 * checkout-success; a full discount checks out without card) and the way back from the card provider's 3-D Secure
 * page (look the intent up, record it, show the result). Three flows invoke it (invoke id `cardPayment`) and map
 * each exit to where the payer goes next: the one-athlete payment flow (payment.machine.ts `paying`) runs it as it is,
 * with the calls of spec §7 (/api/memberships/checkout, /checkout-success); the family checkout
 * (household-checkout.machine.ts `paying`) runs `householdCardPaymentMachine` (household-card-payment.ts), and update
 * card (update-card.machine.ts `savingCard`, `confirmingReturn`) runs `updateCardPaymentMachine`
 * (update-card-payment.ts, issue 15 point 5: card-setup's SetupIntent, then the card saved): this machine with their
 * calls, guards and request builders swapped in by `.provide()`. What it is given and ends with, and the requests it
 * builds, are card-payment.context.ts's.
 *
 * Exits: `paid` (with the receipt the server answered: the payment flow goes on to the claimed page, which confirms
 * it), `refused` (a card or provider message for the checkout step), `failed` (a checkout failure for the checkout
 * step) and `retry` (after an unsuccessful return: the payment options load again). As in every flow, each final state
 * records its exit with the `leave` action and the root `output` reads it back (flow-exit.ts).
 * `refused` and `failed` carry the payment already charged, if any, so the next Pay Now records it instead of charging
 * again. Each API call is invoked from one state: checkout from `checkingOut`, checkout-success from
 * `recordingPayment`.
 *
 * A plan with nothing due today but later phases (issue 15) gets a SetupIntent from checkout: the card form confirms
 * it (saving the card) and checkout-success records it as `stripe_setup_intent_id`, after Pay Now or a return.
 *
 * Decisions the spec leaves open: a 3-D Secure return that paid exits `paid` like Pay Now (the payment flow's
 * confirmation on the claimed page then says 'Payment succeeded!'); a failed or unknown result is shown 5 seconds (or until Try again),
 * then the payment options load again. A saved card (update card: the guard `savesCardOnly`) shows no result screen:
 * a card or a return the provider did not confirm exits `refused` ('Your card could not be confirmed…'), a failed
 * save exits `failed` with its call's error, and the update-card page shows either at once.
 */
import { assign, setup } from 'xstate';
import { checkout, checkoutSuccess } from '../api/memberships';
import { PAYMENT_MESSAGE_MS } from '../domain/payment-rules';
import type { CardError, CardResult } from '../providers/card-payments/types';
import {
  type CardCheckout,
  type CardCheckoutAnswer,
  type CardPaymentContext,
  type CardPaymentEvent,
  type CardPaymentExit,
  type CardPaymentInput,
  type CardReceipt,
  type CardRecord,
  type CardRecordAnswer,
  confirmReturnUrl,
  exitTo,
  intentField,
  paidCheckoutOf,
  requireCheckout,
  requirePaidCheckout,
} from './card-payment.context';
import {
  cardErrorText,
  confirmCard,
  intentIs,
  retrievePaymentIntent,
  returningFromProvider,
  submitCard,
} from './card-steps';
import { exitOf } from './flow-exit';
import { checkoutFailureText, recordAfterReturnFailureText } from './payment.failures';
import { CARD_TEXTS, type ShownText } from './payment-texts';
import { apiCall } from './settle-unless-aborted';

export type {
  CardCheckout,
  CardCheckoutAnswer,
  CardPaymentContext,
  CardPaymentEvent,
  CardPaymentExit,
  CardPaymentInput,
  CardReceipt,
  CardRecord,
  CardRecordAnswer,
} from './card-payment.context';

export const cardPaymentMachine = setup({
  types: {
    input: {} as CardPaymentInput,
    context: {} as CardPaymentContext,
    events: {} as CardPaymentEvent,
    output: {} as CardPaymentExit,
  },
  delays: {
    /** §9: payment message timeout 5000 ms. */
    paymentMessage: PAYMENT_MESSAGE_MS,
  },
  actors: {
    // Checkout calls are never aborted (no signal reaches the request): once sent, their answer is what the server
    // did. Only a stopped actor's answer is dropped.
    checkout: apiCall<CardCheckoutAnswer, CardCheckout>((input) =>
      'team_id' in input
        ? checkout(input)
        : Promise.reject(new Error('A family checkout or a saved card has its own call.')),
    ),
    checkoutSuccess: apiCall<CardRecordAnswer, CardRecord>((input) =>
      'team_id' in input
        ? checkoutSuccess(input)
        : Promise.reject(new Error('A family checkout or a saved card has its own call.')),
    ),
    // Provider actors and the page's card provider (card-steps.ts).
    submitCard,
    confirmCard,
    retrievePaymentIntent,
  },
  guards: {
    isReturn: ({ context }) => context.returned !== null,
    alreadyPaid: ({ context }) => context.paidCheckout !== null,
    isFree: ({ context }) => context.free,
    /**
     * A card saved for later charges, nothing paid here (update-card-payment.ts provides true): a card the provider
     * did not confirm, a return it did not confirm and a failed save end the attempt at once, for the page to show.
     */
    savesCardOnly: () => false,
    /** The provider says paid, and the return URL kept the checkout to record it with. */
    returnedPaid: ({ context }, params: CardResult) =>
      params.paymentIntent?.status === 'succeeded' && context.returned?.checkout != null,
    /** Checkout gave a client secret to confirm by card (never with a full discount: nothing to charge). */
    needsConfirmation: ({ context }, params: CardCheckoutAnswer) => !context.free && params.client_secret !== null,
    cardRejected: (_, params: { error?: CardError | undefined }) => params.error !== undefined,
    checkedOut: (_, params: CardCheckoutAnswer) => params.payment_complete === 1,
    intentIs,
  },
  actions: {
    showMessage: assign({ message: (_, params: { message: ShownText }) => params.message }),
    showError: assign((_, params: { error: ShownText; cause?: unknown }) => ({
      error: params.error,
      cause: params.cause,
    })),
    clearError: assign({ error: null }),
    storeReceipt: assign((_, params: { receipt?: CardReceipt | null | undefined; refunded?: boolean | undefined }) => ({
      receipt: params.receipt ?? null,
      refunded: params.refunded ?? false,
    })),
    storeClientSecret: assign((_, params: CardCheckoutAnswer) => ({
      clientSecret: params.client_secret,
      setupIntentId: params.setup_intent_id ?? null,
      checkoutId: 'checkout_id' in params ? params.checkout_id : null,
    })),
    /**
     * Before the card is confirmed (3-D Secure may leave the page): the one-athlete return URL carries its checkout,
     * so nothing is kept here; the family checkout keeps its checkout id in this tab (household-card-payment.ts).
     */
    keepForReturn: (_, _params: CardCheckoutAnswer) => {},
    rememberPaidIntent: assign({
      paidCheckout: ({ context }, params: { result: CardResult }) => paidCheckoutOf(context, params.result),
    }),
    rememberReturnedPayment: assign({
      paidCheckout: ({ context }): CardRecord | null => {
        const returned = context.returned;
        if (returned === null || returned.checkout === null) return null;
        return { ...returned.checkout, ...intentField(returned.setup, returned.paymentIntentId) };
      },
    }),
    leave: assign({ exit: ({ context }, params: { exit: CardPaymentExit['exit'] }) => exitTo(context, params.exit) }),
  },
}).createMachine({
  id: 'cardPayment',
  description:
    'Spec §4 Card payment: Pay Now (card submit, checkout, confirm, checkout-success; a full discount checks out ' +
    'without card), or the return from the card provider (3-D Secure) with its result message (§8).',
  context: ({ input }) => ({
    ...input,
    clientSecret: null,
    setupIntentId: null,
    refunded: false,
    message: null,
    error: null,
    cause: null,
    receipt: null,
    exit: null,
  }),
  output: ({ context }) => exitOf(context),
  initial: 'start',
  states: {
    start: {
      description:
        'Spec §4: a return from the provider, a payment to record again, a full discount, or a card payment.',
      always: [
        { guard: 'isReturn', target: 'returning' },
        {
          guard: 'alreadyPaid',
          target: 'recordingPayment',
          description: 'The card was charged but not recorded: record it again, never charge twice.',
        },
        { guard: 'isFree', target: 'checkingOut', description: 'Spec §4: a full discount checks out without card.' },
        { target: 'submittingCard' },
      ],
    },
    submittingCard: {
      tags: ['busy'],
      description:
        'Spec §4 Card payment: the card form is submitted; §8 card or validation errors show the provider message.',
      invoke: {
        id: 'submitCard',
        src: 'submitCard',
        input: ({ context }) => ({ card: context.card }),
        onDone: [
          {
            guard: { type: 'cardRejected', params: ({ event }) => event.output },
            target: 'refused',
            actions: { type: 'showMessage', params: ({ event }) => ({ message: cardErrorText(event.output.error) }) },
          },
          { target: 'checkingOut' },
        ],
        onError: {
          target: 'refused',
          actions: { type: 'showMessage', params: { message: CARD_TEXTS.unexpectedError } },
        },
      },
    },
    checkingOut: {
      tags: ['busy'],
      description:
        'Spec §4: checkout gives a client secret to confirm by card (the server reuses its open intent), or with a ' +
        'full discount completes without card payment (payment_complete 1).',
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({ ...requireCheckout(context) }),
        onDone: [
          {
            guard: { type: 'needsConfirmation', params: ({ event }) => event.output },
            target: 'confirmingCard',
            actions: [
              { type: 'storeClientSecret', params: ({ event }) => event.output },
              { type: 'keepForReturn', params: ({ event }) => event.output },
            ],
          },
          {
            guard: { type: 'checkedOut', params: ({ event }) => event.output },
            target: 'paid',
            actions: { type: 'storeReceipt', params: ({ event }) => ({ receipt: event.output.receipt }) },
          },
          {
            target: 'failed',
            actions: { type: 'showError', params: ({ context }) => ({ error: context.fallbacks.noIntent }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'showError',
            params: ({ context, event }) => ({
              error: checkoutFailureText(event.error, context.fallbacks.failure),
              cause: event.error,
            }),
          },
        },
      },
    },
    confirmingCard: {
      tags: ['busy'],
      description: 'Spec §4: the card provider confirms without redirect unless required (3-D Secure leaves the page).',
      invoke: {
        id: 'confirmCard',
        src: 'confirmCard',
        input: ({ context }) => ({
          card: context.card,
          clientSecret: context.clientSecret,
          setupIntentId: context.setupIntentId,
          billing: context.billing,
          returnUrl: confirmReturnUrl(context),
        }),
        onDone: [
          {
            guard: { type: 'intentIs', params: ({ event }) => ({ result: event.output, status: 'succeeded' }) },
            target: 'recordingPayment',
            actions: { type: 'rememberPaidIntent', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'cardRejected', params: ({ event }) => event.output },
            target: 'refused',
            actions: { type: 'showMessage', params: ({ event }) => ({ message: cardErrorText(event.output.error) }) },
          },
          {
            guard: 'savesCardOnly',
            target: 'refused',
            actions: { type: 'showMessage', params: { message: CARD_TEXTS.notConfirmed } },
          },
          {
            guard: { type: 'intentIs', params: ({ event }) => ({ result: event.output, status: 'processing' }) },
            target: 'refused',
            actions: { type: 'showMessage', params: { message: CARD_TEXTS.processing } },
          },
          {
            target: 'refused',
            actions: { type: 'showMessage', params: { message: CARD_TEXTS.somethingWentWrongDot } },
          },
        ],
        onError: {
          target: 'refused',
          actions: { type: 'showMessage', params: { message: CARD_TEXTS.unexpectedError } },
        },
      },
    },
    recordingPayment: {
      tags: ['busy'],
      description: 'Spec §4: then checkout-success is recorded (idempotent per intent), after Pay Now or a return.',
      invoke: {
        id: 'checkoutSuccess',
        src: 'checkoutSuccess',
        input: ({ context }) => requirePaidCheckout(context),
        onDone: { target: 'paid', actions: { type: 'storeReceipt', params: ({ event }) => event.output } },
        onError: [
          {
            guard: 'savesCardOnly',
            target: 'failed',
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                error: checkoutFailureText(event.error, CARD_TEXTS.somethingWentWrong),
                cause: event.error,
              }),
            },
          },
          {
            guard: 'isReturn',
            target: 'returning.recordFailed',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ error: recordAfterReturnFailureText(event.error) }),
            },
          },
          {
            target: 'failed',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ error: checkoutFailureText(event.error, CARD_TEXTS.somethingWentWrong) }),
            },
          },
        ],
      },
    },
    returning: returningFromProvider({
      description: 'Spec §4/§8: after return from the provider (3-D Secure) the result message is shown.',
      recorded: { target: '#cardPayment.recordingPayment', actions: 'rememberReturnedPayment' },
      retry: { target: '#cardPayment.retry' },
      notConfirmed: { target: '#cardPayment.refused' },
      recordAgain: { target: '#cardPayment.recordingPayment', actions: 'clearError' },
    }),
    paid: {
      type: 'final',
      description:
        'Spec §4: checked out (or recorded): on to the claimed page, which shows the confirmation (issue 15, 19.1).',
      entry: { type: 'leave', params: { exit: 'paid' } },
    },
    refused: {
      type: 'final',
      description: 'Spec §8 card form: the card or provider message, shown on the checkout step for 5 seconds.',
      entry: { type: 'leave', params: { exit: 'refused' } },
    },
    failed: {
      type: 'final',
      description: 'Spec §8 Checkout failure: shown on the checkout step for 5 seconds.',
      entry: { type: 'leave', params: { exit: 'failed' } },
    },
    retry: {
      type: 'final',
      description: 'Spec §8: after an unsuccessful return the payment options load again.',
      entry: { type: 'leave', params: { exit: 'retry' } },
    },
  },
});
