/**
 * Update card (issue 15 point 5, /payments/update-card?membership_id=N): the family enters a new card through the
 * card-payments adapter; it is confirmed as a SetupIntent (3-D Secure may leave for the provider and come back here),
 * saved as the membership's card, and every failed or overdue phase is charged at once. A charge that needs 3-D
 * Secure is authenticated through the adapter and, back on the page, collected. The result is the page's:
 * 'Payment succeeded!', the provider's message (try another card), or nothing due.
 *
 * Card code is never imported here: the route gives the provider's actors (machine.provide), as /payment does. The
 * way back from 3-D Secure is read as /payment's is (src/domain/payment-return.ts `returnedPaymentFrom`), and the texts
 * are the payment flow's (src/domain/payment-rules.ts), so a card refusal reads the same on both pages.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError, errorText } from '../api/errors';
import { collect, saveCard, setupCard } from '../api/payments';
import type { CardSetup, CollectionOutcome, CollectionResult } from '../api/schemas';
import type { ReturnedPayment } from '../domain/payment-return';
import {
  CARD_NOT_CONFIRMED,
  cardErrorMessage,
  PAYMENT_NOT_COMPLETED,
  UNEXPECTED_CARD_ERROR,
} from '../domain/payment-rules';
import type {
  CardError,
  CardPayments,
  CardResult,
  SetupFormHandle,
  SetupResult,
} from '../providers/card-payments/types';
import { silentLogout } from '../session/logout';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

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
  setup: CardSetup | null;
  /** The confirmed SetupIntent that POST card saves. */
  setupIntentId: string | null;
  /** The answer of POST card or collect. */
  result: CollectionResult | null;
  /** The charge to collect after 3-D Secure. */
  paymentIntentId: string | null;
  /** The text shown with the card form or the failure: the provider's message or the §8 mapping. */
  message: string | null;
  /** Where the flow leaves to, set on entering a final state; the machine's output. */
  exit: UpdateCardExit | null;
}

export type UpdateCardEvent = { type: 'SUBMIT'; card: SetupFormHandle | null } | { type: 'RETRY' };

export interface ConfirmSetupInput {
  card: SetupFormHandle | null;
  clientSecret: string;
  returnUrl: string;
}

export interface NextActionInput {
  clientSecret: string;
  paymentIntentId: string;
  returnUrl: string;
}

const NO_CARD_PROVIDER = 'This page has no card provider.';

function membershipOf(context: UpdateCardContext): number {
  if (context.membershipId === null) throw new Error('Update card without a membership.');
  return context.membershipId;
}

function setupOf(context: UpdateCardContext): CardSetup {
  if (context.setup === null) throw new Error('No SetupIntent to confirm: card-setup creates it first.');
  return context.setup;
}

function savedSetupIntentOf(context: UpdateCardContext): string {
  if (context.setupIntentId === null) throw new Error('No confirmed SetupIntent to save.');
  return context.setupIntentId;
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

function returnedSetupOf(context: UpdateCardContext): { clientSecret: string; setupIntentId: string } {
  if (context.returned?.setup !== true) throw new Error('Not a return from confirming a card.');
  return { clientSecret: context.returned.clientSecret, setupIntentId: context.returned.paymentIntentId };
}

/** The settled answer of a card provider call: a refused card carries the provider's error. */
type CardOutcomeArgs = { event: { output: { error?: CardError | undefined } } };
type FailureArgs = { event: { error: unknown } };
/** The places that show a failure: the card form (try again) or the page's failure (try another card). */
type FailureTarget = 'enteringCard.rejected' | 'failed';

/** The provider refused the card: its message (or the §8 mapping) shows at `target`. */
function cardRefused(target: FailureTarget) {
  return {
    guard: { type: 'cardRejected', params: ({ event }: CardOutcomeArgs) => event.output },
    target,
    actions: { type: 'showCardError', params: ({ event }: CardOutcomeArgs) => event.output },
  } as const;
}

/**
 * A call of the site's API failed: a session it no longer accepts logs in again (spec §2); any other failure shows
 * its §8 text at `target`.
 */
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
  },
  actors: {
    // The card provider is the page's to give (machine.provide, src/providers/card-payments/update-card.actors.ts).
    cardPayments: fromPromise<CardPayments>(() => Promise.reject(new Error(NO_CARD_PROVIDER))),
    submitCard: fromPromise<{ error?: CardError | undefined }, { card: SetupFormHandle | null }>(({ input }) => {
      if (input.card === null) return Promise.reject(new Error('No card form to submit.'));
      return input.card.submit();
    }),
    setupCard: apiCall<CardSetup, { membershipId: number }>((input, signal) =>
      setupCard(input.membershipId, { signal }),
    ),
    confirmSetup: fromPromise<SetupResult, ConfirmSetupInput>(({ input }) => {
      if (input.card === null) return Promise.reject(new Error('No card form to confirm with.'));
      return input.card.confirmSetup({ clientSecret: input.clientSecret, returnUrl: input.returnUrl });
    }),
    retrieveSetup: fromPromise<SetupResult, { clientSecret: string; setupIntentId: string }>(() =>
      Promise.reject(new Error(NO_CARD_PROVIDER)),
    ),
    // Saving and collecting are never aborted: once sent, their answer is what the server charged.
    saveCard: apiCall<CollectionResult, { membershipId: number; setupIntentId: string }>((input) =>
      saveCard(input.membershipId, { setup_intent_id: input.setupIntentId }),
    ),
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
    setupSucceeded: (_, params: SetupResult) => params.setupIntent?.status === 'succeeded',
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
    storeSetup: assign({ setup: (_, params: CardSetup) => params }),
    rememberSetupIntent: assign({ setupIntentId: (_, params: { id: string }) => params.id }),
    rememberReturnedPayment: assign({
      paymentIntentId: ({ context }) => (context.returned?.setup === false ? context.returned.paymentIntentId : null),
    }),
    storeResult: assign({
      result: (_, params: CollectionResult) => params,
      message: (_, params: CollectionResult) =>
        params.message ?? (params.outcome === 'failed' ? PAYMENT_NOT_COMPLETED : null),
    }),
    rememberCollectedIntent: assign({
      paymentIntentId: ({ context }) => context.result?.payment_intent?.id ?? null,
    }),
    /** §8 card form, as on /payment: the provider's message for card and validation errors, else the fallback. */
    showCardError: assign({
      message: (_, params: { error?: CardError | undefined }) =>
        params.error === undefined ? UNEXPECTED_CARD_ERROR : cardErrorMessage(params.error),
    }),
    showApiError: assign({ message: (_, params: { error: unknown }) => errorText(params.error) }),
    showText: assign({ message: (_, params: { text: string }) => params.text }),
    /** A new attempt starts with a new card and no earlier answer. */
    startOver: assign({ message: null, card: null, setup: null, setupIntentId: null, result: null }),
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
    setup: null,
    setupIntentId: null,
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
        { guard: 'isSetupReturn', target: 'retrievingSetup' },
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
        SUBMIT: { guard: 'cardEntered', target: 'submittingCard', actions: ['startOver', 'rememberCard'] },
      },
    },
    submittingCard: {
      description:
        'Spec §9 payment plans: The card form is validated before anything is sent (Stripe: elements.submit()).',
      tags: ['busy', 'cardForm'],
      invoke: {
        id: 'submitCard',
        src: 'submitCard',
        input: ({ context }) => ({ card: context.card }),
        onDone: [cardRefused('enteringCard.rejected'), { target: 'creatingSetup' }],
        onError: {
          target: 'enteringCard.rejected',
          actions: { type: 'showText', params: { text: UNEXPECTED_CARD_ERROR } },
        },
      },
    },
    creatingSetup: {
      description:
        'Spec §9 payment plans: POST /api/memberships/{id}/card-setup: a SetupIntent for off-session charges of the new card.',
      tags: ['busy', 'cardForm'],
      invoke: {
        id: 'setupCard',
        src: 'setupCard',
        input: ({ context }) => ({ membershipId: membershipOf(context) }),
        onDone: {
          target: 'confirmingSetup',
          actions: { type: 'storeSetup', params: ({ event }) => event.output },
        },
        onError: apiCallFailed('enteringCard.rejected'),
      },
    },
    confirmingSetup: {
      description:
        'Spec §9 payment plans: The adapter confirms the SetupIntent with the card; 3-D Secure leaves for the provider.',
      tags: ['busy', 'cardForm'],
      invoke: {
        id: 'confirmSetup',
        src: 'confirmSetup',
        input: ({ context }) => ({
          card: context.card,
          clientSecret: setupOf(context).client_secret,
          returnUrl: context.returnUrl,
        }),
        onDone: [
          {
            guard: { type: 'setupSucceeded', params: ({ event }) => event.output },
            target: 'savingCard',
            actions: {
              type: 'rememberSetupIntent',
              params: ({ context }) => ({ id: setupOf(context).setup_intent_id }),
            },
          },
          cardRefused('enteringCard.rejected'),
          {
            target: 'enteringCard.rejected',
            actions: { type: 'showText', params: { text: CARD_NOT_CONFIRMED } },
          },
        ],
        onError: {
          target: 'enteringCard.rejected',
          actions: { type: 'showText', params: { text: UNEXPECTED_CARD_ERROR } },
        },
      },
    },
    retrievingSetup: {
      description: 'Spec §9 payment plans: Back from 3-D Secure for the new card: the SetupIntent is looked up.',
      tags: ['busy'],
      invoke: {
        id: 'retrieveSetup',
        src: 'retrieveSetup',
        input: ({ context }) => returnedSetupOf(context),
        onDone: [
          {
            guard: { type: 'setupSucceeded', params: ({ event }) => event.output },
            target: 'savingCard',
            actions: {
              type: 'rememberSetupIntent',
              params: ({ context }) => ({ id: returnedSetupOf(context).setupIntentId }),
            },
          },
          { target: 'failed', actions: { type: 'showText', params: { text: CARD_NOT_CONFIRMED } } },
        ],
        onError: { target: 'failed', actions: { type: 'showText', params: { text: CARD_NOT_CONFIRMED } } },
      },
    },
    savingCard: {
      description:
        'Spec §9 payment plans: POST /api/memberships/{id}/card: the card is saved and every failed or overdue phase is charged at once.',
      tags: ['busy'],
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ context }) => ({ membershipId: membershipOf(context), setupIntentId: savedSetupIntentOf(context) }),
        onDone: { target: 'settling', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        onError: apiCallFailed('failed'),
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
        onDone: [cardRefused('failed'), { target: 'collecting', actions: 'rememberCollectedIntent' }],
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
