import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualPricePerMonth,
  type CouponInput,
  couponedMonthlyPrice,
  defaultTerm,
  describePlanTiles,
  isCouponUnapplied,
  monthlyPriceSchedule,
  type PlanPrices,
  shouldRedirectSubscriberToDashboard,
  trialDays,
  visibleTerms,
} from './subscription-pricing.ts';

// The seeded plan details and coupons of the fixtures contract, in cents.
const plans: PlanPrices = {
  monthly_price: 1499,
  annual_price: 11999,
  annual_price_pm: 1199,
  quarterly_price: 3999,
  trial_interval_length: 7,
  trial_interval_length_annual: 14,
  trial_interval_length_annual_pm: null,
  trial_interval_length_quarterly: null,
};
const SAVE5: CouponInput = {
  coupon_code: 'SAVE5',
  discount_type: 'dollars',
  discount_in_cents: 500,
  discount_percent: null,
  duration: 'temporal',
  applies_for_months: 3,
};
const HALFOFF: CouponInput = {
  coupon_code: 'HALFOFF',
  discount_type: 'percent',
  discount_in_cents: null,
  discount_percent: 50,
  duration: 'forever',
  applies_for_months: null,
};

describe('annualPricePerMonth (§9)', () => {
  it('shows annual / 12 − 0.01 to the cent', () => {
    expect(annualPricePerMonth(11999)).toBe(999);
    expect(annualPricePerMonth(12000)).toBe(999);
    expect(annualPricePerMonth(9999)).toBe(832);
    expect(annualPricePerMonth(0)).toBe(0);
  });

  it('is within half a cent of the exact figure, in whole cents, never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 10_000_000 }), (annual) => {
        const shown = annualPricePerMonth(annual);
        expect(Number.isInteger(shown)).toBe(true);
        expect(Math.abs(shown - (annual / 12 - 1))).toBeLessThanOrEqual(0.5);
        expect(shown).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('couponed monthly price (§9)', () => {
  it('takes dollars off, or a percentage, to the cent', () => {
    expect(couponedMonthlyPrice(1499, SAVE5)).toBe(999);
    expect(couponedMonthlyPrice(1499, HALFOFF)).toBe(750);
    expect(couponedMonthlyPrice(1000, { ...HALFOFF, discount_percent: 15 })).toBe(850);
    expect(couponedMonthlyPrice(1499, null)).toBe(1499);
    expect(couponedMonthlyPrice(300, SAVE5)).toBe(0);
  });

  it('equals price − discount_in_cents / 100 in dollars, floored at 0', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.nat({ max: 1_000_000 }), (price, off) => {
        const coupon = { ...SAVE5, discount_in_cents: off };
        expect(couponedMonthlyPrice(price, coupon)).toBe(Math.max(0, price - off));
      }),
    );
  });

  it('equals price × (100 − percent) / 100 to 2 decimals, between 0 and the price', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 0, max: 100 }), (price, percent) => {
        const result = couponedMonthlyPrice(price, { ...HALFOFF, discount_percent: percent });
        expect(Number.isInteger(result)).toBe(true);
        expect(Math.abs(result - (price * (100 - percent)) / 100)).toBeLessThanOrEqual(0.5);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(price);
      }),
    );
  });
});

describe('monthlyPriceSchedule (§9)', () => {
  it('renews at the regular price after a temporal coupon', () => {
    expect(monthlyPriceSchedule(1499, SAVE5)).toEqual({
      kind: 'discounted-then-regular',
      discountedPrice: 999,
      discountedMonths: 3,
      regularPrice: 1499,
    });
  });

  it('keeps a forever coupon, and shows the regular price without a coupon', () => {
    expect(monthlyPriceSchedule(1499, HALFOFF)).toEqual({ kind: 'discounted', price: 750, regularPrice: 1499 });
    expect(monthlyPriceSchedule(1499, null)).toEqual({ kind: 'regular', price: 1499 });
    expect(monthlyPriceSchedule(1499, { ...SAVE5, discount_in_cents: 0 })).toEqual({ kind: 'regular', price: 1499 });
  });

  it('reads a single-use coupon as one month', () => {
    expect(monthlyPriceSchedule(1499, { ...SAVE5, duration: 'single_use', applies_for_months: null })).toMatchObject({
      kind: 'discounted-then-regular',
      discountedMonths: 1,
    });
  });
});

describe('terms and tiles (§4 Subscribe, §9)', () => {
  it('gives trial days per plan when set', () => {
    expect(trialDays(plans, 'monthly')).toBe(7);
    expect(trialDays(plans, 'annual')).toBe(14);
    expect(trialDays(plans, 'annual-pm')).toBeNull();
    expect(trialDays({ ...plans, trial_interval_length_quarterly: 0 }, 'quarterly')).toBeNull();
  });

  it('defaults to monthly, else annual-pm, else annual; a coupon forces monthly', () => {
    expect(defaultTerm(plans, { hasCoupon: false })).toBe('monthly');
    expect(defaultTerm({ ...plans, monthly_price: null }, { hasCoupon: false })).toBe('annual-pm');
    expect(defaultTerm({ ...plans, monthly_price: null, annual_price_pm: null }, { hasCoupon: false })).toBe('annual');
    expect(defaultTerm({ ...plans, monthly_price: null }, { hasCoupon: true })).toBe('monthly');
    const onlyQuarterly = { ...plans, monthly_price: null, annual_price: null, annual_price_pm: null };
    expect(defaultTerm(onlyQuarterly, { hasCoupon: false })).toBe('quarterly');
  });

  it('keeps the default among the tiles an annual URL term leaves', () => {
    expect(defaultTerm(plans, { hasCoupon: false, urlTerm: 'annual' })).toBe('annual');
    expect(defaultTerm(plans, { hasCoupon: false, urlTerm: 'annual-pm' })).toBe('annual-pm');
    expect(defaultTerm(plans, { hasCoupon: false, urlTerm: 'quarterly' })).toBe('quarterly');
    expect(defaultTerm(plans, { hasCoupon: false, urlTerm: 'weekly' })).toBe('monthly');
  });

  it('hides plans without a price, and quarterly and monthly for an annual URL term', () => {
    expect(visibleTerms(plans)).toEqual(['annual', 'annual-pm', 'quarterly', 'monthly']);
    expect(visibleTerms(plans, 'annual')).toEqual(['annual', 'annual-pm']);
    expect(visibleTerms({ ...plans, quarterly_price: null }, 'monthly')).toEqual(['annual', 'annual-pm', 'monthly']);
  });

  it('always defaults to an offered tile when one exists and there is no coupon', () => {
    const price = fc.option(fc.nat({ max: 100_000 }));
    fc.assert(
      fc.property(
        price,
        price,
        price,
        price,
        fc.constantFrom(null, 'annual', 'annual-pm', 'quarterly', 'monthly', 'x'),
        (monthly, annual, annualPm, quarterly, urlTerm) => {
          const prices = {
            ...plans,
            monthly_price: monthly,
            annual_price: annual,
            annual_price_pm: annualPm,
            quarterly_price: quarterly,
          };
          const visible = visibleTerms(prices, urlTerm);
          const chosen = defaultTerm(prices, { hasCoupon: false, urlTerm });
          if (visible.length > 0) {
            expect(visible).toContain(chosen);
          }
        },
      ),
    );
  });

  it('describes every tile with the figures it shows', () => {
    expect(describePlanTiles(plans, { coupon: SAVE5 })).toEqual([
      {
        term: 'annual',
        price: 11999,
        shownPrice: 999,
        shownPerMonth: true,
        trialDays: 14,
        commitmentMonths: null,
        schedule: null,
      },
      {
        term: 'annual-pm',
        price: 1199,
        shownPrice: 1199,
        shownPerMonth: true,
        trialDays: null,
        commitmentMonths: 12,
        schedule: null,
      },
      {
        term: 'quarterly',
        price: 3999,
        shownPrice: 3999,
        shownPerMonth: false,
        trialDays: null,
        commitmentMonths: null,
        schedule: null,
      },
      {
        term: 'monthly',
        price: 999,
        shownPrice: 999,
        shownPerMonth: true,
        trialDays: 7,
        commitmentMonths: null,
        schedule: { kind: 'discounted-then-regular', discountedPrice: 999, discountedMonths: 3, regularPrice: 1499 },
      },
    ]);
  });
});

describe('coupon submission (§5 Subscribe)', () => {
  it('blocks a typed coupon that is not applied; empty counts as none', () => {
    expect(isCouponUnapplied('SAVE5', null)).toBe(true);
    expect(isCouponUnapplied('HALFOFF', 'SAVE5')).toBe(true);
    expect(isCouponUnapplied('SAVE5', 'SAVE5')).toBe(false);
    expect(isCouponUnapplied(' SAVE5 ', 'SAVE5')).toBe(false);
    expect(isCouponUnapplied('  ', null)).toBe(false);
    expect(isCouponUnapplied('', 'SAVE5')).toBe(false);
  });
});

describe('shouldRedirectSubscriberToDashboard (§4 Subscribe)', () => {
  const subscribed = (status_message: string) => ({ subscription: { status_message }, license: null });
  const withApiUser = { organization: { api_user_id: 9 } };

  it.each([
    ['Subscription active.', true],
    ['Trial period active.', true],
    ['License active.', true],
    ['Subscription not active.', false],
    ['Trial period has ended.', false],
    ['License expired.', false],
    ['License disabled.', false],
  ])('a user without a licence whose status is %s: %s', (status, expected) => {
    expect(shouldRedirectSubscriberToDashboard(subscribed(status))).toBe(expected);
  });

  it('stays for no user, no subscription, or an organization API user', () => {
    expect(shouldRedirectSubscriberToDashboard(null)).toBe(false);
    expect(shouldRedirectSubscriberToDashboard({ subscription: null, license: null })).toBe(false);
    expect(shouldRedirectSubscriberToDashboard({ ...subscribed('Subscription active.'), license: withApiUser })).toBe(
      false,
    );
  });

  it('redirects a subscriber whose licence organization has no API user', () => {
    expect(
      shouldRedirectSubscriberToDashboard({
        ...subscribed('Subscription active.'),
        license: { organization: { api_user_id: null } },
      }),
    ).toBe(true);
    expect(
      shouldRedirectSubscriberToDashboard({ ...subscribed('Subscription active.'), license: { organization: null } }),
    ).toBe(true);
  });
});
