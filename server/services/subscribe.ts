/**
 * The /api/subscribe routes' work, one function per route (docs/architecture.md §7): whether an organization takes
 * subscriptions, coupons, the plan's prices, claiming a licence and buying a personal subscription. The routes parse
 * the request, call one of these and answer what it returns.
 */
import { addDays, addMonthsToInstant } from '../../src/domain/dates.ts';
import { centsToDollarsOrNull } from '../../src/domain/money.ts';
import { INVALID_APPLIED_COUPON_TEXT } from '../../src/domain/subscribe-texts.ts';
import { SUBSCRIPTION_STATUS } from '../../src/domain/subscription-status.ts';
import type { UserRow } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { paidThrough, statusMessage } from '../domain/subscription-status.ts';
import { conflict, fieldError, notFound, text } from '../http/errors.ts';
import type { BillingTerm } from '../providers/types.ts';
import { requireEligible } from './eligibility/index.ts';
import { type ClaimResult, claimLicence, findLicence, LICENCE_TEXTS, normalizeCode } from './licences.ts';
import { acceptsSubscriptions, currentPlan, findCoupon, saveSubscription, subscriptionOf } from './subscriptions.ts';

/** How long one payment of each term lasts. annual-pm is billed monthly under a 12-month commitment. */
const TERM_MONTHS: Record<BillingTerm, number> = { annual: 12, 'annual-pm': 1, quarterly: 3, monthly: 1 };

/** GET /api/subscribe/validate-organization/{organization}. */
export async function organizationAcceptsSubscriptions(
  deps: AppDeps,
  organization: string,
): Promise<{ status: boolean }> {
  return { status: await acceptsSubscriptions(deps.db, organization.toLowerCase()) };
}

/** GET /api/subscribe/coupon-details/{code}: 404 with the §8 text when unknown. */
export async function couponDetails(deps: AppDeps, code: string) {
  const coupon = await findCoupon(deps.db, normalizeCode(code));
  if (!coupon) throw notFound(INVALID_APPLIED_COUPON_TEXT);
  return {
    coupon_code: coupon.code,
    discount_type: coupon.discountType,
    discount_in_cents: coupon.discountInCents,
    discount_percent: coupon.discountPercent,
    duration: coupon.duration,
    applies_for_months: coupon.appliesForMonths,
  };
}

/** POST /api/subscribe/plan-details: prices in dollars and trial lengths, null where none is configured. */
export async function planPrices(deps: AppDeps) {
  const plan = await currentPlan(deps.db);
  return {
    monthly_price: centsToDollarsOrNull(plan?.monthlyPriceCents ?? null),
    annual_price: centsToDollarsOrNull(plan?.annualPriceCents ?? null),
    annual_price_pm: centsToDollarsOrNull(plan?.annualPmPriceCents ?? null),
    quarterly_price: centsToDollarsOrNull(plan?.quarterlyPriceCents ?? null),
    trial_interval_length: plan?.trialDaysMonthly ?? null,
    trial_interval_length_annual: plan?.trialDaysAnnual ?? null,
    trial_interval_length_annual_pm: plan?.trialDaysAnnualPm ?? null,
    trial_interval_length_quarterly: plan?.trialDaysQuarterly ?? null,
  };
}

/** POST /api/subscribe/claim-license: 404 for an unknown code. */
export async function claimLicenceByCode(deps: AppDeps, user: UserRow, code: string): Promise<ClaimResult> {
  const licence = await findLicence(deps.db, code);
  if (!licence) throw notFound(LICENCE_TEXTS.notFound);
  // Issue 32: a team's age rule refuses (422) an athlete it does not allow before any seat is taken.
  if (licence.teamId !== null) await requireEligible(deps.db, user, licence.teamId);
  return claimLicence(deps, user, licence);
}

export interface PurchaseBody {
  term: BillingTerm;
  coupon_code?: string | null | undefined;
  token: string;
  first_name: string;
  last_name: string;
}

export type PurchaseAnswer =
  | { status: 'success'; subscription: { status_message: string; paid_through: string | null } }
  | { status: 'error'; message: string };

/**
 * POST /api/subscribe/process: the term's price and trial from the plan, the coupon checked, an active subscription
 * refused (409), the purchase at the billing provider and the new access stored. A provider's refusal or failure is
 * an answer ('error' with the card status code or 'error'), not an exception.
 */
export async function purchaseSubscription(deps: AppDeps, user: UserRow, body: PurchaseBody): Promise<PurchaseAnswer> {
  const { db } = deps;
  const plan = await currentPlan(db);
  const offer = plan
    ? {
        annual: { price: plan.annualPriceCents, trialDays: plan.trialDaysAnnual },
        'annual-pm': { price: plan.annualPmPriceCents, trialDays: plan.trialDaysAnnualPm },
        quarterly: { price: plan.quarterlyPriceCents, trialDays: plan.trialDaysQuarterly },
        monthly: { price: plan.monthlyPriceCents, trialDays: plan.trialDaysMonthly },
      }[body.term]
    : null;
  if (!offer || offer.price === null) return { status: 'error', message: 'nosubplan' };

  const couponCode = body.coupon_code?.trim() ? normalizeCode(body.coupon_code) : null;
  if (couponCode) {
    if (!(await findCoupon(db, couponCode))) throw fieldError('coupon_code', INVALID_APPLIED_COUPON_TEXT);
  }

  const now = deps.now();
  const current = await subscriptionOf(db, user.id);
  if (current?.kind === 'subscription') {
    const message = statusMessage(current, now);
    if (message === SUBSCRIPTION_STATUS.subscriptionActive || message === SUBSCRIPTION_STATUS.trialActive) {
      throw conflict(text('subscribe.alreadyActive'));
    }
  }

  let result: Awaited<ReturnType<typeof deps.providers.billing.purchase>>;
  try {
    result = await deps.providers.billing.purchase({
      accountCode: `user-${user.id}`,
      email: user.email ?? `user-${user.id}@accounts.invalid`,
      firstName: body.first_name,
      lastName: body.last_name,
      term: body.term,
      couponCode,
      tokenId: body.token,
    });
  } catch (error) {
    // The billing provider failed, not the request: the card form shows the §8 'error' text.
    deps.log.error({ err: error }, 'subscription purchase failed');
    return { status: 'error', message: 'error' };
  }
  if (!result.ok) return { status: 'error', message: result.code };

  const trialEndsAt = offer.trialDays ? addDays(now, offer.trialDays) : null;
  const access = {
    kind: 'subscription' as const,
    active: true,
    disabled: false,
    term: body.term,
    couponCode,
    providerSubscriptionId: result.subscriptionId,
    trialEndsAt,
    // With a trial the first charge is at its end; that is when the paid period starts.
    paidThrough: trialEndsAt ?? addMonthsToInstant(now, TERM_MONTHS[body.term]),
    updatedAt: now,
  };
  const saved = await saveSubscription(db, user.id, access);
  return {
    status: 'success',
    subscription: {
      status_message: statusMessage(saved, now),
      paid_through: paidThrough(saved)?.toISOString() ?? null,
    },
  };
}
