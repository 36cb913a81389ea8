/**
 * Subscription prices, coupons, terms and tiles of spec §9 Subscribe and §4 Subscribe. Prices are integer cents:
 * the plan details arrive in dollars and are converted at the schema boundary (docs/api.md, Conventions).
 */

import { SUBSCRIPTION_STATUS } from './subscription-status.ts';

/** The four terms in tile order (§2 Subscribe), as `POST /api/subscribe/process` names them (docs/api.md). */
export const SUBSCRIPTION_TERMS = ['annual', 'annual-pm', 'quarterly', 'monthly'] as const;

/** One subscription term (§2: annual, annual billed monthly, quarterly, monthly). */
export type SubscriptionTerm = (typeof SUBSCRIPTION_TERMS)[number];

/** Plan details (§3), prices in cents or null when the plan is not offered, trials in days or null. */
export interface PlanPrices {
  readonly monthly_price: number | null;
  readonly annual_price: number | null;
  readonly annual_price_pm: number | null;
  readonly quarterly_price: number | null;
  readonly trial_interval_length: number | null;
  readonly trial_interval_length_annual: number | null;
  readonly trial_interval_length_annual_pm: number | null;
  readonly trial_interval_length_quarterly: number | null;
}

/** A coupon (§3); `discount_in_cents` is cents already on the wire. */
export interface CouponInput {
  readonly coupon_code: string;
  readonly discount_type: 'dollars' | 'percent';
  readonly discount_in_cents: number | null;
  readonly discount_percent: number | null;
  readonly duration: 'forever' | 'single_use' | 'temporal';
  readonly applies_for_months: number | null;
}

/** Commitment of the annual-billed-monthly plan in months (§9). */
export const ANNUAL_PM_COMMITMENT_MONTHS = 12;

/** Whether a value is one of the four terms (§2 Subscribe). */
export function isSubscriptionTerm(value: string | null | undefined): value is SubscriptionTerm {
  return (SUBSCRIPTION_TERMS as readonly (string | null | undefined)[]).includes(value);
}

/** The price of a term in cents, or null when that plan is not offered (§3 Plan details). */
export function termPrice(prices: PlanPrices, term: SubscriptionTerm): number | null {
  switch (term) {
    case 'annual':
      return prices.annual_price;
    case 'annual-pm':
      return prices.annual_price_pm;
    case 'quarterly':
      return prices.quarterly_price;
    case 'monthly':
      return prices.monthly_price;
  }
}

/**
 * The annual price shown per month: annual / 12 − 0.01 (§9), in cents, never negative.
 * Rounding: annual / 12 is rounded half up to the cent before the cent is taken off, i.e. what `toFixed(2)` of the
 * dollar figure shows, so 119.99 shows 9.99 (119.99 / 12 = 9.9991…, less 0.01 = 9.9891… → 9.99) and 120.00 shows 9.99.
 */
export function annualPricePerMonth(annualPrice: number): number {
  return Math.max(0, Math.round(annualPrice / 12) - 1);
}

/**
 * The monthly price with a coupon, in cents (§9): dollars → price − discount_in_cents, percent →
 * price × (100 − percent) / 100 rounded half up to the cent; never negative, the percent clamped to 0-100.
 * Half up on exact cents is chosen over the float accident of `toFixed` (14.99 at 50 % shows 7.50, not 7.49).
 */
export function couponedMonthlyPrice(monthlyPrice: number, coupon: CouponInput | null): number {
  if (coupon === null) {
    return monthlyPrice;
  }
  if (coupon.discount_type === 'dollars') {
    return Math.max(0, monthlyPrice - Math.max(0, coupon.discount_in_cents ?? 0));
  }
  const percent = Math.min(100, Math.max(0, coupon.discount_percent ?? 0));
  return Math.round((monthlyPrice * (100 - percent)) / 100);
}

/** How the monthly price runs over time with a coupon: the inputs of the price and renewal texts (§9). */
export type MonthlyPriceSchedule =
  | { readonly kind: 'regular'; readonly price: number }
  | { readonly kind: 'discounted'; readonly price: number; readonly regularPrice: number }
  | {
      readonly kind: 'discounted-then-regular';
      readonly discountedPrice: number;
      readonly discountedMonths: number;
      readonly regularPrice: number;
    };

/**
 * The monthly price schedule (§9): without a coupon the regular price; a 'forever' coupon discounts every month;
 * a temporal coupon discounts applies_for_months months and then the regular price renews. A 'single_use' coupon
 * is read as the first month only, and a temporal coupon without a month count as one month: §9 does not say.
 */
export function monthlyPriceSchedule(monthlyPrice: number, coupon: CouponInput | null): MonthlyPriceSchedule {
  const discounted = couponedMonthlyPrice(monthlyPrice, coupon);
  if (coupon === null || discounted === monthlyPrice) {
    return { kind: 'regular', price: monthlyPrice };
  }
  if (coupon.duration === 'forever') {
    return { kind: 'discounted', price: discounted, regularPrice: monthlyPrice };
  }
  const months = coupon.duration === 'temporal' ? Math.max(1, coupon.applies_for_months ?? 1) : 1;
  return {
    kind: 'discounted-then-regular',
    discountedPrice: discounted,
    discountedMonths: months,
    regularPrice: monthlyPrice,
  };
}

/** Free-trial days of a term, or null when none is set (§9: trial days per plan type are shown when set). */
export function trialDays(prices: PlanPrices, term: SubscriptionTerm): number | null {
  const days = {
    annual: prices.trial_interval_length_annual,
    'annual-pm': prices.trial_interval_length_annual_pm,
    quarterly: prices.trial_interval_length_quarterly,
    monthly: prices.trial_interval_length,
  }[term];
  return days !== null && days > 0 ? days : null;
}

/** Whether the URL's term is an annual one, which hides the quarterly and monthly tiles (§4 Subscribe). */
export function isAnnualTerm(term: string | null | undefined): boolean {
  return term === 'annual' || term === 'annual-pm';
}

/** The tiles offered, in §2 order: a plan with a null price is not offered; an annual URL term hides two (§4). */
export function visibleTerms(prices: PlanPrices, urlTerm?: string | null): SubscriptionTerm[] {
  const annualOnly = isAnnualTerm(urlTerm);
  return SUBSCRIPTION_TERMS.filter(
    (term) => termPrice(prices, term) !== null && !(annualOnly && (term === 'quarterly' || term === 'monthly')),
  );
}

/**
 * The preselected term (§4 Subscribe): a coupon forces monthly; otherwise monthly if a monthly price exists, else
 * annual-pm, else annual. The choice stays among the visible tiles: the URL's term when it names a visible one,
 * else the first visible of monthly, annual-pm, annual, and quarterly last (only when it is all that is offered).
 */
export function defaultTerm(
  prices: PlanPrices,
  { hasCoupon, urlTerm }: { hasCoupon: boolean; urlTerm?: string | null },
): SubscriptionTerm {
  if (hasCoupon) {
    return 'monthly';
  }
  const visible = visibleTerms(prices, urlTerm);
  if (isSubscriptionTerm(urlTerm) && visible.includes(urlTerm)) {
    return urlTerm;
  }
  const preference: SubscriptionTerm[] = ['monthly', 'annual-pm', 'annual', 'quarterly'];
  return preference.find((term) => visible.includes(term)) ?? 'annual';
}

/** What one plan tile shows, amounts in cents (§2 Subscribe tiles, §9). */
export interface PlanTile {
  readonly term: SubscriptionTerm;
  /** What each billing period charges (the monthly one with the coupon applied). */
  readonly price: number;
  /** The figure the tile shows: per month for annual (annual / 12 − 0.01) and annual-pm, else the price. */
  readonly shownPrice: number;
  readonly shownPerMonth: boolean;
  readonly trialDays: number | null;
  /** 12 for annual billed monthly (§9), else null. */
  readonly commitmentMonths: number | null;
  /** The monthly tile's price schedule with the coupon (§9), null for the other tiles. */
  readonly schedule: MonthlyPriceSchedule | null;
}

/** Describes the visible tiles so no view computes a price (§2 Subscribe, §4 Subscribe, §9). */
export function describePlanTiles(
  prices: PlanPrices,
  { coupon, urlTerm }: { coupon: CouponInput | null; urlTerm?: string | null },
): PlanTile[] {
  return visibleTerms(prices, urlTerm).map((term): PlanTile => {
    // visibleTerms only yields terms whose price is not null.
    const regular = termPrice(prices, term) ?? 0;
    const tile = { term, price: regular, trialDays: trialDays(prices, term), commitmentMonths: null, schedule: null };
    if (term === 'annual') {
      return { ...tile, shownPrice: annualPricePerMonth(regular), shownPerMonth: true };
    }
    if (term === 'annual-pm') {
      return { ...tile, shownPrice: regular, shownPerMonth: true, commitmentMonths: ANNUAL_PM_COMMITMENT_MONTHS };
    }
    if (term === 'quarterly') {
      return { ...tile, shownPrice: regular, shownPerMonth: false };
    }
    const price = couponedMonthlyPrice(regular, coupon);
    return { ...tile, price, shownPrice: price, shownPerMonth: true, schedule: monthlyPriceSchedule(regular, coupon) };
  });
}

/**
 * Whether a typed coupon blocks 'Subscribe' (§5): it differs from the applied one; empty counts as none. The refusal's
 * text is the catalogue's `subscribe.couponNotApplied` (src/domain/forms/subscribe-coupon.ts).
 */
export function isCouponUnapplied(typedCoupon: string, appliedCouponCode: string | null): boolean {
  const typed = typedCoupon.trim();
  if (typed === '') {
    return false;
  }
  return appliedCouponCode === null || typed !== appliedCouponCode.trim();
}

/** The user fields the subscribe redirect reads (§3 Current user). */
export interface SubscribeRedirectUser {
  readonly subscription: { readonly status_message: string } | null;
  readonly license: { readonly organization: { readonly api_user_id: number | null } | null } | null;
}

/**
 * The statuses with nothing active: the user may subscribe. §4 names the two ended licences; a trial that has ended
 * and a subscription that is not active are read the same way, since the dashboard's prompt for both links to
 * /subscribe and sending them back would loop.
 */
const MAY_SUBSCRIBE_STATUSES: readonly string[] = [
  SUBSCRIPTION_STATUS.licenseExpired,
  SUBSCRIPTION_STATUS.licenseDisabled,
  SUBSCRIPTION_STATUS.trialEnded,
  SUBSCRIPTION_STATUS.subscriptionNotActive,
];

/**
 * Whether /subscribe sends the user to /dashboard (§4 Subscribe): logged in, with a subscription whose status is
 * not 'License expired.' or 'License disabled.' (nor 'Trial period has ended.' or 'Subscription not active.', see
 * MAY_SUBSCRIBE_STATUSES), and "without a licence or an organization API user". The API user
 * is reachable only through the licence's organization (§3), so that clause is read as: no licence, or a licence
 * whose organization has no API user. Only a user whose organization has an API user may subscribe anyway.
 */
export function shouldRedirectSubscriberToDashboard(user: SubscribeRedirectUser | null): boolean {
  if (user === null || user.subscription === null) {
    return false;
  }
  if (MAY_SUBSCRIBE_STATUSES.includes(user.subscription.status_message)) {
    return false;
  }
  const apiUserId = user.license?.organization?.api_user_id ?? null;
  return apiUserId === null;
}

/**
 * Whether a coupon can be applied: coupons price the monthly plan (§9), so only while the monthly tile is offered,
 * and not when the link brought one (§2: the entry is hidden then). Where an annual link hides the monthly tile
 * (§4), "a coupon forces monthly" cannot hold; the annual link wins and no coupon is taken, from the entry or the
 * link (the link's coupon is still validated: an invalid one says so whatever the term).
 */
export function acceptsCoupon(context: {
  prices: PlanPrices | null;
  urlTerm: string | null;
  couponFromUrl: boolean;
}): boolean {
  return (
    !context.couponFromUrl &&
    context.prices !== null &&
    visibleTerms(context.prices, context.urlTerm).includes('monthly')
  );
}
