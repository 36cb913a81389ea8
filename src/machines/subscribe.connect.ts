/**
 * The views' window on subscribe.machine.ts (the subscription page, spec §2 Subscribe): the actor and snapshot types
 * they render from, and the view models they read with `useSelector(actorRef, viewModel, shallowEqual)`. Views import
 * the machine only through this module (biome.json, noRestrictedImports), so the machine stays free to change its
 * inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { acceptsCoupon, describePlanTiles, type PlanTile, type SubscriptionTerm } from '../domain/subscription-pricing';
import type { Message } from '../i18n/runtime';
import type { BillingProvider, BillingText } from '../providers/billing/billing-provider';
import type { subscribeMachine } from './subscribe.machine';

/**
 * The page's own texts (issue 31), as catalogue messages the views render: the heading, the link's problems (§4) and
 * the coupon entry's errors. The English texts are src/domain/subscribe-texts.ts's, which the server answers too.
 */
const YOUR_PLAN: Message = { key: 'subscribe.yourPlan' };
const INVALID_ORGANIZATION: Message = { key: 'subscribe.invalidOrganization' };
const INVALID_URL_COUPON: Message = { key: 'subscribe.invalidUrlCoupon' };
const INVALID_APPLIED_COUPON: Message = { key: 'subscribe.invalidAppliedCoupon' };
const COUPON_NOT_APPLIED: Message = { key: 'subscribe.couponNotApplied' };

/**
 * A failure as the machine holds it: the purchase's own §8 texts as catalogue messages (a card status code's, the card
 * form's fallback, the sandbox's field problems), or the provider's or server's text, already in the language in use.
 */
export type SubscribeFailure = BillingText;
export type { SubscribeEvent } from './subscribe.machine';

export type SubscribeActorRef = ActorRefFrom<typeof subscribeMachine>;
export type SubscribeSnapshot = SnapshotFrom<typeof subscribeMachine>;

/** The page around the billing form (§2 Subscribe). */
export interface SubscribePageView {
  /** 'Your plan', or the link's first problem in its place (§4: organization, then coupon). */
  heading: Message;
  /** The link's further problems, shown as alerts under the heading. */
  moreProblems: readonly Message[];
  /** The §8 text of the failed plan load, shown with a retry. */
  loadError: SubscribeFailure | null;
  billingUnavailable: boolean;
  /** The tiles of the offered terms; none while loading or leaving. */
  tiles: readonly PlanTile[];
  selectedTerm: SubscriptionTerm;
  /** The tiles' terms the machine would take now (its term rules decide). */
  selectableTerms: readonly SubscriptionTerm[];
  couponApplied: boolean;
  showBillingForm: boolean;
  /** The flow is leaving for the dashboard (the route navigates). */
  leaving: boolean;
}

export function subscribePageView(snapshot: SubscribeSnapshot): SubscribePageView {
  const { context } = snapshot;
  const problems = [
    context.organizationInvalid ? INVALID_ORGANIZATION : null,
    context.urlCouponInvalid ? INVALID_URL_COUPON : null,
  ].filter((problem): problem is Message => problem !== null);
  const leaving = snapshot.matches('toDashboard');
  const tiles =
    context.prices && !leaving
      ? describePlanTiles(context.prices, { coupon: context.coupon, urlTerm: context.urlTerm })
      : [];
  return {
    heading: problems[0] ?? YOUR_PLAN,
    moreProblems: problems.slice(1),
    loadError: snapshot.matches('loadFailed') ? context.error : null,
    billingUnavailable: snapshot.matches('billingUnavailable'),
    tiles,
    selectedTerm: context.term,
    selectableTerms: tiles.map((tile) => tile.term).filter((term) => snapshot.can({ type: 'SELECT_TERM', term })),
    couponApplied: context.coupon !== null,
    showBillingForm: !leaving && context.billing !== null,
    leaving,
  };
}

/** The billing form's state (§2 Subscribe, §5 Subscribe, §8); flat, so shallowEqual keeps it from re-rendering. */
export interface BillingFormView {
  /** The provider, which renders its card entry into the form. */
  billing: BillingProvider | null;
  /** §2: the coupon entry shows unless the link brought the coupon (or the monthly plan is not offered). */
  acceptsCoupon: boolean;
  /** The error tied to the coupon entry, by state. */
  couponError: Message | null;
  /** The applied coupon's code, confirmed under the entry. */
  appliedCouponCode: string | null;
  /** The card or subscription failure (§8). */
  failure: SubscribeFailure | null;
  /** The machine takes SUBSCRIBE at all (it refuses invalid values itself). */
  canSubscribe: boolean;
}

export function billingFormView(snapshot: SubscribeSnapshot): BillingFormView {
  const { context } = snapshot;
  const couponError = snapshot.matches({ shopping: 'couponInvalid' })
    ? INVALID_APPLIED_COUPON
    : snapshot.matches({ shopping: 'couponNotApplied' })
      ? COUPON_NOT_APPLIED
      : null;
  return {
    billing: context.billing,
    acceptsCoupon: acceptsCoupon(context),
    couponError,
    appliedCouponCode: couponError === null ? (context.coupon?.coupon_code ?? null) : null,
    failure: snapshot.matches({ shopping: 'failed' }) ? context.error : null,
    canSubscribe: snapshot.matches('shopping'),
  };
}
