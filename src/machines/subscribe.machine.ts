/**
 * /subscribe as a machine (spec §2 Subscribe, §4 Subscribe, §5 Subscribe, §8, §9): the redirect of a subscriber,
 * the plan details, the organization and coupon of the link, the billing provider, the plan choice, coupons, and
 * the purchase (card token, then `POST /api/subscribe/process`). Every price and term rule is
 * src/domain/subscription-pricing.ts; the card texts are src/providers/billing.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getUser } from '../api/auth';
import { errorText } from '../api/errors';
import type { Coupon, OrganizationValidation, PlanDetails, SubscribeProcessResponse, User } from '../api/schemas';
import {
  getCouponDetails,
  getPlanDetails,
  processSubscription,
  type SubscribeProcessRequest,
  validateOrganization,
} from '../api/subscribe';
import {
  couponSubmitError,
  defaultTerm,
  type SubscribeRedirectUser,
  type SubscriptionTerm,
  shouldRedirectSubscriberToDashboard,
  visibleTerms,
} from '../domain/subscription-pricing';
import {
  type BillingDetails,
  type BillingProvider,
  cardErrorText,
  toBillingAddress,
} from '../providers/billing/billing-provider';
import { loadBillingProvider } from '../providers/billing/load-billing';
import { subscriptionErrorText } from '../providers/billing/subscription-result';
import { updateCurrentUser } from '../session/current-user';

/** The route's query parameters (§2 Subscribe) and the stored user. */
export interface SubscribeInput {
  couponCode?: string | undefined;
  term?: string | undefined;
  organization?: string | undefined;
  /** The stored user: the redirect rule reads it when the refresh fails. */
  user: SubscribeRedirectUser | null;
}

export interface SubscribeContext {
  urlCoupon: string | null;
  urlTerm: string | null;
  organization: string | null;
  user: SubscribeRedirectUser | null;
  prices: PlanDetails | null;
  /** The applied coupon (from the link or 'Apply Coupon'); null for none. */
  coupon: Coupon | null;
  /** The applied coupon came from the link: the coupon entry is hidden (§2 Subscribe). */
  couponFromUrl: boolean;
  /** §4: 'Sorry, this organization is not valid.' */
  organizationInvalid: boolean;
  /** §4: 'Sorry, this coupon is not valid.' (the link's coupon). */
  urlCouponInvalid: boolean;
  term: SubscriptionTerm;
  billing: BillingProvider | null;
  details: BillingDetails | null;
  token: string | null;
  /** The text of the current error state (`loadFailed`, `shopping.failed`). */
  error: string | null;
}

export type SubscribeEvent =
  | { type: 'SELECT_TERM'; term: SubscriptionTerm }
  | { type: 'APPLY_COUPON'; code: string }
  | { type: 'SUBSCRIBE'; billing: BillingDetails; coupon: string }
  | { type: 'RETRY' };

export interface SubscribeOutput {
  to: '/dashboard';
}

export interface TokenizeInput {
  provider: BillingProvider | null;
  details: BillingDetails | null;
}

/**
 * Named actions and guards are typed with the machine's own events; the done and error events of the invoke that
 * runs them carry the call's output or error.
 */
function outputOf<T>(event: unknown): T {
  return (event as { output: T }).output;
}

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error;
}

/**
 * Whether a coupon can be applied: coupons price the monthly plan (§9), so only while the monthly tile is offered,
 * and not when the link brought one (§2: the entry is hidden then). Where an annual link hides the monthly tile
 * (§4), "a coupon forces monthly" cannot hold; the annual link wins and no coupon is taken, from the entry or the link.
 */
export function acceptsCoupon(context: Pick<SubscribeContext, 'prices' | 'urlTerm' | 'couponFromUrl'>): boolean {
  return (
    !context.couponFromUrl &&
    context.prices !== null &&
    visibleTerms(context.prices, context.urlTerm).includes('monthly')
  );
}

export const subscribeMachine = setup({
  types: {
    input: {} as SubscribeInput,
    context: {} as SubscribeContext,
    events: {} as SubscribeEvent,
    output: {} as SubscribeOutput,
  },
  actors: {
    refreshUser: fromPromise<User>(({ signal }) => getUser({ signal })),
    fetchPlanDetails: fromPromise<PlanDetails>(({ signal }) => getPlanDetails({ signal })),
    checkOrganization: fromPromise<OrganizationValidation, { organization: string }>(({ input, signal }) =>
      validateOrganization(input.organization, { signal }),
    ),
    fetchCoupon: fromPromise<Coupon, { code: string }>(({ input, signal }) => getCouponDetails(input.code, { signal })),
    loadBilling: fromPromise<BillingProvider>(({ signal }) => loadBillingProvider(signal)),
    tokenizeCard: fromPromise<string, TokenizeInput>(({ input, signal }) => {
      if (!input.provider || !input.details) throw new Error('The card form is not ready.');
      return input.provider.tokenize(toBillingAddress(input.details), signal);
    }),
    purchase: fromPromise<SubscribeProcessResponse, SubscribeProcessRequest>(({ input, signal }) =>
      processSubscription(input, { signal }),
    ),
  },
  guards: {
    hasOngoingSubscription: ({ context }) => shouldRedirectSubscriberToDashboard(context.user),
    hasOrganizationParam: ({ context }) => context.organization !== null,
    hasUrlCoupon: ({ context }) => context.urlCoupon !== null && acceptsCoupon(context),
    isOrganizationRejected: ({ event }) => outputOf<OrganizationValidation | undefined>(event)?.status !== true,
    isOfferedTerm: ({ context, event }) => {
      if (event.type !== 'SELECT_TERM' || context.prices === null || event.term === context.term) return false;
      // §4: a coupon forces monthly, so only the monthly tile can be chosen while one is applied.
      if (context.coupon !== null && event.term !== 'monthly') return false;
      return visibleTerms(context.prices, context.urlTerm).includes(event.term);
    },
    isCouponCleared: ({ context, event }) =>
      event.type === 'APPLY_COUPON' && acceptsCoupon(context) && event.code.trim() === '',
    isCouponTyped: ({ context, event }) =>
      event.type === 'APPLY_COUPON' && acceptsCoupon(context) && event.code.trim() !== '',
    hasUnappliedCoupon: ({ context, event }) =>
      event.type === 'SUBSCRIBE' && couponSubmitError(event.coupon, context.coupon?.coupon_code ?? null) !== null,
    isPurchaseSuccessful: ({ event }) => outputOf<SubscribeProcessResponse | undefined>(event)?.status === 'success',
  },
  actions: {
    storeUser: ({ event }) => {
      const fresh = outputOf<User | undefined>(event);
      if (fresh) updateCurrentUser(fresh);
    },
    rememberUser: assign({ user: ({ context, event }) => outputOf<User | undefined>(event) ?? context.user }),
    storePlans: assign(({ context, event }) => {
      const prices = outputOf<PlanDetails>(event);
      return { prices, term: defaultTerm(prices, { hasCoupon: false, urlTerm: context.urlTerm }) };
    }),
    storeLoadError: assign({ error: ({ event }) => errorText(errorOf(event)) }),
    rejectOrganization: assign({ organizationInvalid: true }),
    applyUrlCoupon: assign(({ context, event }) => ({
      coupon: outputOf<Coupon>(event),
      couponFromUrl: true,
      term: context.prices ? defaultTerm(context.prices, { hasCoupon: true, urlTerm: context.urlTerm }) : context.term,
    })),
    rejectUrlCoupon: assign({ urlCouponInvalid: true }),
    storeBilling: assign({ billing: ({ event }) => outputOf<BillingProvider>(event) }),
    selectTerm: assign({ term: ({ context, event }) => (event.type === 'SELECT_TERM' ? event.term : context.term) }),
    clearError: assign({ error: null }),
    applyCoupon: assign(({ context, event }) => ({
      coupon: outputOf<Coupon>(event),
      term: context.prices ? defaultTerm(context.prices, { hasCoupon: true, urlTerm: context.urlTerm }) : context.term,
    })),
    dropCoupon: assign({ coupon: null }),
    storeDetails: assign({
      details: ({ context, event }) => (event.type === 'SUBSCRIBE' ? event.billing : context.details),
    }),
    storeToken: assign({ token: ({ event }) => outputOf<string>(event) }),
    storeCardError: assign({ error: ({ event }) => cardErrorText(errorOf(event)) }),
    storePurchaseError: assign({
      error: ({ event }) => {
        const result = outputOf<SubscribeProcessResponse>(event);
        return result.status === 'error' ? subscriptionErrorText(result.message) : null;
      },
    }),
    storeRequestError: assign({ error: ({ event }) => errorText(errorOf(event)) }),
    storeSubscription: ({ event }) => {
      const result = outputOf<SubscribeProcessResponse>(event);
      // Kept even if the refresh that follows fails, so the dashboard shows the new status either way.
      if (result.status === 'success') updateCurrentUser({ subscription: result.subscription, has_subscription: true });
    },
  },
}).createMachine({
  id: 'subscribe',
  description: 'spec §2 Subscribe, §4 Subscribe: buy a personal subscription; login is required (route guard).',
  context: ({ input }) => ({
    urlCoupon: input.couponCode ?? null,
    urlTerm: input.term ?? null,
    organization: input.organization ?? null,
    user: input.user,
    prices: null,
    coupon: null,
    couponFromUrl: false,
    organizationInvalid: false,
    urlCouponInvalid: false,
    term: 'monthly',
    billing: null,
    details: null,
    token: null,
    error: null,
  }),
  initial: 'refreshingUser',
  output: () => ({ to: '/dashboard' }),
  states: {
    refreshingUser: {
      description: 'spec §4 Subscribe: the redirect rule reads the current user, refreshed first (GET /api/user).',
      tags: ['busy'],
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: { target: 'checkingAccess', actions: ['storeUser', 'rememberUser'] },
        onError: {
          target: 'checkingAccess',
          description: 'The stored user decides when the refresh fails.',
        },
      },
    },
    checkingAccess: {
      description:
        "spec §4 Subscribe: a user with a subscription (status not 'License expired.', 'License disabled.', " +
        "'Trial period has ended.' or 'Subscription not active.'), without a licence or an organization API user, " +
        'goes to /dashboard.',
      always: [{ guard: 'hasOngoingSubscription', target: 'toDashboard' }, { target: 'loadingPlans' }],
    },
    loadingPlans: {
      description: 'spec §7: POST /api/subscribe/plan-details, the prices and trials of the tiles (§9).',
      tags: ['busy'],
      invoke: {
        id: 'planDetails',
        src: 'fetchPlanDetails',
        onDone: { target: 'checkingLink', actions: 'storePlans' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: {
      description: 'spec §8 general mapping: the plan details could not be loaded; the person may try again.',
      on: { RETRY: 'loadingPlans' },
    },
    checkingLink: {
      description: 'spec §8 Invalid organization: an organization in the link is validated before the page shows',
      always: [{ guard: 'hasOrganizationParam', target: 'validatingOrganization' }, { target: 'checkingCoupon' }],
    },
    validatingOrganization: {
      description: "spec §7 validate-organization; §8: 'Sorry, this organization is not valid.'",
      tags: ['busy'],
      invoke: {
        id: 'validateOrganization',
        src: 'checkOrganization',
        input: ({ context }) => ({ organization: context.organization ?? '' }),
        onDone: [
          { guard: 'isOrganizationRejected', target: 'checkingCoupon', actions: 'rejectOrganization' },
          { target: 'checkingCoupon' },
        ],
        onError: { target: 'checkingCoupon', actions: 'rejectOrganization' },
      },
    },
    checkingCoupon: {
      description: "spec §2 Subscribe: a coupon from the URL is validated (and hides 'Apply Coupon')",
      always: [{ guard: 'hasUrlCoupon', target: 'validatingUrlCoupon' }, { target: 'loadingBilling' }],
    },
    validatingUrlCoupon: {
      description:
        "spec §4 Subscribe: the link's coupon (coupon_code) forces monthly; §8: 'Sorry, this coupon is not valid.'",
      tags: ['busy'],
      invoke: {
        id: 'urlCoupon',
        src: 'fetchCoupon',
        input: ({ context }) => ({ code: context.urlCoupon ?? '' }),
        onDone: { target: 'loadingBilling', actions: 'applyUrlCoupon' },
        onError: { target: 'loadingBilling', actions: 'rejectUrlCoupon' },
      },
    },
    loadingBilling: {
      description:
        'spec §1 hosted card form of the subscription billing provider; design.md §6: Recurly.js when configured, else the sandbox card form.',
      tags: ['busy'],
      invoke: {
        id: 'loadBilling',
        src: 'loadBilling',
        onDone: { target: 'shopping', actions: 'storeBilling' },
        onError: { target: 'billingUnavailable' },
      },
    },
    billingUnavailable: {
      description:
        'spec §1 hosted card form unavailable; design.md §6: the provider script did not load (blocked, offline or too slow).',
      on: { RETRY: 'loadingBilling' },
    },
    shopping: {
      description: 'spec §2 Subscribe: the plan tiles, the billing form, the optional coupon and Subscribe.',
      initial: 'idle',
      on: {
        SELECT_TERM: {
          guard: 'isOfferedTerm',
          target: '.idle',
          actions: ['selectTerm', 'clearError'],
          description: 'spec §4 Subscribe: any offered tile; with a coupon only monthly.',
        },
        APPLY_COUPON: [
          {
            guard: 'isCouponCleared',
            target: '.idle',
            actions: ['dropCoupon', 'clearError'],
            description: 'spec §5 Subscribe: an empty coupon counts as none.',
          },
          { guard: 'isCouponTyped', target: 'applyingCoupon', actions: 'clearError' },
        ],
        SUBSCRIBE: [
          {
            guard: 'hasUnappliedCoupon',
            target: '.couponNotApplied',
            actions: 'clearError',
            description: "spec §5 Subscribe: 'Apply your coupon code to your order before submitting.'",
          },
          { target: 'tokenizing', actions: ['storeDetails', 'clearError'] },
        ],
      },
      states: {
        idle: { description: "spec §2 Subscribe: 'Your plan', the tiles and the billing form wait for the user." },
        couponInvalid: { description: "spec §8: 'This coupon is invalid.'" },
        couponNotApplied: {
          description: "spec §5: 'Apply your coupon code to your order before submitting.'",
        },
        failed: { description: 'spec §8: the card or subscription card status text (context.error).' },
      },
    },
    applyingCoupon: {
      description: 'spec §7 coupon-details for the typed coupon; a coupon forces monthly (§4).',
      tags: ['busy'],
      invoke: {
        id: 'couponDetails',
        src: 'fetchCoupon',
        input: ({ event }) => ({ code: event.type === 'APPLY_COUPON' ? event.code.trim() : '' }),
        onDone: { target: 'shopping', actions: 'applyCoupon' },
        onError: { target: 'shopping.couponInvalid', actions: 'dropCoupon' },
      },
    },
    tokenizing: {
      description:
        'spec §7 process takes the card token from the hosted card form (design.md §6); §8 card form errors.',
      tags: ['busy'],
      invoke: {
        id: 'tokenize',
        src: 'tokenizeCard',
        input: ({ context }) => ({ provider: context.billing, details: context.details }),
        onDone: { target: 'processing', actions: 'storeToken' },
        onError: { target: 'shopping.failed', actions: 'storeCardError' },
      },
    },
    processing: {
      description: "spec §7 POST /api/subscribe/process; only status 'success' or 'error' is used (§8 card statuses).",
      tags: ['busy'],
      invoke: {
        id: 'process',
        src: 'purchase',
        input: ({ context }): SubscribeProcessRequest => ({
          term: context.term,
          coupon_code: context.coupon?.coupon_code ?? null,
          token: context.token ?? '',
          first_name: context.details?.first_name ?? '',
          last_name: context.details?.last_name ?? '',
          address: context.details?.address ?? '',
          city: context.details?.city ?? '',
          state: context.details?.state ?? '',
          postal_code: context.details?.postal_code ?? '',
          country: context.details?.country ?? '',
        }),
        onDone: [
          { guard: 'isPurchaseSuccessful', target: 'refreshingAfterPurchase', actions: 'storeSubscription' },
          { target: 'shopping.failed', actions: 'storePurchaseError' },
        ],
        onError: { target: 'shopping.failed', actions: 'storeRequestError' },
      },
    },
    refreshingAfterPurchase: {
      description: 'spec §2 Subscribe: success refreshes the user (GET /api/user) for the dashboard.',
      tags: ['busy'],
      invoke: {
        id: 'refreshAfterPurchase',
        src: 'refreshUser',
        onDone: { target: 'toDashboard', actions: 'storeUser' },
        onError: { target: 'toDashboard' },
      },
    },
    toDashboard: {
      description:
        'spec §4 Subscribe: to /dashboard (a current subscription, or after the purchase); the route navigates.',
      type: 'final',
    },
  },
});
