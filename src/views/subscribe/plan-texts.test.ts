import { describe, expect, it } from 'vitest';
import { type CouponInput, describePlanTiles, type PlanPrices } from '../../domain/subscription-pricing';
import { termTitle, tileBillingText, tilePriceText, tileTrialText } from './plan-texts';

// docs/fixtures.md: monthly 14.99 (7-day trial), annual 119.99 (14-day trial), annual billed monthly 11.99, quarterly
// 39.99; SAVE5 500 cents for 3 months, HALFOFF 50 % forever.
const prices: PlanPrices = {
  monthly_price: 1499,
  annual_price: 11999,
  annual_price_pm: 1199,
  quarterly_price: 3999,
  trial_interval_length: 7,
  trial_interval_length_annual: 14,
  trial_interval_length_annual_pm: null,
  trial_interval_length_quarterly: 0,
};
const save5: CouponInput = {
  coupon_code: 'SAVE5',
  discount_type: 'dollars',
  discount_in_cents: 500,
  discount_percent: null,
  duration: 'temporal',
  applies_for_months: 3,
};
const halfOff: CouponInput = {
  coupon_code: 'HALFOFF',
  discount_type: 'percent',
  discount_in_cents: null,
  discount_percent: 50,
  duration: 'forever',
  applies_for_months: null,
};

function texts(coupon: CouponInput | null) {
  return describePlanTiles(prices, { coupon }).map((tile) => ({
    title: termTitle(tile.term),
    price: tilePriceText(tile),
    billing: tileBillingText(tile),
    trial: tileTrialText(tile),
  }));
}

describe('plan tile texts (§2 Subscribe, §9)', () => {
  it('names the four plans with their prices, billing, commitment and trials', () => {
    expect(texts(null)).toEqual([
      {
        title: 'Annual',
        price: '$9.99 per month',
        billing: 'Billed once a year: $119.99.',
        trial: '14-day free trial.',
      },
      {
        title: 'Annual, billed monthly',
        price: '$11.99 per month',
        billing: 'Billed every month, with a 12-month commitment.',
        trial: null,
      },
      { title: 'Quarterly', price: '$39.99 per quarter', billing: 'Billed every 3 months.', trial: null },
      { title: 'Monthly', price: '$14.99 per month', billing: 'Billed every month.', trial: '7-day free trial.' },
    ]);
  });

  it('shows a temporal dollar coupon for its months, then the regular price', () => {
    expect(texts(save5)[3]).toEqual({
      title: 'Monthly',
      price: '$9.99 per month',
      billing: 'With your coupon: $9.99 a month for the first 3 months, then $14.99 a month.',
      trial: '7-day free trial.',
    });
  });

  it('shows a forever percent coupon against the regular price', () => {
    expect(texts(halfOff)[3]?.billing).toBe('With your coupon: $7.50 a month instead of $14.99.');
    expect(texts(halfOff)[3]?.price).toBe('$7.50 per month');
  });

  it('says "first month" for a coupon of one month', () => {
    const once: CouponInput = { ...save5, duration: 'single_use', applies_for_months: null };
    expect(texts(once)[3]?.billing).toBe('With your coupon: $9.99 a month for the first month, then $14.99 a month.');
  });

  it('leaves the other tiles at their regular prices when a coupon applies', () => {
    expect(texts(save5).slice(0, 3)).toEqual(texts(null).slice(0, 3));
  });
});
