/**
 * Update card (issue 15 point 5, /payments/update-card?membership_id=N): the family enters a new card through the
 * card-payments adapter; it is confirmed as a SetupIntent (3-D Secure may leave for the provider and come back here),
 * saved as the membership's card, and every failed or overdue phase is charged at once. A charge that needs 3-D
 * Secure is authenticated through the adapter and, back on the page, collected. The result is the page's:
 * 'Payment succeeded!', the provider's message (try another card), or nothing due.
 *
 * The card part (submit, card-setup, confirm, the 3-D Secure return of the SetupIntent, saving the card, a refused
 * card) is the one card payment child (card-payment.machine.ts as `updateCardPaymentMachine`,
 * update-card-payment.ts), invoked as `cardPayment` from `savingCard` (the card form's SUBMIT) and
 * `confirmingReturn` (back from 3-D Secure); this machine keeps what is update card's own: the card provider, the
 * link without a membership, the collection's outcome (`settling`: paid, nothing due, or a charge to authenticate and
 * collect) and the way to /login when the session is no longer accepted (a 401 of a call, read from the child's
 * `failed` exit). Card code is never imported here: the route gives the provider's actors (machine.provide), as
 * /payment does. The way back from 3-D Secure is read as /payment's is (src/domain/payment-return.ts
 * `returnedPaymentFrom`), and the texts are the payment flow's (src/domain/payment-rules.ts), so a card refusal reads
 * the same on both pages.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError, errorText } from '../api/errors';
import { collect } from '../api/payments';
import type { CollectionOutcome, CollectionResult } from '../api/schemas';
import type { ReturnedPayment } from '../domain/payment-return';
import type { Message } from '../i18n/runtime';
import type { CardError, CardPayments, CardResult, SetupFormHandle } from '../providers/card-payments/types';
import { silentLogout } from '../session/logout';
import type { CardPaymentExit, CardPaymentInput } from './card-payment.machine';
import { cardErrorText } from './card-steps';
import { exitOf } from './flow-exit';
import { CARD_TEXTS, type ShownText } from './payment-texts';
import { apiCall } from './settle-unless-aborted';
import { updateCardPaymentMachine } from './update-card-payment';

/**
 * Coming back from the provider's 3-D Secure page, read from the query as /payment reads it: the SetupIntent of the
 * new card (`setup`), or the charge of it.
 */
export type UpdateCardReturn = ReturnedPayment;

export interface UpdateCardInput {
  /** The membership of the e-mailed link or the /payments action; null when the link lost it. */
  membershipId: number | null;
  returned: UpdateCardReturn | null;
  /** The absolute URL of this page for this membership, where the provider brings the family back. */
  returnUrl: string;
}

export interface UpdateCardExit {
  to: '/login';
  search: { returnUrl: string };
}

export interface UpdateCardContext {
  membershipId: number | null;
  returned: UpdateCardReturn | null;
  returnUrl: string;
  cardPayments: CardPayments | null;
  /** The mounted card form, handed over with SUBMIT. */
  card: SetupFormHandle | null;
  /** The answer of POST card or collect. */
  result: CollectionResult | null;
  /** The charge to collect after 3-D Secure. */
  paymentIntentId: string | null;
  /**
   * The text shown with the card form or the failure: the provider's or server's text, or a catalogue message (the
   * §8 mapping, issue 31).
   */
  message: ShownText | null;
  /** Where the flow leaves to, set on entering a final state; the machine's output. */
  exit: UpdateCardExit | null;
}

export type UpdateCardEvent = { type: 'SUBMIT'; card: SetupFormHandle | null } | { type: 'RETRY' };

export interface NextActionInput {
  clientSecret: string;
  paymentIntentId: string;
  returnUrl: string;
}

const NO_CARD_PROVIDER = 'This page has no card provider.';

/** 'The payment was not completed. Please try again or use another card.' (the page's own text). */
const PAYMENT_NOT_COMPLETED: Message = { key: 'payments.paymentNotCompleted' };

function membershipOf(context: UpdateCardContext): number {
  if (context.membershipId === null) throw new Error('Update card without a membership.');
  return context.membershipId;
}

function paymentIntentOf(context: UpdateCardContext): string {
  if (context.paymentIntentId === null) throw new Error('No payment intent to collect.');
  return context.paymentIntentId;
}

function nextActionOf(context: UpdateCardContext): NextActionInput {
  const intent = context.result?.payment_intent ?? null;
  if (intent === null) throw new Error('No payment intent needs authentication.');
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id, returnUrl: context.returnUrl };
}

/**
 * The card payment saves a card for this membership: the card form's (SUBMIT), or, back from 3-D Secure, the
 * SetupIntent the return names. Nothing is paid by it, so no billing details, no discount and nothing charged before.
 */
function cardPaymentInputOf(context: UpdateCardContext, returned: UpdateCardReturn | null): CardPaymentInput {
  return {
    checkout: { membershipId: membershipOf(context) },
    free: false,
    card: returned === null ? context.card : null,
    billing: null,
    returnUrl: context.returnUrl,
    paidCheckout: null,
    returned,
    checkoutId: null,
    fallbacks: { noIntent: CARD_TEXTS.notConfirmed, failure: CARD_TEXTS.unexpectedError },
  };
}

/** What saving the card collected (the saved card's calls answer no other receipt). */
function collectionOf(exit: CardPaymentExit): CollectionResult | null {
  return exit.exit === 'paid' && exit.receipt !== null && 'outcome' in exit.receipt ? exit.receipt : null;
}

/** The text of an attempt that ended without saving: the provider's message, or the failed call's §8 text. */
function exitText(exit: CardPaymentExit): ShownText {
  if (exit.exit === 'refused') return exit.message;
  if (exit.exit === 'failed') return exit.cause === null ? exit.error : errorText(exit.cause);
  return CARD_TEXTS.notConfirmed;
}

/** The card payment's done event, as the params functions below read it. */
type CardDone = { event: { output: CardPaymentExit } };
type FailureArgs = { event: { error: unknown } };
/** The places that show a failure: the card form (try again) or the page's failure (try another card). */
type FailureTarget = 'enteringCard.rejected' | 'failed';

/** The card payment ended: saved (the server's outcome decides), a 401 logs in again, or its text shows at `target`. */
function cardPaymentEnded(target: FailureTarget) {
  return [
    {
      guard: { type: 'cardSaved', params: ({ event }: CardDone) => event.output },
      target: 'settling',
      actions: { type: 'storeResult', params: ({ event }: CardDone) => collectionOf(event.output) },
    },
    {
      guard: { type: 'isUnauthorized', params: ({ event }: CardDone) => ({ error: failureCauseOf(event.output) }) },
      target: 'toLogin',
      actions: 'silentLogout',
    },
    {
      guard: { type: 'cardConfirmed', params: ({ event }: CardDone) => event.output },
      target: 'failed',
      actions: { type: 'showText', params: ({ event }: CardDone) => ({ text: exitText(event.output) }) },
      description: 'The card was confirmed but saving it failed: the page offers another card.',
    },
    { target, actions: { type: 'showText', params: ({ event }: CardDone) => ({ text: exitText(event.output) }) } },
  ] as const;
}

/** The error a failed card payment's call ended with, null for any other exit. */
function failureCauseOf(exit: CardPaymentExit): unknown {
  return exit.exit === 'failed' ? exit.cause : null;
}

/** A call of the site's API failed: a session it no longer accepts logs in again (spec §2); else its §8 text. */
function apiCallFailed(target: FailureTarget) {
  return [
    {
      guard: { type: 'isUnauthorized', params: ({ event }: FailureArgs) => ({ error: event.error }) },
      target: 'toLogin',
      actions: 'silentLogout',
    },
    { target, actions: { type: 'showApiError', params: ({ event }: FailureArgs) => ({ error: event.error }) } },
  ] as const;
}

export const updateCardMachine = setup({
  types: {
    context: {} as UpdateCardContext,
    events: {} as UpdateCardEvent,
    input: {} as UpdateCardInput,
    output: {} as UpdateCardExit,
    /** busy: a call is running; cardForm: the card form stays mounted (Stripe confirms with the mounted Element). */
    tags: {} as 'busy' | 'cardForm',
    // Types `snapshot.children.cardPayment` for the model test.
    children: {} as { cardPayment: 'cardPayment' },
  },
  actors: {
    // The card provider is the page's to give (machine.provide, src/providers/card-payments/update-card.actors.ts).
    cardPayments: fromPromise<CardPayments>(() => Promise.reject(new Error(NO_CARD_PROVIDER))),
    // The route gives it the provider's look-up of a returning SetupIntent, as /payment does.
    cardPayment: updateCardPaymentMachine,
    // Collecting is never aborted: once sent, its answer is what the server charged.
    collect: apiCall<CollectionResult, { membershipId: number; paymentIntentId: string }>((input) =>
      collect(input.membershipId, { payment_intent_id: input.paymentIntentId }),
    ),
    handleNextAction: fromPromise<CardResult, NextActionInput>(() => Promise.reject(new Error(NO_CARD_PROVIDER))),
  },
  guards: {
    hasNoMembership: ({ context }) => context.membershipId === null,
    isSetupReturn: ({ context }) => context.returned?.setup === true,
    isPaymentReturn: ({ context }) => context.returned?.setup === false,
    cardEntered: ({ event }) => event.type === 'SUBMIT' && event.card !== null,
    cardRejected: (_, params: { error?: CardError | undefined }) => params.error !== undefined,
    /** The card payment is saving the confirmed card: the card form is no longer needed. */
    savingConfirmedCard: (_, params: { saving: boolean }) => params.saving,
    cardSaved: (_, exit: CardPaymentExit) => exit.exit === 'paid',
    /** The card was confirmed (the exit carries what to save) before its save failed. */
    cardConfirmed: (_, exit: CardPaymentExit) => exit.exit === 'failed' && exit.paidCheckout !== null,
    isUnauthorized: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    outcomeIs: ({ context }, params: { outcome: CollectionOutcome }) => context.result?.outcome === params.outcome,
  },
  actions: {
    storeCardPayments: assign({ cardPayments: (_, params: CardPayments) => params }),
    rememberCard: assign({
      card: ({ event }) => {
        assertEvent(event, 'SUBMIT');
        return event.card;
      },
    }),
    rememberReturnedPayment: assign({
      paymentIntentId: ({ context }) => (context.returned?.setup === false ? context.returned.paymentIntentId : null),
    }),
    /** What POST card or collect answered (null only if the card payment confirmed none: then not completed). */
    storeResult: assign({
      result: (_, params: CollectionResult | null) => params,
      message: (_, params: CollectionResult | null) =>
        params === null
          ? PAYMENT_NOT_COMPLETED
          : (params.message ?? (params.outcome === 'failed' ? PAYMENT_NOT_COMPLETED : null)),
    }),
    rememberCollectedIntent: assign({
      paymentIntentId: ({ context }) => context.result?.payment_intent?.id ?? null,
    }),
    /** §8 card form, as on /payment: the provider's message for card and validation errors, else the fallback. */
    showCardError: assign({
      message: (_, params: { error?: CardError | undefined }) => cardErrorText(params.error),
    }),
    showApiError: assign({ message: (_, params: { error: unknown }) => errorText(params.error) }),
    showText: assign({ message: (_, params: { text: ShownText }) => params.text }),
    /** A new attempt starts with a new card and no earlier answer. */
    startOver: assign({ message: null, card: null, result: null }),
    silentLogout: () => {
      silentLogout();
    },
    leave: assign({ exit: (_, exit: UpdateCardExit) => exit }),
  },
}).createMachine({
  id: 'updateCard',
  description:
    'Spec §9 payment plans (issue 15 point 5): a new card becomes the saved card and every failed or overdue phase is charged at once.',
  context: ({ input }) => ({
    membershipId: input.membershipId,
    returned: input.returned,
    returnUrl: input.returnUrl,
    cardPayments: null,
    card: null,
    result: null,
    paymentIntentId: null,
    message: null,
    exit: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      description:
        'Spec §9 payment plans: The link names the membership; a return from 3-D Secure carries the intent it was for.',
      always: [
        { guard: 'hasNoMembership', target: 'noMembership' },
        { guard: 'isSetupReturn', target: 'confirmingReturn' },
        { guard: 'isPaymentReturn', target: 'collecting', actions: 'rememberReturnedPayment' },
        { target: 'loadingCard' },
      ],
    },
    noMembership: {
      description: 'Spec §9 payment plans: The link lost its membership: the page points back to /payments.',
    },
    loadingCard: {
      description: 'Spec §9 payment plans: The card provider loads lazily (Stripe.js or the sandbox form).',
      tags: ['busy'],
      invoke: {
        id: 'cardPayments',
        src: 'cardPayments',
        onDone: {
          target: 'enteringCard',
          actions: { type: 'storeCardPayments', params: ({ event }) => event.output },
        },
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description:
        'Spec §9 payment plans: The card provider could not load: the family cannot enter a card until a retry.',
      on: { RETRY: { target: 'loadingCard' } },
    },
    enteringCard: {
      tags: ['cardForm'],
      description:
        "Spec §9 payment plans: The card form and 'Save card'; a refused card shows the provider's message above it.",
      initial: 'idle',
      states: {
        idle: { description: 'Spec §9 payment plans: the card form, waiting for the card.' },
        rejected: { description: "The provider's message (card or validation error) or the §8 mapping." },
      },
      on: {
        SUBMIT: { guard: 'cardEntered', target: 'savingCard', actions: ['startOver', 'rememberCard'] },
      },
    },
    savingCard: {
      description:
        'Spec §9 payment plans: The card payment child saves the new card: the card form is validated (Stripe: ' +
        'elements.submit()), POST /api/memberships/{id}/card-setup gives a SetupIntent, the adapter confirms it ' +
        '(3-D Secure leaves for the provider), and POST /api/memberships/{id}/card saves the card and charges every ' +
        'failed or overdue phase at once.',
      tags: ['busy'],
      initial: 'withCard',
      states: {
        withCard: {
          tags: ['cardForm'],
          description: 'Spec §9 payment plans: the card form stays mounted while the card is checked and confirmed.',
        },
        saving: { description: 'Spec §9 payment plans: the confirmed card is being saved (and charged).' },
      },
      invoke: {
        id: 'cardPayment',
        src: 'cardPayment',
        input: ({ context }) => cardPaymentInputOf(context, null),
        onSnapshot: {
          guard: {
            type: 'savingConfirmedCard',
            params: ({ event }) => ({ saving: event.snapshot.matches('recordingPayment') }),
          },
          target: '.saving',
        },
        onDone: cardPaymentEnded('enteringCard.rejected'),
      },
    },
    confirmingReturn: {
      description:
        'Spec §9 payment plans: Back from 3-D Secure for the new card: the card payment child looks the SetupIntent ' +
        'up and, confirmed, saves the card (POST /api/memberships/{id}/card).',
      tags: ['busy'],
      invoke: {
        id: 'cardPayment',
        src: 'cardPayment',
        input: ({ context }) => cardPaymentInputOf(context, context.returned),
        onDone: cardPaymentEnded('failed'),
      },
    },
    authenticating: {
      description:
        'Spec §9 payment plans: The charge needs 3-D Secure: the adapter authenticates it (the sandbox leaves for its page).',
      tags: ['busy'],
      invoke: {
        id: 'handleNextAction',
        src: 'handleNextAction',
        input: ({ context }) => nextActionOf(context),
        onDone: [
          {
            guard: { type: 'cardRejected', params: ({ event }) => event.output },
            target: 'failed',
            actions: { type: 'showCardError', params: ({ event }) => event.output },
          },
          { target: 'collecting', actions: 'rememberCollectedIntent' },
        ],
        onError: { target: 'failed', actions: { type: 'showText', params: { text: PAYMENT_NOT_COMPLETED } } },
      },
    },
    collecting: {
      description:
        'Spec §9 payment plans: POST /api/memberships/{id}/collect: the authenticated charge is recorded (idempotent).',
      tags: ['busy'],
      invoke: {
        id: 'collect',
        src: 'collect',
        input: ({ context }) => ({ membershipId: membershipOf(context), paymentIntentId: paymentIntentOf(context) }),
        onDone: { target: 'settling', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        onError: apiCallFailed('failed'),
      },
    },
    settling: {
      description: "Spec §9 payment plans: The server's outcome decides what the page shows.",
      always: [
        { guard: { type: 'outcomeIs', params: { outcome: 'paid' } }, target: 'paid' },
        { guard: { type: 'outcomeIs', params: { outcome: 'nothing_due' } }, target: 'nothingDue' },
        { guard: { type: 'outcomeIs', params: { outcome: 'requires_action' } }, target: 'authenticating' },
        { target: 'failed' },
      ],
    },
    paid: {
      description:
        "Spec §9 payment plans: 'Payment succeeded!': the amount and the card it was charged to; a receipt is e-mailed.",
    },
    nothingDue: { description: 'Spec §9 payment plans: The card is saved; nothing was due, so nothing was charged.' },
    failed: {
      description: "The provider's message (or the §8 mapping); the family may try another card.",
      on: { RETRY: { target: 'loadingCard', actions: 'startOver' } },
    },
    toLogin: {
      description: 'Spec §2: the session is no longer accepted; log in again and come back to /payments.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login', search: { returnUrl: '/payments' } } },
    },
  },
  output: ({ context }) => exitOf(context),
});
