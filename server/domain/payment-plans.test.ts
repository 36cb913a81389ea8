import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargedAppFee, discountedDues, isFullDiscount } from '../../src/domain/fees.ts';
import { englishPlanName } from '../services/checkout/plan-texts.ts';
import {
  computePaymentPlans,
  type FeeSettings,
  installmentDates,
  planTotalCents,
  splitCents,
  teamFeesOf,
} from './payment-plans.ts';

const tigers: FeeSettings = {
  totalDuesCents: 45000,
  athleteDepositCents: 5000,
  paymentPlanFeeCents: 500,
  appFeeCents: 2500,
  isAppFeeItemized: true,
  planMonths: [3, 6],
};
const today = new Date('2026-11-21T12:00:00Z');

const amounts = (plan: { phases: { amountCents: number }[] }) => plan.phases.map((p) => p.amountCents);

describe('instalment dates', () => {
  it('starts instalments at the first schedule date after today', () => {
    expect(installmentDates('2027-01-01', 3, today)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01']);
    // A schedule that began in September continues from the next 15th.
    expect(installmentDates('2026-09-15', 2, today)).toEqual(['2026-12-15', '2027-01-15']);
    expect(installmentDates('2026-09-21', 1, today)).toEqual(['2026-12-21']);
  });
});

describe('payment plans (spec §9)', () => {
  it('offers pay in full first, then the monthly plans with the plan fee as additional', () => {
    const plans = computePaymentPlans({
      fees: tigers,
      discount: null,
      protectionCents: 0,
      firstInstallmentOn: '2027-01-01',
      today,
      planName: englishPlanName,
    });
    expect(plans.map((p) => [p.month, p.name, p.additionalCents])).toEqual([
      [0, 'Pay in full', null],
      [3, '3 monthly payments', 500],
      [6, '6 monthly payments', 500],
    ]);
    expect(amounts(plans[0]!)).toEqual([47500]);
    // Today: deposit 50 + itemized app fee 25; then (400 + 5) in three.
    expect(amounts(plans[1]!)).toEqual([7500, 13500, 13500, 13500]);
    expect(amounts(plans[2]!)).toEqual([7500, 6750, 6750, 6750, 6750, 6750, 6750]);
    expect(plans[1]!.phases.map((p) => p.startTimeFormatted)).toEqual([
      'Nov 21, 2026',
      'Jan 1, 2027',
      'Feb 1, 2027',
      'Mar 1, 2027',
    ]);
  });

  it('adds the protection plan to the first phase of every plan', () => {
    const plans = computePaymentPlans({
      fees: tigers,
      discount: null,
      protectionCents: 2900,
      firstInstallmentOn: '2027-01-01',
      today,
      planName: englishPlanName,
    });
    expect(plans.map((p) => p.phases[0]!.amountCents)).toEqual([50400, 10400, 10400]);
  });

  it('folds a non-itemized app fee into the deposit', () => {
    const storm: FeeSettings = {
      ...tigers,
      totalDuesCents: 30000,
      athleteDepositCents: 7500,
      paymentPlanFeeCents: 0,
      appFeeCents: 2000,
      isAppFeeItemized: false,
    };
    const plans = computePaymentPlans({
      fees: storm,
      discount: null,
      protectionCents: 0,
      firstInstallmentOn: '2026-09-15',
      today,
      planName: englishPlanName,
    });
    expect(amounts(plans[0]!)).toEqual([32000]);
    expect(amounts(plans[1]!)).toEqual([9500, 7500, 7500, 7500]);
    expect(planTotalCents(plans[1]!)).toBe(32000);
  });

  it('takes percent then flat discounts off the dues before splitting them', () => {
    const plans = computePaymentPlans({
      fees: tigers,
      discount: { percentOff: 10, flatAmount: 500 },
      protectionCents: 0,
      firstInstallmentOn: '2027-01-01',
      today,
      planName: englishPlanName,
    });
    // Dues 450 → 405 → 400; today deposit 50 + app fee 25; then (350 + 5) in three.
    expect(amounts(plans[0]!)).toEqual([42500]);
    expect(amounts(plans[1]!)).toEqual([7500, 11834, 11833, 11833]);
  });

  it('leaves nothing to pay with a 100 % discount, and offers only pay in full when no dues remain', () => {
    const plans = computePaymentPlans({
      fees: tigers,
      discount: { percentOff: 100, flatAmount: null },
      protectionCents: 0,
      firstInstallmentOn: '2027-01-01',
      today,
      planName: englishPlanName,
    });
    expect(plans).toHaveLength(1);
    expect(amounts(plans[0]!)).toEqual([0]);
  });

  it('keeps the app fee under a flat discount that covers the dues', () => {
    const plans = computePaymentPlans({
      fees: tigers,
      discount: { percentOff: null, flatAmount: 50000 },
      protectionCents: 0,
      firstInstallmentOn: '2027-01-01',
      today,
      planName: englishPlanName,
    });
    expect(amounts(plans[0]!)).toEqual([2500]);
  });

  it("charges in all the dues and app fee of the site's fee rules, plus the plan fee, and nothing on a full discount", () => {
    const feesArb = fc.record({
      totalDuesCents: fc.nat({ max: 10_000_000 }),
      athleteDepositCents: fc.nat({ max: 10_000_000 }),
      paymentPlanFeeCents: fc.nat({ max: 100_000 }),
      appFeeCents: fc.nat({ max: 100_000 }),
      isAppFeeItemized: fc.boolean(),
      planMonths: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 4 }),
    });
    const discountArb = fc.option(
      fc.record({
        percentOff: fc.option(fc.integer({ min: 0, max: 100 })),
        flatAmount: fc.option(fc.nat({ max: 20_000_000 })),
      }),
    );
    fc.assert(
      fc.property(feesArb, discountArb, (fees, discount) => {
        const plans = computePaymentPlans({
          fees,
          discount,
          protectionCents: 0,
          firstInstallmentOn: '2027-01-01',
          today,
          planName: englishPlanName,
        });
        const team = teamFeesOf(fees);
        const owed = discountedDues(team.total_dues, discount) + chargedAppFee(team, discount);
        expect(planTotalCents(plans[0]!)).toBe(owed);
        for (const plan of plans.slice(1)) expect(planTotalCents(plan)).toBe(owed + fees.paymentPlanFeeCents);
        if (isFullDiscount(discount, team)) expect(plans.map(planTotalCents)).toEqual([0]);
      }),
    );
  });

  it('splits amounts into parts that differ by at most a cent and add up', () => {
    expect(splitCents(1000, 3)).toEqual([334, 333, 333]);
    expect(splitCents(0, 2)).toEqual([0, 0]);
  });
});
