/**
 * The team payment flow (spec §2 Payment page, §4 Payment flow, §5, §8, §9) and, in `draft` mode, the staff draft
 * preview (/draft): one machine, so the preview is exactly what the customer is going to see.
 *
 * Money never leaves src/domain: guards and views call its fee functions on the parsed payment data (cents).
 * Card code is never imported here: the page gives the card provider (or, on /draft, the realtime channel) with
 * machine.provide, and the mounted card form travels with the PAY event, so each page carries only its own code.
 *
 * Decisions the spec leaves open:
 * - "The claimed page" is the licence page's team success screen: /licenses/{code}?claimed_registration=true, which
 *   keeps the user logged in (issue 5). Without a licence code the payer goes to /dashboard.
 * - The user is refreshed on entry (GET /api/user): the stored one may predate the claim, and the waiver, the licence
 *   and is_new decide the way on.
 * - The draft preview shows every step, Pay Now included, but it cannot pay: checkout ends in `preview`.
 * - After a 3-D Secure return, 'Payment succeeded!' stays 5 seconds (or until Continue), then the claimed page;
 *   a failed or unknown result is shown 5 seconds (or until Try again), then the payment options load again.
 */
import { and, assign, fromCallback, fromPromise, not, setup, spawnChild } from 'xstate';
import { getUser } from '../api/auth';
import { errorText } from '../api/errors';
import {
  type CheckoutRequest,
  type CheckoutSuccessRequest,
  checkout,
  checkoutSuccess,
  getDiscount,
  getDraftDiscount,
  getDraftPaymentPlans,
  getPaymentPlans,
  getSubscriptionStatus,
} from '../api/memberships';
import type {
  CheckoutResponse,
  CheckoutSuccessResponse,
  PaymentData,
  ServerDiscount,
  SubscriptionStatus,
  User,
} from '../api/schemas';
import {
  type ClientDiscount,
  discountCodeAction,
  isFullDiscount,
  offeredPlans,
  toClientDiscount,
} from '../domain/fees';
import { type CheckoutParams, paymentReturnUrl, type ReturnedPayment } from '../domain/payment-return';
import {
  CHECKOUT_FALLBACK,
  canCheckout,
  cardErrorMessage,
  DISCOUNT_NOT_FOUND,
  FULL_DISCOUNT_CHECKOUT_FALLBACK,
  hasWaiverText,
  PAYMENT_MESSAGE_MS,
  PAYMENT_NOT_SUCCESSFUL,
  PAYMENT_PROCESSING,
  PAYMENT_SOMETHING_WENT_WRONG,
  PAYMENT_SUCCEEDED,
  UNEXPECTED_CARD_ERROR,
} from '../domain/payment-rules';
import type { BillingDetails, CardFormHandle, CardPayments, CardResult } from '../providers/card-payments/types';
import { updateCurrentUser } from '../session/current-user';
import { checkoutFailureText, discountFailureText, recordAfterReturnFailureText } from './payment.failures';
import { settleUnlessAborted } from './settle-unless-aborted';

export type PaymentMode = 'payment' | 'draft';

export interface PaymentInput {
  mode: PaymentMode;
  /** Draft mode: the draft to preview (§2 /draft?draft_id=). */
  draftId?: number | null;
  /** Payment mode: the stored current user when the page opened. */
  user?: User | null;
  /** Payment mode: set when the payer comes back from the card provider (3-D Secure). */
  returned?: ReturnedPayment | null;
  /** Absolute URL of /payment, where the card provider brings the payer back. */
  returnUrl?: string;
}

/** Where the flow leads once it is done; the route navigates there. */
export type PaymentDestination =
  | { to: '/licenses/$license'; params: { license: string }; search: { claimed_registration: true } }
  | { to: '/register'; search: { step: 2; license?: string; is_team_license: true } }
  | { to: '/login'; search: { step: 3; license?: string } }
  | { to: '/dashboard' };

export interface PaymentContext {
  mode: PaymentMode;
  draftId: number | null;
  user: User | null;
  returned: ReturnedPayment | null;
  returnUrl: string;
  /** The latest payment data (team, season, protection plan, plans), money in cents. */
  data: PaymentData | null;
  /** The applied discount (§3 client discount); null when none. */
  discount: ClientDiscount | null;
  /** The code being looked up. */
  pendingCode: string | null;
  discountError: string | null;
  includeProtection: boolean;
  selectedPlanMonth: number | null;
  waiverAgreed: boolean;
  /** §5: 'You must agree…' shows only once the box was ticked and unticked again. */
  waiverTouched: boolean;
  cardPayments: CardPayments | null;
  card: CardFormHandle | null;
  billing: BillingDetails | null;
  /** The checkout being paid, fixed when Pay Now is pressed. */
  checkout: CheckoutParams | null;
  clientSecret: string | null;
  /** Set once the card payment succeeded: a later attempt records it again instead of charging again. */
  paidCheckout: CheckoutSuccessRequest | null;
  /** A payment message (§8: card, provider return), shown until it times out. */
  message: string | null;
  /** A load or checkout failure (§8), shown until the next attempt. */
  error: string | null;
}

export type PaymentEvent =
  | { type: 'SELECT_PLAN'; month: number }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'APPLY_DISCOUNT'; code: string }
  | { type: 'TOGGLE_PROTECTION' }
  | { type: 'AGREE_WAIVER'; agreed: boolean }
  | { type: 'PAY'; billing: BillingDetails | null; card: CardFormHandle | null }
  | { type: 'ACCEPT' }
  | { type: 'CONTINUE' }
  | { type: 'RETRY' }
  | { type: 'DRAFT_UPDATED' };

/** The event the draft channel sends when staff saved the draft (§4: the preview reloads). */
export interface DraftUpdated {
  type: 'DRAFT_UPDATED';
}

export interface DraftChannelInput {
  draftId: number;
}

const NO_CARD_PROVIDER = 'This page has no card provider.';

export interface PlansRequest {
  mode: PaymentMode;
  draftId: number | null;
  discountCode: string | null;
  includeProtection: boolean;
}

export interface ConfirmCardInput {
  card: CardFormHandle | null;
  clientSecret: string | null;
  billing: BillingDetails | null;
  returnUrl: string;
}

/** The output of an invoked actor, after checking the done event is the one expected (events carry no types). */
function outputOf<T>(event: { type: string }, invokeId: string): T {
  if (event.type !== `xstate.done.actor.${invokeId}`) {
    throw new Error(`Expected the answer of "${invokeId}", got ${event.type}`);
  }
  return (event as unknown as { output: T }).output;
}

function errorOf(event: { type: string }): unknown {
  return (event as { error?: unknown }).error;
}

function cardResultOf(event: { type: string }, invokeId: string): CardResult {
  return outputOf<CardResult>(event, invokeId);
}

// ---- Named helpers the config's input/output mappers call -----------------------------------------------------

export function plansRequest(context: PaymentContext): PlansRequest {
  return {
    mode: context.mode,
    draftId: context.draftId,
    discountCode: context.discount?.code ?? null,
    includeProtection: context.includeProtection,
  };
}

/** §4/§9 full discount for the applied discount and the loaded team. */
export function fullDiscountOf(context: PaymentContext): boolean {
  const team = context.data?.team ?? null;
  return team !== null && isFullDiscount(context.discount, team);
}

/** The plans the payer may choose from (§4: a full discount collapses them to the first). */
export function offeredPlansOf(context: PaymentContext) {
  return offeredPlans(context.data?.payment_plans ?? [], fullDiscountOf(context));
}

/**
 * §4: the injury protection page shows when the team has a protection plan. Not with a full discount, though: that
 * checks out without card payment, and protection is a payment due today.
 */
export function protectionOffered(context: PaymentContext): boolean {
  return (context.data?.injury_protection_insurance ?? null) !== null && !fullDiscountOf(context);
}

/** The protection plan is added only when the payer added it and it is offered. */
export function protectionIncluded(context: PaymentContext): boolean {
  return context.includeProtection && protectionOffered(context);
}

export function checkoutParamsOf(context: PaymentContext): CheckoutParams | null {
  const team = context.data?.team ?? null;
  if (team === null || context.selectedPlanMonth === null) return null;
  return {
    payment_plan_month: context.selectedPlanMonth,
    team_id: team.id,
    discount_code: context.discount?.code ?? null,
    include_payment_protection_plan: protectionIncluded(context),
  };
}

function requireCheckout(context: PaymentContext): CheckoutRequest {
  if (context.checkout === null) throw new Error('No checkout to send: Pay Now fixes it first.');
  return { ...context.checkout };
}

function confirmInput(context: PaymentContext): ConfirmCardInput {
  return {
    card: context.card,
    clientSecret: context.clientSecret,
    billing: context.billing,
    returnUrl: context.checkout === null ? context.returnUrl : paymentReturnUrl(context.returnUrl, context.checkout),
  };
}

function licenceCode(context: PaymentContext): string | undefined {
  return context.user?.license?.license_code ?? undefined;
}

export function claimedDestination(context: PaymentContext): PaymentDestination {
  const license = licenceCode(context);
  return license === undefined
    ? { to: '/dashboard' }
    : { to: '/licenses/$license', params: { license }, search: { claimed_registration: true } };
}

/** The plan the payer chose, when it is still offered. */
export function selectedPlanOf(context: PaymentContext) {
  return offeredPlansOf(context).find((plan) => plan.month === context.selectedPlanMonth) ?? null;
}

function withLicence<T extends object>(search: T, license: string | undefined): T & { license?: string } {
  return license === undefined ? search : { ...search, license };
}

// ---- Actor implementations ---------------------------------------------------------------------------------------

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as PaymentDestination,
  },
  delays: {
    /** §9: payment message timeout 5000 ms. */
    paymentMessage: PAYMENT_MESSAGE_MS,
  },
  actors: {
    currentUser: fromPromise<User>(({ signal }) => settleUnlessAborted(getUser({ signal }), signal)),
    subscriptionStatus: fromPromise<SubscriptionStatus>(({ signal }) =>
      settleUnlessAborted(getSubscriptionStatus({ signal }), signal),
    ),
    paymentPlans: fromPromise<PaymentData, PlansRequest>(({ input, signal }) => {
      const body = { discount_code: input.discountCode, include_payment_protection_plan: input.includeProtection };
      const request =
        input.mode === 'draft'
          ? getDraftPaymentPlans({ draft_id: input.draftId ?? 0, ...body }, { signal })
          : getPaymentPlans(body, { signal });
      return settleUnlessAborted(request, signal);
    }),
    discount: fromPromise<ServerDiscount, { code: string; mode: PaymentMode }>(({ input, signal }) => {
      // §6: the draft preview sends no authorization on any call, the discount lookup included.
      const lookup = input.mode === 'draft' ? getDraftDiscount : getDiscount;
      return settleUnlessAborted(lookup(input.code, { signal }), signal);
    }),
    // Checkout calls are never aborted: once sent, their answer is what the server did.
    checkout: fromPromise<CheckoutResponse, CheckoutRequest>(({ input }) => checkout(input)),
    checkoutSuccess: fromPromise<CheckoutSuccessResponse, CheckoutSuccessRequest>(({ input }) =>
      checkoutSuccess(input),
    ),
    // The card provider and the draft channel are the page's to give (machine.provide): /payment gives the card
    // provider (src/providers/card-payments/payment.actors.ts), /draft the realtime channel, so neither page
    // carries the other's code (bench). Without one, card payments are unavailable and the preview is not live.
    cardPayments: fromPromise<CardPayments>(() => Promise.reject(new Error(NO_CARD_PROVIDER))),
    submitCard: fromPromise<{ error?: CardResult['error'] }, { card: CardFormHandle | null }>(({ input }) => {
      if (input.card === null) return Promise.reject(new Error('No card form to submit.'));
      return input.card.submit();
    }),
    confirmCard: fromPromise<CardResult, ConfirmCardInput>(({ input }) => {
      if (input.card === null || input.clientSecret === null) {
        return Promise.reject(new Error('No card form or client secret to confirm with.'));
      }
      return input.card.confirm({
        clientSecret: input.clientSecret,
        billingDetails: input.billing,
        returnUrl: input.returnUrl,
      });
    }),
    retrievePaymentIntent: fromPromise<CardResult, ReturnedPayment>(() => Promise.reject(new Error(NO_CARD_PROVIDER))),
    draftChannel: fromCallback<DraftUpdated, DraftChannelInput>(() => undefined),
  },
  guards: {
    isDraft: ({ context }) => context.mode === 'draft',
    isReturnFromProvider: ({ context }) => context.returned !== null,
    paymentComplete: ({ event }) => {
      const output = (event as { output?: { payment_complete?: number } }).output;
      return output?.payment_complete === 1;
    },
    hasWaiver: ({ context }) => hasWaiverText(context.user?.license?.organization?.waiver),
    hasLicence: ({ context }) => licenceCode(context) !== undefined,
    isNewUser: ({ context }) => context.mode === 'payment' && context.user?.is_new === true,
    waiverAgreed: ({ context }) => context.waiverAgreed,
    hasPageError: ({ event }) => {
      const data = outputOf<PaymentData>(event, 'paymentPlans');
      return data.error !== null && data.error.trim() !== '';
    },
    seasonSet: ({ event }) => outputOf<PaymentData>(event, 'paymentPlans').is_season_set,
    planChosen: ({ context }) =>
      context.selectedPlanMonth !== null && offeredPlansOf(context).some((p) => p.month === context.selectedPlanMonth),
    planOffered: ({ context, event }) =>
      event.type === 'SELECT_PLAN' && offeredPlansOf(context).some((plan) => plan.month === event.month),
    offersProtection: ({ context }) => protectionOffered(context),
    emptyCode: ({ event }) => event.type === 'APPLY_DISCOUNT' && discountCodeAction(event.code, null) === 'clear',
    hasDiscount: ({ context }) => context.discount !== null,
    sameCode: ({ context, event }) =>
      event.type === 'APPLY_DISCOUNT' && discountCodeAction(event.code, context.discount?.code ?? null) === 'unchanged',
    isActive: ({ event }) => outputOf<ServerDiscount>(event, 'discount').is_active,
    fullDiscount: ({ context }) => fullDiscountOf(context),
    canPay: ({ context }) =>
      canCheckout(context.data?.team ?? null, context.waiverAgreed) && checkoutParamsOf(context) !== null,
    cardEntered: ({ event }) => event.type === 'PAY' && event.card !== null,
    cardFormLoaded: ({ context }) => context.cardPayments !== null,
    alreadyPaid: ({ context }) => context.paidCheckout !== null,
    cardRejected: ({ event }) => (event as { output?: { error?: unknown } }).output?.error !== undefined,
    hasClientSecret: ({ event }) => outputOf<CheckoutResponse>(event, 'checkout').client_secret !== null,
    checkedOut: ({ event }) => {
      const output = (event as { output?: { payment_complete?: number } }).output;
      return output?.payment_complete === 1;
    },
    intentSucceeded: ({ event }) => (event as { output?: CardResult }).output?.paymentIntent?.status === 'succeeded',
    intentProcessing: ({ event }) => (event as { output?: CardResult }).output?.paymentIntent?.status === 'processing',
    intentNeedsPaymentMethod: ({ event }) =>
      (event as { output?: CardResult }).output?.paymentIntent?.status === 'requires_payment_method',
    hasReturnedCheckout: ({ context }) =>
      context.returned?.checkout !== null && context.returned?.checkout !== undefined,
  },
  actions: {
    listenToDraft: spawnChild('draftChannel', {
      id: 'draftChannel',
      input: ({ context }) => ({ draftId: context.draftId ?? 0 }),
    }),
    storeUser: assign({
      user: ({ context, event }) => {
        const fresh = outputOf<User>(event, 'currentUser');
        // The session keeps the token; the flow decides with the fresh licence, waiver and is_new.
        updateCurrentUser(fresh);
        return { ...fresh, token: context.user?.token };
      },
    }),
    storeData: assign(({ context, event }) => {
      const data = outputOf<PaymentData>(event, 'paymentPlans');
      const next = { ...context, data };
      const stillOffered = offeredPlansOf(next).some((plan) => plan.month === context.selectedPlanMonth);
      return { data, selectedPlanMonth: stillOffered ? context.selectedPlanMonth : null, error: null };
    }),
    rememberLoadError: assign({ error: ({ event }) => errorText(errorOf(event)) }),
    selectPlan: assign({ selectedPlanMonth: ({ event }) => (event.type === 'SELECT_PLAN' ? event.month : null) }),
    startLookup: assign({
      pendingCode: ({ event }) => (event.type === 'APPLY_DISCOUNT' ? event.code.trim() : null),
      discountError: null,
    }),
    clearDiscount: assign({ discount: null, pendingCode: null, discountError: null }),
    clearDiscountError: assign({ discountError: null }),
    applyDiscount: assign({
      discount: ({ event }) => toClientDiscount(outputOf<ServerDiscount>(event, 'discount')),
      pendingCode: null,
    }),
    rejectInactiveCode: assign({ discountError: DISCOUNT_NOT_FOUND, pendingCode: null }),
    rejectDiscount: assign({ discountError: ({ event }) => discountFailureText(errorOf(event)), pendingCode: null }),
    toggleProtection: assign({ includeProtection: ({ context }) => !context.includeProtection }),
    clearError: assign({ error: null }),
    setWaiverAgreement: assign(({ context, event }) => {
      if (event.type !== 'AGREE_WAIVER') return {};
      return { waiverAgreed: event.agreed, waiverTouched: context.waiverTouched || event.agreed };
    }),
    storeCardPayments: assign({ cardPayments: ({ event }) => outputOf<CardPayments>(event, 'cardPayments') }),
    fixCheckout: assign(({ context, event }) => ({
      checkout: checkoutParamsOf(context),
      card: event.type === 'PAY' ? event.card : null,
      billing: event.type === 'PAY' ? event.billing : null,
      message: null,
      error: null,
    })),
    clearMessages: assign({ message: null, error: null }),
    storeClientSecret: assign({
      clientSecret: ({ event }) => outputOf<CheckoutResponse>(event, 'checkout').client_secret,
    }),
    rememberPaidIntent: assign({
      paidCheckout: ({ context, event }) => {
        const result = cardResultOf(event, 'confirmCard');
        const params = requireCheckout(context);
        return {
          payment_plan_month: params.payment_plan_month,
          team_id: params.team_id,
          discount_code: params.discount_code ?? null,
          stripe_payment_intent_id: result.paymentIntent?.id ?? '',
          include_payment_protection_plan: params.include_payment_protection_plan ?? false,
        };
      },
    }),
    rememberReturnedPayment: assign({
      paidCheckout: ({ context }) => {
        const returned = context.returned;
        if (returned === null || returned.checkout === null) return null;
        return { ...returned.checkout, stripe_payment_intent_id: returned.paymentIntentId };
      },
    }),
    showCardError: assign({
      message: ({ event }) => {
        const error = (event as { output?: { error?: { type: string; message?: string } } }).output?.error;
        return error === undefined ? UNEXPECTED_CARD_ERROR : cardErrorMessage(error);
      },
    }),
    showUnexpectedCardError: assign({ message: UNEXPECTED_CARD_ERROR }),
    showProcessing: assign({ message: PAYMENT_PROCESSING }),
    showNotSuccessful: assign({ message: PAYMENT_NOT_SUCCESSFUL }),
    showSomethingWentWrong: assign({ message: PAYMENT_SOMETHING_WENT_WRONG }),
    showSucceeded: assign({ message: PAYMENT_SUCCEEDED }),
    clearMessage: assign({ message: null }),
    showCheckoutFallback: assign({ error: CHECKOUT_FALLBACK }),
    showCheckoutError: assign({ error: ({ event }) => checkoutFailureText(errorOf(event), CHECKOUT_FALLBACK) }),
    showFreeCheckoutFallback: assign({ error: FULL_DISCOUNT_CHECKOUT_FALLBACK }),
    showFreeCheckoutError: assign({
      error: ({ event }) => checkoutFailureText(errorOf(event), FULL_DISCOUNT_CHECKOUT_FALLBACK),
    }),
    showRecordError: assign({ error: ({ event }) => checkoutFailureText(errorOf(event), CHECKOUT_FALLBACK) }),
    showRecordAfterReturnError: assign({ error: ({ event }) => recordAfterReturnFailureText(errorOf(event)) }),
  },
}).createMachine({
  id: 'payment',
  description:
    'Spec §4 Payment flow: payment options (step 1), optional injury protection, checkout with billing and waiver ' +
    '(step 2), or the waiver-only page; in draft mode the staff preview of the same steps (§2 /draft).',
  context: ({ input }) => ({
    mode: input.mode,
    draftId: input.draftId ?? null,
    user: input.user ?? null,
    returned: input.returned ?? null,
    returnUrl: input.returnUrl ?? '/payment',
    data: null,
    discount: null,
    pendingCode: null,
    discountError: null,
    includeProtection: false,
    selectedPlanMonth: null,
    waiverAgreed: false,
    waiverTouched: false,
    cardPayments: null,
    card: null,
    billing: null,
    checkout: null,
    clientSecret: null,
    paidCheckout: null,
    message: null,
    error: null,
  }),
  output: ({ event }) => (event as unknown as { output: PaymentDestination }).output,
  initial: 'start',
  on: {
    DRAFT_UPDATED: {
      guard: 'isDraft',
      target: '.loadingPlans',
      description: "Spec §4: on the draft channel's 'updated' event the preview reloads.",
    },
  },
  states: {
    start: {
      description:
        'Spec §2 /payment and /draft: which page this is: the draft preview, a return from the card provider, or the payment page.',
      always: [{ guard: 'isDraft', target: 'loadingPlans', actions: 'listenToDraft' }, { target: 'refreshingUser' }],
    },
    refreshingUser: {
      tags: ['busy'],
      description:
        'Spec §7 GET /api/user: the licence, its waiver and is_new decide the way on; the stored user may predate the claim.',
      invoke: {
        id: 'currentUser',
        src: 'currentUser',
        onDone: [
          { guard: 'isReturnFromProvider', target: 'returning', actions: 'storeUser' },
          { target: 'checkingStatus', actions: 'storeUser' },
        ],
        onError: [{ guard: 'isReturnFromProvider', target: 'returning' }, { target: 'checkingStatus' }],
      },
    },
    checkingStatus: {
      tags: ['busy'],
      description: 'Spec §4 Payment flow: subscription-status decides between paying and the paid pages.',
      invoke: {
        id: 'subscriptionStatus',
        src: 'subscriptionStatus',
        onDone: [{ guard: 'paymentComplete', target: 'paidRouting' }, { target: 'loadingPlans' }],
        onError: { target: 'loadFailed', actions: 'rememberLoadError' },
      },
    },
    paidRouting: {
      description:
        'Spec §4: payment_complete 1 with an organization waiver shows the waiver-only page; with a user licence, the claimed page.',
      always: [
        { guard: 'hasWaiver', target: 'waiverOnly' },
        { guard: 'hasLicence', target: 'toClaimed' },
        { target: 'toDashboard' },
      ],
    },
    waiverOnly: {
      description: "Spec §2 (d): the waiver-only page titled 'Team Waiver'; §5: Accept is disabled until ticked.",
      on: {
        AGREE_WAIVER: { actions: 'setWaiverAgreement' },
        ACCEPT: { guard: 'waiverAgreed', target: 'toClaimed' },
      },
    },
    loadingPlans: {
      tags: ['busy'],
      description: 'Spec §4: load payment data (payment-plans, or team-draft-payment-plans without authorization).',
      invoke: {
        id: 'paymentPlans',
        src: 'paymentPlans',
        input: ({ context }) => plansRequest(context),
        onDone: [
          { guard: 'hasPageError', target: 'pageError', actions: 'storeData' },
          { guard: not('seasonSet'), target: 'noSeason', actions: 'storeData' },
          { target: 'choosingPlan', actions: 'storeData' },
        ],
        onError: { target: 'loadFailed', actions: 'rememberLoadError' },
      },
    },
    loadFailed: {
      description: 'Spec §8: the general error mapping; the payer may try again.',
      on: {
        RETRY: [
          { guard: 'isDraft', target: 'loadingPlans', actions: 'clearError' },
          { target: 'checkingStatus', actions: 'clearError' },
        ],
      },
    },
    pageError: {
      description: 'Spec §8: a payment-data response carrying an error is shown as a page-level error.',
    },
    noSeason: {
      description: "Spec §2: 'Please select a Season to generate a payment preview.' when no season is set.",
    },
    choosingPlan: {
      description: "Spec §4 step 1, payment options; §5: 'Next' is disabled until a plan is selected.",
      initial: 'idle',
      states: {
        idle: {
          description:
            'Spec §4 step 1: plan and discount code choices, taken only here, never while a lookup or reload runs.',
          on: {
            SELECT_PLAN: { guard: 'planOffered', actions: 'selectPlan' },
            APPLY_DISCOUNT: [
              {
                guard: and(['emptyCode', 'hasDiscount']),
                target: 'reloading',
                actions: 'clearDiscount',
                description: 'Spec §5: an empty code clears the discount; the plans reload without it.',
              },
              { guard: 'emptyCode', actions: 'clearDiscountError' },
              { guard: 'sameCode', description: 'Spec §5: re-applying the same code does nothing.' },
              { target: 'lookingUpDiscount', actions: 'startLookup' },
            ],
            NEXT: [
              {
                guard: and(['planChosen', 'offersProtection']),
                target: '#payment.protection',
                description: 'Spec §4: then the injury protection page if the plan exists.',
              },
              { guard: 'planChosen', target: '#payment.checkout' },
            ],
            BACK: [
              {
                guard: 'isNewUser',
                target: '#payment.toRegister',
                description:
                  'Spec §2: Back from step 1 goes to /register (step 2, license, is_team_license) for a new user.',
              },
              { guard: not('isDraft'), target: '#payment.toLogin', description: 'Spec §2: …else to /login step 3.' },
            ],
          },
        },
        lookingUpDiscount: {
          description:
            "Spec §7 GET /api/discount-codes/{code}; §8 on failure the server's message, else 'Code not found.'",
          tags: ['busy'],
          invoke: {
            id: 'discount',
            src: 'discount',
            input: ({ context }) => ({ code: context.pendingCode ?? '', mode: context.mode }),
            onDone: [
              {
                guard: 'isActive',
                target: 'reloading',
                actions: 'applyDiscount',
                description: 'Spec §5: a discount is applied only if the server says is_active.',
              },
              { target: 'idle', actions: 'rejectInactiveCode' },
            ],
            onError: { target: 'idle', actions: 'rejectDiscount' },
          },
        },
        reloading: {
          tags: ['busy'],
          description:
            'Spec §5 Discount code: the plans reload with the discount (dues are reduced before phases are computed).',
          invoke: {
            id: 'paymentPlans',
            src: 'paymentPlans',
            input: ({ context }) => plansRequest(context),
            onDone: [
              { guard: 'hasPageError', target: '#payment.pageError', actions: 'storeData' },
              { target: 'idle', actions: 'storeData' },
            ],
            onError: { target: '#payment.loadFailed', actions: 'rememberLoadError' },
          },
        },
      },
    },
    protection: {
      description: "Spec §4: injury protection can be added ('Add'/'Added') or declined; a one-time payment due today.",
      initial: 'idle',
      states: {
        idle: {
          description: "Spec §2 (b): the injury protection page; the toggle reads 'Add' or 'Added'.",
          on: {
            TOGGLE_PROTECTION: { target: 'reloading', actions: 'toggleProtection' },
            NEXT: { target: '#payment.checkout', description: 'Declining is going on without adding it.' },
            BACK: { target: '#payment.choosingPlan' },
          },
        },
        reloading: {
          tags: ['busy'],
          description:
            'Spec §7 payment-plans with include_payment_protection_plan: the plans reload (the amount joins the first phase).',
          invoke: {
            id: 'paymentPlans',
            src: 'paymentPlans',
            input: ({ context }) => plansRequest(context),
            onDone: [
              { guard: 'hasPageError', target: '#payment.pageError', actions: 'storeData' },
              { target: 'idle', actions: 'storeData' },
            ],
            onError: { target: '#payment.loadFailed', actions: 'rememberLoadError' },
          },
        },
      },
    },
    checkout: {
      description: 'Spec §4 step 2: confirm and billing with the waiver; Back goes in reverse.',
      initial: 'preparing',
      exit: 'clearMessages',
      on: {
        AGREE_WAIVER: { actions: 'setWaiverAgreement' },
        BACK: [{ guard: 'offersProtection', target: 'protection' }, { target: 'choosingPlan' }],
      },
      states: {
        preparing: {
          description:
            'Spec §4 step 2: draft preview, full discount without card, or the card form of the card payment',
          always: [
            { guard: 'isDraft', target: 'preview' },
            {
              guard: 'fullDiscount',
              target: 'ready',
              description: 'Spec §4: a full discount checks out without card.',
            },
            { guard: 'cardFormLoaded', target: 'ready' },
            { target: 'loadingCard' },
          ],
        },
        loadingCard: {
          description:
            'Spec §1 card payment provider; design.md §6: it loads lazily, and when it cannot load the page says so.',
          invoke: {
            id: 'cardPayments',
            src: 'cardPayments',
            onDone: { target: 'ready', actions: 'storeCardPayments' },
            onError: { target: 'unavailable' },
          },
        },
        unavailable: {
          description: 'Spec §1 card payment provider: it could not load, so the payer cannot pay until a retry.',
          on: { RETRY: { target: 'loadingCard' } },
        },
        preview: {
          description:
            'Spec §2 /draft: the preview shows checkout as the customer sees it; nothing can be paid from it.',
        },
        ready: {
          description: "Spec §2 (c): checkout with billing info, the waiver and 'Pay Now'.",
          initial: 'idle',
          on: {
            PAY: [
              {
                guard: 'alreadyPaid',
                target: '#payment.paying.recordingPayment',
                actions: 'clearMessages',
                description: 'The card was charged but not recorded: record it again, never charge twice.',
              },
              {
                guard: and(['fullDiscount', 'canPay']),
                target: '#payment.paying.checkingOutFree',
                actions: 'fixCheckout',
              },
              {
                guard: and(['canPay', 'cardEntered']),
                target: '#payment.paying.submittingCard',
                actions: 'fixCheckout',
                description: 'Spec §5: Pay is disabled without a team or with an unsigned waiver.',
              },
            ],
          },
          states: {
            idle: { description: "Spec §5: 'Pay Now' waits for a team and, when a waiver exists, its signature." },
            message: {
              description: 'Spec §8/§9: payment messages disappear after 5 seconds.',
              after: { paymentMessage: { target: 'idle', actions: 'clearMessage' } },
            },
            failed: {
              description:
                "Spec §8 Checkout failure: server error or message, else 'Something went wrong'; like every payment " +
                'message it disappears after 5 seconds (§8, §9).',
              after: { paymentMessage: { target: 'idle', actions: 'clearMessages' } },
            },
          },
        },
      },
    },
    paying: {
      tags: ['busy'],
      description: 'Spec §2 Pay Now in progress; PAY is not handled here, so a double click cannot charge twice.',
      // Always entered at a named step (from checkout's PAY); the initial step is the card path's first.
      initial: 'submittingCard',
      states: {
        submittingCard: {
          description:
            'Spec §4 Card payment: the card form is submitted; §8 card or validation errors show the provider message.',
          invoke: {
            id: 'submitCard',
            src: 'submitCard',
            input: ({ context }) => ({ card: context.card }),
            onDone: [
              { guard: 'cardRejected', target: '#payment.checkout.ready.message', actions: 'showCardError' },
              { target: 'checkingOut' },
            ],
            onError: { target: '#payment.checkout.ready.message', actions: 'showUnexpectedCardError' },
          },
        },
        checkingOut: {
          description: 'Spec §4: a client secret is obtained from checkout (the server reuses its open intent).',
          invoke: {
            id: 'checkout',
            src: 'checkout',
            input: ({ context }) => requireCheckout(context),
            onDone: [
              { guard: 'hasClientSecret', target: 'confirmingCard', actions: 'storeClientSecret' },
              { guard: 'checkedOut', target: '#payment.toClaimed' },
              { target: '#payment.checkout.ready.failed', actions: 'showCheckoutFallback' },
            ],
            onError: { target: '#payment.checkout.ready.failed', actions: 'showCheckoutError' },
          },
        },
        confirmingCard: {
          description: 'Spec §4: the card provider confirms without redirect unless required.',
          invoke: {
            id: 'confirmCard',
            src: 'confirmCard',
            input: ({ context }) => confirmInput(context),
            onDone: [
              { guard: 'intentSucceeded', target: 'recordingPayment', actions: 'rememberPaidIntent' },
              { guard: 'cardRejected', target: '#payment.checkout.ready.message', actions: 'showCardError' },
              { guard: 'intentProcessing', target: '#payment.checkout.ready.message', actions: 'showProcessing' },
              { target: '#payment.checkout.ready.message', actions: 'showSomethingWentWrong' },
            ],
            onError: { target: '#payment.checkout.ready.message', actions: 'showUnexpectedCardError' },
          },
        },
        recordingPayment: {
          description: 'Spec §4: then checkout-success is recorded (idempotent per intent).',
          invoke: {
            id: 'checkoutSuccess',
            src: 'checkoutSuccess',
            input: ({ context }) => {
              if (context.paidCheckout === null) throw new Error('No paid intent to record.');
              return context.paidCheckout;
            },
            onDone: { target: '#payment.toClaimed' },
            onError: { target: '#payment.checkout.ready.failed', actions: 'showRecordError' },
          },
        },
        checkingOutFree: {
          description: 'Spec §4: a full discount checks out without card payment (payment_complete 1).',
          invoke: {
            id: 'freeCheckout',
            src: 'checkout',
            input: ({ context }) => requireCheckout(context),
            onDone: [
              { guard: 'checkedOut', target: '#payment.toClaimed' },
              { target: '#payment.checkout.ready.failed', actions: 'showFreeCheckoutFallback' },
            ],
            onError: { target: '#payment.checkout.ready.failed', actions: 'showFreeCheckoutError' },
          },
        },
      },
    },
    returning: {
      description: 'Spec §4/§8: after return from the provider (3-D Secure) the result message is shown.',
      initial: 'retrievingIntent',
      states: {
        retrievingIntent: {
          description: 'Spec §4 Card payment: after return from the provider, its result is looked up.',
          tags: ['busy'],
          invoke: {
            id: 'paymentIntent',
            src: 'retrievePaymentIntent',
            input: ({ context }) => {
              if (context.returned === null) throw new Error('Not a return from the card provider.');
              return context.returned;
            },
            onDone: [
              {
                guard: and(['intentSucceeded', 'hasReturnedCheckout']),
                target: 'recordingPayment',
                actions: 'rememberReturnedPayment',
              },
              { guard: 'intentProcessing', target: 'processing', actions: 'showProcessing' },
              { guard: 'intentNeedsPaymentMethod', target: 'failed', actions: 'showNotSuccessful' },
              { target: 'failed', actions: 'showSomethingWentWrong' },
            ],
            onError: { target: 'failed', actions: 'showSomethingWentWrong' },
          },
        },
        recordingPayment: {
          tags: ['busy'],
          description: 'Spec §4: on success checkout-success is recorded as well.',
          invoke: {
            id: 'checkoutSuccess',
            src: 'checkoutSuccess',
            input: ({ context }) => {
              if (context.paidCheckout === null) throw new Error('No paid intent to record.');
              return context.paidCheckout;
            },
            onDone: { target: 'succeeded', actions: 'showSucceeded' },
            onError: { target: 'recordFailed', actions: 'showRecordAfterReturnError' },
          },
        },
        succeeded: {
          description:
            "Spec §8: 'Payment succeeded!'; the message goes after 5 seconds, and with it the payer moves on.",
          after: { paymentMessage: { target: '#payment.toClaimed' } },
          on: { CONTINUE: { target: '#payment.toClaimed' } },
        },
        processing: {
          description: "Spec §8: 'Your payment is processing.': looked up again after 5 seconds until it settles.",
          after: { paymentMessage: { target: 'retrievingIntent' } },
        },
        failed: {
          description:
            'Spec §8: not successful, or something went wrong: after 5 seconds (or at once) the payer tries again.',
          after: { paymentMessage: { target: '#payment.checkingStatus', actions: 'clearMessage' } },
          on: { CONTINUE: { target: '#payment.checkingStatus', actions: 'clearMessage' } },
        },
        recordFailed: {
          description: 'Spec §8 general mapping: recording checkout-success failed; the payer may try again.',
          on: { RETRY: { target: 'recordingPayment', actions: 'clearError' } },
        },
      },
    },
    toClaimed: {
      type: 'final',
      description: 'Spec §4: once checked out the user is sent to the claimed page.',
      output: ({ context }) => claimedDestination(context),
    },
    toRegister: {
      description: 'Spec §2: Back from step 1 goes to /register (step 2, license, is_team_license) for a new user.',
      type: 'final',
      output: ({ context }) => ({
        to: '/register' as const,
        search: withLicence({ step: 2 as const, is_team_license: true as const }, licenceCode(context)),
      }),
    },
    toLogin: {
      description: 'Spec §2: Back from step 1 goes to /login step 3 for an existing user.',
      type: 'final',
      output: ({ context }) => ({
        to: '/login' as const,
        search: withLicence({ step: 3 as const }, licenceCode(context)),
      }),
    },
    toDashboard: {
      description: 'Spec §4 Payment flow: paid, with neither an organization waiver nor a licence: the account page.',
      type: 'final',
      output: { to: '/dashboard' as const },
    },
  },
});
