import { describe, expect, it } from 'vitest';
import { englishPlanName } from '../services/checkout/plan-texts.ts';
import { computePaymentPlans, type FeeSettings } from './payment-plans.ts';

/** Issue 34: financial assistance comes off after the discount code and before the sibling discount. */

const tigers: FeeSettings = {
  totalDuesCents: 45000,
  athleteDepositCents: 5000,
  paymentPlanFeeCents: 500,
  appFeeCents: 2500,
  isAppFeeItemized: true,
  planMonths: [3],
};
const today = new Date('2026-11-21T12:00:00Z');
const base = { fees: tigers, protectionCents: 0, firstInstallmentOn: '2027-01-01', today, planName: englishPlanName };
const amounts = (plans: ReturnType<typeof computePaymentPlans>) => plans.map((p) => p.phases.map((x) => x.amountCents));

describe('financial assistance in the plans', () => {
  it('without an award the plans are exactly as before', () => {
    expect(computePaymentPlans({ ...base, discount: null, assistanceCents: 0 })).toEqual(
      computePaymentPlans({ ...base, discount: null }),
    );
  });

  it('computes the plans on what is left after the code and the award', () => {
    // 10 % code: 405; award 225: 180 left; deposit 50 + app fee 25 today, (130 + 5) / 3 after.
    const plans = computePaymentPlans({
      ...base,
      discount: { percentOff: 10, flatAmount: null },
      assistanceCents: 22500,
    });
    expect(amounts(plans)).toEqual([[20500], [7500, 4500, 4500, 4500]]);
  });

  it('takes the sibling discount (computed by the caller on what is left) after the award', () => {
    const plans = computePaymentPlans({ ...base, discount: null, assistanceCents: 22500, siblingDiscountCents: 2250 });
    expect(amounts(plans)[0]).toEqual([45000 - 22500 - 2250 + 2500]);
  });

  it('an award of all the dues is the full discount: the app fee waived, only pay in full at 0', () => {
    expect(amounts(computePaymentPlans({ ...base, discount: null, assistanceCents: 45000 }))).toEqual([[0]]);
    // The protection plan, if added, is still the one amount due.
    expect(
      amounts(computePaymentPlans({ ...base, discount: null, assistanceCents: 45000, protectionCents: 2900 })),
    ).toEqual([[2900]]);
  });

  it('never turns an award into money: at most the dues the code left', () => {
    const plans = computePaymentPlans({
      ...base,
      discount: { percentOff: 50, flatAmount: null },
      assistanceCents: 45000,
    });
    expect(amounts(plans)).toEqual([[0]]);
  });
});
