/**
 * /subscribe as a machine (spec §2 Subscribe, §4 Subscribe, §5 Subscribe, §8, §9): the redirect of a subscriber,
 * the plan details, the organization and coupon of the link, the billing provider, the plan choice, coupons, and
 * the purchase (card token, then `POST /api/subscribe/process`). Every price and term rule is
 * src/domain/subscription-pricing.ts; the card texts are src/providers/billing.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
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
import { isValidForm } from '../domain/form-schema';
import {
  type SubscribeBillingForm,
  subscribeBillingSchema,
  toSubscribeBillingDetails,
} from '../domain/forms/subscribe-billing';
import { subscribeCouponSchema } from '../domain/forms/subscribe-coupon';
import {
  acceptsCoupon,
  defaultTerm,
  type SubscribeRedirectUser,
  type SubscriptionTerm,
  shouldRedirectSubscriberToDashboard,
  visibleTerms,
} from '../domain/subscription-pricing';
import {
  type BillingDetails,
  type BillingProvider,
  type BillingText,
  cardErrorText,
  toBillingAddress,
} from '../providers/billing/billing-provider';
import { loadBillingProvider } from '../providers/billing/load-billing';
import { subscriptionErrorText } from '../providers/billing/subscription-result';
import { updateCurrentUser } from '../session/current-user';
import { exitOf } from './flow-exit';
import { apiCall, settleUnlessAborted } from './settle-unless-aborted';

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
  /**
   * The text of the current error state (`loadFailed`, `shopping.failed`): the server's or provider's text, or
   * catalogue messages (a card status code's, the card form's; issue 31).
   */
  error: BillingText | null;
  /** Where the flow leads, recorded by the final state's `leave` (flow-exit.ts). */
  exit: SubscribeOutput | null;
}

export type SubscribeEvent =
  | { type: 'SELECT_TERM'; term: SubscriptionTerm }
  | { type: 'APPLY_COUPON'; code: string }
  /** The billing form as typed and the coupon entry's text; refused unless the billing schema holds. */
  | { type: 'SUBSCRIBE'; values: SubscribeBillingForm; coupon: string }
  | { type: 'RETRY' };

export interface SubscribeOutput {
  to: '/dashboard';
}

export interface TokenizeInput {
  provider: BillingProvider | null;
  details: BillingDetails | null;
}

export const subscribeMachine = setup({
  types: {
    input: {} as SubscribeInput,
    context: {} as SubscribeContext,
    events: {} as SubscribeEvent,
    output: {} as SubscribeOutput,
  },
  actors: {
    refreshUser: apiCall<User>((_, signal) => getUser({ signal })),
    fetchPlanDetails: apiCall<PlanDetails>((_, signal) => getPlanDetails({ signal })),
    checkOrganization: apiCall<OrganizationValidation, { organization: string }>((input, signal) =>
      validateOrganization(input.organization, { signal }),
    ),
    fetchCoupon: apiCall<Coupon, { code: string }>((input, signal) => getCouponDetails(input.code, { signal })),
    // Not an API call: the provider's script; a stopped load simply ends with the page.
    loadBilling: fromPromise<BillingProvider>(({ signal }) => loadBillingProvider(signal)),
    tokenizeCard: fromPromise<string, TokenizeInput>(({ input, signal }) => {
      if (!input.provider || !input.details) throw new Error('The card form is not ready.');
      return settleUnlessAborted(input.provider.tokenize(toBillingAddress(input.details), signal), signal);
    }),
    purchase: apiCall<SubscribeProcessResponse, SubscribeProcessRequest>((input, signal) =>
      processSubscription(input, { signal }),
    ),
  },
  guards: {
    hasOngoingSubscription: ({ context }) => shouldRedirectSubscriberToDashboard(context.user),
    hasOrganizationParam: ({ context }) => context.organization !== null,
    hasUrlCoupon: ({ context }) => context.urlCoupon !== null,
    // A valid coupon of the link is applied only where coupons can be (acceptsCoupon: an annual link takes none).
    acceptsUrlCoupon: ({ context }) => acceptsCoupon(context),
    isOrganizationRejected: (_, answer: OrganizationValidation) => answer.status !== true,
    isOfferedTerm: ({ context }, term: SubscriptionTerm) => {
      if (context.prices === null || term === context.term) return false;
      // §4: a coupon forces monthly, so only the monthly tile can be chosen while one is applied.
      if (context.coupon !== null && term !== 'monthly') return false;
      return visibleTerms(context.prices, context.urlTerm).includes(term);
    },
    isCouponCleared: ({ context }, code: string) => acceptsCoupon(context) && code.trim() === '',
    isCouponTyped: ({ context }, code: string) => acceptsCoupon(context) && code.trim() !== '',
    // §5: the coupon entry's schema, with the coupon applied so far.
    hasUnappliedCoupon: ({ context }, coupon: string) =>
      !isValidForm(subscribeCouponSchema, { coupon, applied: context.coupon?.coupon_code ?? null }),
    // The billing form's schema: the machine itself refuses a purchase with invalid billing details.
    isValidBilling: (_, values: SubscribeBillingForm) => isValidForm(subscribeBillingSchema, values),
    isPurchaseSuccessful: (_, result: SubscribeProcessResponse) => result.status === 'success',
  },
  actions: {
    leave: assign({ exit: (_, params: SubscribeOutput) => params }),
    storeUser: (_, fresh: User) => {
      updateCurrentUser(fresh);
    },
    rememberUser: assign({ user: (_, fresh: User) => fresh }),
    storePlans: assign(({ context }, prices: PlanDetails) => ({
      prices,
      term: defaultTerm(prices, { hasCoupon: false, urlTerm: context.urlTerm }),
    })),
    storeLoadError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    rejectOrganization: assign({ organizationInvalid: true }),
    applyUrlCoupon: assign(({ context }, coupon: Coupon) => ({
      coupon,
      couponFromUrl: true,
      term: context.prices ? defaultTerm(context.prices, { hasCoupon: true, urlTerm: context.urlTerm }) : context.term,
    })),
    rejectUrlCoupon: assign({ urlCouponInvalid: true }),
    storeBilling: assign({ billing: (_, provider: BillingProvider) => provider }),
    selectTerm: assign({ term: (_, term: SubscriptionTerm) => term }),
    clearError: assign({ error: null }),
    applyCoupon: assign(({ context }, coupon: Coupon) => ({
      coupon,
      term: context.prices ? defaultTerm(context.prices, { hasCoupon: true, urlTerm: context.urlTerm }) : context.term,
    })),
    dropCoupon: assign({ coupon: null }),
    storeDetails: assign({ details: (_, values: SubscribeBillingForm) => toSubscribeBillingDetails(values) }),
    storeToken: assign({ token: (_, token: string) => token }),
    storeCardError: assign({ error: (_, params: { error: unknown }) => cardErrorText(params.error) }),
    storePurchaseError: assign({
      error: (_, result: SubscribeProcessResponse) =>
        result.status === 'error' ? subscriptionErrorText(result.message) : null,
    }),
    storeRequestError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    storeSubscription: (_, result: SubscribeProcessResponse) => {
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
    exit: null,
  }),
  initial: 'refreshingUser',
  output: ({ context }) => exitOf(context),
  states: {
    refreshingUser: {
      description: 'spec §4 Subscribe: the redirect rule reads the current user, refreshed first (GET /api/user).',
      tags: ['busy'],
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: {
          target: 'checkingAccess',
          actions: [
            { type: 'storeUser', params: ({ event }) => event.output },
            { type: 'rememberUser', params: ({ event }) => event.output },
          ],
        },
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
        onDone: { target: 'checkingLink', actions: { type: 'storePlans', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) },
        },
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
          {
            guard: { type: 'isOrganizationRejected', params: ({ event }) => event.output },
            target: 'checkingCoupon',
            actions: 'rejectOrganization',
          },
          { target: 'checkingCoupon' },
        ],
        onError: { target: 'checkingCoupon', actions: 'rejectOrganization' },
      },
    },
    checkingCoupon: {
      description:
        "spec §2 Subscribe: a coupon from the URL is always validated, whatever the term (and hides 'Apply Coupon')",
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
        onDone: [
          {
            guard: 'acceptsUrlCoupon',
            target: 'loadingBilling',
            actions: { type: 'applyUrlCoupon', params: ({ event }) => event.output },
          },
          {
            target: 'loadingBilling',
            description:
              'spec §4: an annual link hides the monthly tile, so a valid coupon of the link is not applied.',
          },
        ],
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
        onDone: { target: 'shopping', actions: { type: 'storeBilling', params: ({ event }) => event.output } },
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
          guard: { type: 'isOfferedTerm', params: ({ event }) => event.term },
          target: '.idle',
          actions: [{ type: 'selectTerm', params: ({ event }) => event.term }, 'clearError'],
          description: 'spec §4 Subscribe: any offered tile; with a coupon only monthly.',
        },
        APPLY_COUPON: [
          {
            guard: { type: 'isCouponCleared', params: ({ event }) => event.code },
            target: '.idle',
            actions: ['dropCoupon', 'clearError'],
            description: 'spec §5 Subscribe: an empty coupon counts as none.',
          },
          {
            guard: { type: 'isCouponTyped', params: ({ event }) => event.code },
            target: 'applyingCoupon',
            actions: 'clearError',
          },
        ],
        SUBSCRIBE: [
          {
            guard: { type: 'hasUnappliedCoupon', params: ({ event }) => event.coupon },
            target: '.couponNotApplied',
            actions: 'clearError',
            description: "spec §5 Subscribe: 'Apply your coupon code to your order before submitting.'",
          },
          {
            guard: { type: 'isValidBilling', params: ({ event }) => event.values },
            target: 'tokenizing',
            actions: [{ type: 'storeDetails', params: ({ event }) => event.values }, 'clearError'],
            description: 'spec §2 Subscribe: the billing form (src/domain/forms/subscribe-billing.ts) must hold',
          },
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
        input: ({ event }) => {
          assertEvent(event, 'APPLY_COUPON');
          return { code: event.code.trim() };
        },
        onDone: { target: 'shopping', actions: { type: 'applyCoupon', params: ({ event }) => event.output } },
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
        onDone: { target: 'processing', actions: { type: 'storeToken', params: ({ event }) => event.output } },
        onError: {
          target: 'shopping.failed',
          actions: { type: 'storeCardError', params: ({ event }) => ({ error: event.error }) },
        },
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
          {
            guard: { type: 'isPurchaseSuccessful', params: ({ event }) => event.output },
            target: 'refreshingAfterPurchase',
            actions: { type: 'storeSubscription', params: ({ event }) => event.output },
          },
          { target: 'shopping.failed', actions: { type: 'storePurchaseError', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'shopping.failed',
          actions: { type: 'storeRequestError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    refreshingAfterPurchase: {
      description: 'spec §2 Subscribe: success refreshes the user (GET /api/user) for the dashboard.',
      tags: ['busy'],
      invoke: {
        id: 'refreshAfterPurchase',
        src: 'refreshUser',
        onDone: { target: 'toDashboard', actions: { type: 'storeUser', params: ({ event }) => event.output } },
        onError: { target: 'toDashboard' },
      },
    },
    toDashboard: {
      description:
        'spec §4 Subscribe: to /dashboard (a current subscription, or after the purchase); the route navigates.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/dashboard' } },
    },
  },
});
