/**
 * The words of the plan tiles and notices (§2 Subscribe, §9), from the `subscribe` catalogue group (issue 31). Every
 * amount comes from describePlanTiles in src/domain/subscription-pricing.ts; this module only puts the figures into
 * sentences, in the language in use: call these while rendering, never inside a selector.
 */
import { formatUsd } from '../../domain/money';
import type { MonthlyPriceSchedule, PlanTile, SubscriptionTerm } from '../../domain/subscription-pricing';
import { t } from '../../i18n/runtime';

const TERM_TITLE_KEYS = {
  annual: 'subscribe.termAnnual',
  'annual-pm': 'subscribe.termAnnualMonthly',
  quarterly: 'subscribe.termQuarterly',
  monthly: 'subscribe.termMonthly',
} as const satisfies Record<SubscriptionTerm, string>;

/** The plan's title: 'Annual', 'Annual, billed monthly', 'Quarterly', 'Monthly'. */
export function termTitle(term: SubscriptionTerm): string {
  return t(TERM_TITLE_KEYS[term]);
}

/** The tile's headline price, e.g. '$9.99 per month' or '$39.99 per quarter'. */
export function tilePriceText(tile: PlanTile): string {
  const price = formatUsd(tile.shownPrice);
  return tile.shownPerMonth ? t('subscribe.pricePerMonth', { price }) : t('subscribe.pricePerQuarter', { price });
}

function monthlyScheduleText(schedule: MonthlyPriceSchedule): string {
  switch (schedule.kind) {
    case 'regular':
      return t('subscribe.billedMonthly');
    case 'discounted':
      return t('subscribe.couponInstead', {
        price: formatUsd(schedule.price),
        regular: formatUsd(schedule.regularPrice),
      });
    case 'discounted-then-regular':
      return t('subscribe.couponThenRegular', {
        price: formatUsd(schedule.discountedPrice),
        months: schedule.discountedMonths,
        regular: formatUsd(schedule.regularPrice),
      });
  }
}

/** How the tile's plan is billed: once a year, monthly with its commitment, every quarter, or the coupon schedule. */
export function tileBillingText(tile: PlanTile): string {
  switch (tile.term) {
    case 'annual':
      return t('subscribe.billedYearly', { price: formatUsd(tile.price) });
    case 'annual-pm':
      return t('subscribe.billedMonthlyCommitment', { months: tile.commitmentMonths ?? 12 });
    case 'quarterly':
      return t('subscribe.billedQuarterly');
    case 'monthly':
      return tile.schedule ? monthlyScheduleText(tile.schedule) : t('subscribe.billedMonthly');
  }
}

/** '7-day free trial.', or null without a trial (§9: shown when set). */
export function tileTrialText(tile: PlanTile): string | null {
  return tile.trialDays === null ? null : t('subscribe.trialDays', { days: tile.trialDays });
}
