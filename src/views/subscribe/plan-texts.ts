/**
 * The words of the plan tiles and notices (§2 Subscribe, §9). Every amount comes from describePlanTiles in
 * src/domain/subscription-pricing.ts; this module only puts the figures into sentences.
 */
import { formatUsd } from '../../domain/money';
import type { MonthlyPriceSchedule, PlanTile, SubscriptionTerm } from '../../domain/subscription-pricing';

/** §9: the refund window, in the dashboard's terms (§2 Dashboard). */
export const REFUND_NOTICE = 'A full refund is available on request within 7 days of your initial purchase.';
export const AUTO_RENEW_NOTICE =
  'Your subscription renews automatically at the end of each billing period until you cancel it.';
/** §9: the card is not charged until the trial ends. */
export const TRIAL_CARD_NOTICE = 'Your card will not be charged until your free trial ends.';
export const COUPON_MONTHLY_NOTICE = 'Coupons apply to the monthly plan.';

export const TERM_TITLES: Readonly<Record<SubscriptionTerm, string>> = {
  annual: 'Annual',
  'annual-pm': 'Annual, billed monthly',
  quarterly: 'Quarterly',
  monthly: 'Monthly',
};

/** The tile's headline price, e.g. '$9.99 per month' or '$39.99 per quarter'. */
export function tilePriceText(tile: PlanTile): string {
  return `${formatUsd(tile.shownPrice)} ${tile.shownPerMonth ? 'per month' : 'per quarter'}`;
}

function monthlyScheduleText(schedule: MonthlyPriceSchedule): string {
  switch (schedule.kind) {
    case 'regular':
      return 'Billed every month.';
    case 'discounted':
      return `With your coupon: ${formatUsd(schedule.price)} a month instead of ${formatUsd(schedule.regularPrice)}.`;
    case 'discounted-then-regular': {
      const months = schedule.discountedMonths === 1 ? 'first month' : `first ${schedule.discountedMonths} months`;
      return (
        `With your coupon: ${formatUsd(schedule.discountedPrice)} a month for the ${months}, ` +
        `then ${formatUsd(schedule.regularPrice)} a month.`
      );
    }
  }
}

/** How the tile's plan is billed: once a year, monthly with its commitment, every quarter, or the coupon schedule. */
export function tileBillingText(tile: PlanTile): string {
  switch (tile.term) {
    case 'annual':
      return `Billed once a year: ${formatUsd(tile.price)}.`;
    case 'annual-pm':
      return `Billed every month, with a ${tile.commitmentMonths ?? 12}-month commitment.`;
    case 'quarterly':
      return 'Billed every 3 months.';
    case 'monthly':
      return tile.schedule ? monthlyScheduleText(tile.schedule) : 'Billed every month.';
  }
}

/** '7-day free trial.', or null without a trial (§9: shown when set). */
export function tileTrialText(tile: PlanTile): string | null {
  return tile.trialDays === null ? null : `${tile.trialDays}-day free trial.`;
}
