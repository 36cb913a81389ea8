import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ClientDiscount,
  chargedAppFee,
  describePlan,
  describePlans,
  discountAmount,
  discountCodeAction,
  discountedDues,
  feeBreakdown,
  isFullDiscount,
  itemizedAppFee,
  monthsToPay,
  nonItemizedAppFee,
  offeredPlans,
  overallFees,
  type PaymentPhaseInput,
  type PaymentPlanInput,
  paymentToday,
  playerDeposit,
  summarizeTeamFees,
  type TeamFees,
  toClientDiscount,
  totalDue,
  waivesAppFee,
} from './fees.ts';

// The seeded teams of the fixtures contract, in cents.
const tigers: TeamFees = {
  total_dues: 45000,
  athlete_deposit: 5000,
  payment_plan_fee: 500,
  total_app_fee: 2500,
  is_app_fee_itemized: true,
};
const storm: TeamFees = {
  total_dues: 30000,
  athlete_deposit: 7500,
  payment_plan_fee: 0,
  total_app_fee: 2000,
  is_app_fee_itemized: false,
};
const waves: TeamFees = {
  total_dues: 20000,
  athlete_deposit: 0,
  payment_plan_fee: 0,
  total_app_fee: 0,
  is_app_fee_itemized: true,
};
const injuryProtection = { amount: 2900 };

const FULLRIDE: ClientDiscount = { code: 'FULLRIDE', percentOff: 100, flatAmount: null, applied: true };
const SAVE10: ClientDiscount = { code: 'SAVE10', percentOff: 10, flatAmount: null, applied: true };
const FLAT500: ClientDiscount = { code: 'FLAT500', percentOff: null, flatAmount: 50000, applied: true };

function phase(base: number, processingFee?: number, when = 'Mar 1, 2027'): PaymentPhaseInput {
  return {
    start_time_formatted: when,
    base_amount: base,
    amount: base + (processingFee ?? 0),
    ...(processingFee === undefined ? {} : { processing_fee: processingFee }),
  };
}

function planOf(phaseCount: number): PaymentPlanInput {
  return { month: phaseCount, name: `${phaseCount}`, phases: Array.from({ length: phaseCount }, () => phase(100)) };
}

const teamArb = fc.record({
  total_dues: fc.nat({ max: 10_000_000 }),
  athlete_deposit: fc.nat({ max: 10_000_000 }),
  payment_plan_fee: fc.nat({ max: 100_000 }),
  total_app_fee: fc.nat({ max: 100_000 }),
  is_app_fee_itemized: fc.boolean(),
});

describe('app fee, deposit, overall fees and total due (§9)', () => {
  it('keeps an itemized app fee out of the deposit and adds it to the total due (12U Tigers)', () => {
    expect(itemizedAppFee(tigers)).toBe(2500);
    expect(nonItemizedAppFee(tigers)).toBe(0);
    expect(playerDeposit(tigers)).toBe(5000);
    expect(overallFees(tigers)).toBe(45000);
    expect(totalDue(tigers)).toBe(47500);
  });

  it('folds a non-itemized app fee into deposit and overall fees (14U Storm)', () => {
    expect(itemizedAppFee(storm)).toBe(0);
    expect(nonItemizedAppFee(storm)).toBe(2000);
    expect(playerDeposit(storm)).toBe(9500);
    expect(overallFees(storm)).toBe(32000);
    expect(totalDue(storm)).toBe(32000);
  });

  it('charges the app fee exactly once whether itemized or not', () => {
    fc.assert(
      fc.property(teamArb, (team) => {
        expect(totalDue(team)).toBe(team.total_dues + team.total_app_fee);
        expect(itemizedAppFee(team) + nonItemizedAppFee(team)).toBe(team.total_app_fee);
        expect(playerDeposit(team) - team.athlete_deposit).toBe(overallFees(team) - team.total_dues);
      }),
    );
  });

  it('summarizes the team amounts with the display flags', () => {
    expect(summarizeTeamFees(storm, true)).toEqual({
      totalDues: 30000,
      playerDeposit: 9500,
      overallFees: 32000,
      totalDue: 32000,
      appFee: 2000,
      isAppFeeItemized: false,
      paymentPlanFee: 0,
      seasonStarted: true,
    });
  });
});

describe('paymentToday (§9)', () => {
  const payInFullWithProtection: PaymentPlanInput = {
    month: 0,
    name: 'Pay in full',
    phases: [phase(45000 + 2500 + 2900)],
  };

  it('subtracts the added protection plan and the itemized app fee from the first phase', () => {
    expect(paymentToday(payInFullWithProtection, tigers, injuryProtection)).toBe(45000);
  });

  it('does not subtract a protection plan the user did not add', () => {
    const payInFull: PaymentPlanInput = { month: 0, name: 'Pay in full', phases: [phase(45000 + 2500)] };
    expect(paymentToday(payInFull, tigers, null)).toBe(45000);
  });

  it('floors at 0 when the deductions exceed the first phase', () => {
    const fullyDiscounted: PaymentPlanInput = { month: 0, name: 'Pay in full', phases: [phase(2500 + 2900)] };
    expect(paymentToday(fullyDiscounted, tigers, injuryProtection)).toBe(0);
    expect(paymentToday({ month: 0, name: 'x', phases: [phase(100)] }, tigers, injuryProtection)).toBe(0);
  });

  it('is 0 for a plan without phases', () => {
    expect(paymentToday({ month: 0, name: 'Empty', phases: [] }, tigers, null)).toBe(0);
  });

  it('is the first phase less the deductions, never negative', () => {
    fc.assert(
      fc.property(
        teamArb,
        fc.nat({ max: 10_000_000 }),
        fc.option(fc.nat({ max: 100_000 })),
        (team, base, protectionAmount) => {
          const plan: PaymentPlanInput = { month: 0, name: 'p', phases: [phase(base)] };
          const protection = protectionAmount === null ? null : { amount: protectionAmount };
          const today = paymentToday(plan, team, protection);
          expect(today).toBeGreaterThanOrEqual(0);
          expect(today).toBeLessThanOrEqual(base);
          expect(Number.isInteger(today)).toBe(true);
          const unfloored = base - (protectionAmount ?? 0) - itemizedAppFee(team);
          expect(today).toBe(Math.max(0, unfloored));
        },
      ),
    );
  });
});

describe('monthsToPay (§9)', () => {
  it('is the phase count minus one, at least one', () => {
    expect(monthsToPay(planOf(0))).toBe(1);
    expect(monthsToPay(planOf(1))).toBe(1);
    expect(monthsToPay(planOf(2))).toBe(1);
    expect(monthsToPay(planOf(4))).toBe(3);
    expect(monthsToPay(planOf(7))).toBe(6);
  });

  it('holds for any phase count', () => {
    fc.assert(
      fc.property(fc.nat({ max: 40 }), (count) => {
        const months = monthsToPay(planOf(count));
        expect(months).toBeGreaterThanOrEqual(1);
        if (count >= 2) expect(months).toBe(count - 1);
      }),
    );
  });
});

describe('discounts', () => {
  it('applies percent and flat discounts to the dues in cents', () => {
    expect(discountedDues(45000, SAVE10)).toBe(40500);
    expect(discountedDues(45000, FULLRIDE)).toBe(0);
    expect(discountedDues(20000, FLAT500)).toBe(0);
    expect(discountedDues(45000, { percentOff: null, flatAmount: 10000, applied: true })).toBe(35000);
    expect(discountedDues(1499, { percentOff: 50, flatAmount: null, applied: true })).toBe(750);
    expect(discountAmount(45000, SAVE10)).toBe(4500);
  });

  it('changes nothing without an applied discount', () => {
    expect(discountedDues(45000, null)).toBe(45000);
    expect(discountedDues(45000, { ...SAVE10, applied: false })).toBe(45000);
    expect(discountAmount(45000, null)).toBe(0);
  });

  it('keeps discounted dues between 0 and the dues, and more percent never costs more', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000_000 }),
        fc.integer({ min: -50, max: 150 }),
        fc.integer({ min: -50, max: 150 }),
        fc.option(fc.integer({ min: -1000, max: 20_000_000 })),
        (dues, percentA, percentB, flat) => {
          const low = Math.min(percentA, percentB);
          const high = Math.max(percentA, percentB);
          const withLow = discountedDues(dues, { percentOff: low, flatAmount: flat, applied: true });
          const withHigh = discountedDues(dues, { percentOff: high, flatAmount: flat, applied: true });
          for (const value of [withLow, withHigh]) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(dues);
          }
          expect(withHigh).toBeLessThanOrEqual(withLow);
        },
      ),
    );
  });

  it('keeps only active server discounts (§5)', () => {
    expect(
      toClientDiscount({ discount_code: 'OLDCODE', percent_off: 10, flat_discount_amount: null, is_active: false }),
    ).toBeNull();
    expect(
      toClientDiscount({ discount_code: 'FLAT500', percent_off: null, flat_discount_amount: 50000, is_active: true }),
    ).toEqual(FLAT500);
  });

  it('clears on an empty code, ignores the applied code again, and looks up anything else (§5)', () => {
    expect(discountCodeAction('', 'SAVE10')).toBe('clear');
    expect(discountCodeAction('   ', null)).toBe('clear');
    expect(discountCodeAction('SAVE10', 'SAVE10')).toBe('unchanged');
    expect(discountCodeAction(' SAVE10 ', 'SAVE10')).toBe('unchanged');
    expect(discountCodeAction('SAVE10', null)).toBe('lookup');
    expect(discountCodeAction('FULLRIDE', 'SAVE10')).toBe('lookup');
  });
});

describe('isFullDiscount (§4, §9)', () => {
  it('counts FULLRIDE on 12U Tigers and FLAT500 on 10U Waves', () => {
    expect(isFullDiscount(FULLRIDE, tigers)).toBe(true);
    expect(isFullDiscount(FLAT500, waves)).toBe(true);
  });

  it('does not count a flat amount on a team with an app fee, a partial discount, or none', () => {
    expect(isFullDiscount(FLAT500, tigers)).toBe(false);
    expect(isFullDiscount(FLAT500, storm)).toBe(false);
    expect(isFullDiscount({ ...FLAT500, flatAmount: 19999 }, waves)).toBe(false);
    expect(isFullDiscount({ ...FLAT500, flatAmount: 20000 }, waves)).toBe(true);
    expect(isFullDiscount(SAVE10, waves)).toBe(false);
    expect(isFullDiscount({ ...FULLRIDE, percentOff: 99 }, waves)).toBe(false);
    expect(isFullDiscount(null, waves)).toBe(false);
    expect(isFullDiscount({ ...FULLRIDE, applied: false }, tigers)).toBe(false);
  });

  it('only calls a flat discount full when nothing is left to pay', () => {
    fc.assert(
      fc.property(teamArb, fc.nat({ max: 20_000_000 }), (team, flat) => {
        const discount: ClientDiscount = { code: 'F', percentOff: null, flatAmount: flat, applied: true };
        const full = isFullDiscount(discount, team);
        expect(full).toBe(discountedDues(team.total_dues, discount) + team.total_app_fee === 0);
      }),
    );
  });

  it('reads a stored discount (no applied flag, as the server keeps it) as in force', () => {
    expect(isFullDiscount({ percentOff: 100, flatAmount: null }, tigers)).toBe(true);
    expect(isFullDiscount({ percentOff: null, flatAmount: 20000 }, waves)).toBe(true);
    expect(discountedDues(45000, { percentOff: 10, flatAmount: null })).toBe(40500);
  });

  it('waives the app fee only at 100 percent off, so a full discount leaves nothing to pay', () => {
    expect(chargedAppFee(tigers, FULLRIDE)).toBe(0);
    expect(chargedAppFee(tigers, { ...FULLRIDE, applied: false })).toBe(2500);
    expect(chargedAppFee(tigers, FLAT500)).toBe(2500);
    expect(chargedAppFee(tigers, null)).toBe(2500);
    expect(waivesAppFee({ percentOff: 150, flatAmount: null })).toBe(true);
    fc.assert(
      fc.property(
        teamArb,
        fc.option(fc.integer({ min: -50, max: 150 })),
        fc.option(fc.nat({ max: 20_000_000 })),
        (team, percentOff, flatAmount) => {
          const discount = { percentOff, flatAmount };
          const leftToPay = discountedDues(team.total_dues, discount) + chargedAppFee(team, discount);
          if (isFullDiscount(discount, team)) expect(leftToPay).toBe(0);
        },
      ),
    );
  });

  it('collapses the plans to the first one on a full discount', () => {
    const plans = [planOf(1), planOf(4), planOf(7)];
    expect(offeredPlans(plans, true)).toEqual([plans[0]]);
    expect(offeredPlans(plans, false)).toBe(plans);
    expect(offeredPlans([], true)).toEqual([]);
  });
});

describe('describePlan (§2 Payment page, §9)', () => {
  const monthly: PaymentPlanInput = {
    month: 3,
    name: '3 monthly payments',
    additional: 500,
    phases: [
      phase(5000 + 2500 + 2900, 300, 'Today'),
      phase(13333, 400, 'Apr 1, 2027'),
      phase(13333, 400, 'May 1, 2027'),
      phase(13334, 400, 'Jun 1, 2027'),
    ],
  };

  it('gives due today, remaining schedule, months to pay, additional and processing fees', () => {
    expect(describePlan(monthly, { team: tigers, addedProtection: injuryProtection }, false)).toEqual({
      month: 3,
      name: '3 monthly payments',
      isPayInFull: false,
      paymentToday: 5000,
      protectionToday: 2900,
      appFeeToday: 2500,
      appFeeWaived: 0,
      processingFeeToday: 300,
      chargedToday: 10700,
      remainingSchedule: [
        { startTimeFormatted: 'Apr 1, 2027', amount: 13733, baseAmount: 13333, processingFee: 400 },
        { startTimeFormatted: 'May 1, 2027', amount: 13733, baseAmount: 13333, processingFee: 400 },
        { startTimeFormatted: 'Jun 1, 2027', amount: 13734, baseAmount: 13334, processingFee: 400 },
      ],
      remainingTotal: 41200,
      monthsToPay: 3,
      additionalFee: 500,
      hasProcessingFee: true,
      planTotal: 51900,
    });
  });

  it('describes a pay-in-full plan without fees', () => {
    const described = describePlans([{ month: 0, name: 'Pay in full', phases: [phase(32000)] }, monthly], {
      team: storm,
      addedProtection: null,
    });
    expect(described[0]).toMatchObject({
      isPayInFull: true,
      paymentToday: 32000,
      protectionToday: 0,
      appFeeToday: 0,
      processingFeeToday: 0,
      chargedToday: 32000,
      remainingSchedule: [],
      remainingTotal: 0,
      monthsToPay: 1,
      additionalFee: null,
      hasProcessingFee: false,
    });
    expect(described[1]?.isPayInFull).toBe(false);
  });

  it('adds up: charged today plus the remaining schedule is the plan total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 1_000_000 }), fc.option(fc.nat({ max: 10_000 }), { nil: undefined })), {
          maxLength: 13,
        }),
        teamArb,
        (phaseSpecs, team) => {
          const plan: PaymentPlanInput = { month: 1, name: 'p', phases: phaseSpecs.map(([b, f]) => phase(b, f)) };
          const described = describePlan(plan, { team, addedProtection: null }, false);
          expect(described.chargedToday + described.remainingTotal).toBe(described.planTotal);
          expect(described.remainingSchedule).toHaveLength(Math.max(0, phaseSpecs.length - 1));
          expect(described.paymentToday).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('describePlan under a full discount (issue 15)', () => {
  it('shows the waived itemized app fee as waived, not as charged above $0.00 (12U Tigers, FULLRIDE)', () => {
    const free: PaymentPlanInput = { month: 0, name: 'Pay in full', phases: [phase(0, undefined, 'Today')] };
    expect(describePlan(free, { team: tigers, addedProtection: null, discount: FULLRIDE }, true)).toMatchObject({
      paymentToday: 0,
      appFeeToday: 0,
      appFeeWaived: 2500,
      chargedToday: 0,
    });
  });

  it('charges the app fee under a partial discount (SAVE10)', () => {
    const plan: PaymentPlanInput = { month: 0, name: 'Pay in full', phases: [phase(40500 + 2500)] };
    expect(describePlan(plan, { team: tigers, addedProtection: null, discount: SAVE10 }, true)).toMatchObject({
      paymentToday: 40500,
      appFeeToday: 2500,
      appFeeWaived: 0,
      chargedToday: 43000,
    });
  });
});

describe('feeBreakdown: the fee summary adds up (issue 15)', () => {
  const discountArb = fc.option(
    fc.record({
      percentOff: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
      flatAmount: fc.option(fc.nat({ max: 20_000_000 }), { nil: null }),
      applied: fc.boolean(),
    }),
    { nil: null },
  );

  it('its lines sum to the total, which is what pay in full charges (discounted dues + app fee charged)', () => {
    fc.assert(
      fc.property(teamArb, discountArb, (team, discount) => {
        const breakdown = feeBreakdown(team, discount);
        expect(breakdown.lines.reduce((total, line) => total + line.amount, 0)).toBe(breakdown.total);
        expect(breakdown.total).toBe(discountedDues(team.total_dues, discount) + chargedAppFee(team, discount));
        expect(breakdown.discounted).toBe(breakdown.lines.some((line) => line.kind === 'discount'));
        for (const line of breakdown.lines) {
          // A waived line adds nothing; only a discount or a waiver takes off.
          if (line.waived !== null) expect(line.amount).toBe(0);
          if (line.amount < 0) expect(['discount', 'appFeeWaived']).toContain(line.kind);
        }
      }),
    );
  });

  it('12U Tigers: dues, the discount as its own line, the app fee, the discounted total', () => {
    expect(feeBreakdown(tigers, SAVE10)).toEqual({
      lines: [
        { kind: 'dues', amount: 45000, waived: null },
        { kind: 'discount', amount: -4500, waived: null },
        { kind: 'appFee', amount: 2500, waived: null },
      ],
      total: 43000,
      discounted: true,
      playerDeposit: 5000,
      depositAppFee: 0,
    });
  });

  it('12U Tigers with FULLRIDE: the itemized app fee is waived and the total is 0', () => {
    expect(feeBreakdown(tigers, FULLRIDE)).toEqual({
      lines: [
        { kind: 'dues', amount: 45000, waived: null },
        { kind: 'discount', amount: -45000, waived: null },
        { kind: 'appFee', amount: 0, waived: 2500 },
      ],
      total: 0,
      discounted: true,
      playerDeposit: 0,
      depositAppFee: 0,
    });
  });

  it('14U Storm: the folded app fee is in the overall fees; a full discount takes it off on its own line', () => {
    expect(feeBreakdown(storm, null)).toEqual({
      lines: [{ kind: 'overallFees', amount: 32000, waived: null }],
      total: 32000,
      discounted: false,
      playerDeposit: 9500,
      depositAppFee: 2000,
    });
    expect(feeBreakdown(storm, FULLRIDE).lines).toEqual([
      { kind: 'overallFees', amount: 32000, waived: null },
      { kind: 'discount', amount: -30000, waived: null },
      { kind: 'appFeeWaived', amount: -2000, waived: null },
    ]);
    expect(feeBreakdown(storm, FULLRIDE).total).toBe(0);
  });

  it('10U Waves with FLAT500: no app fee, the total is 0', () => {
    expect(feeBreakdown(waves, FLAT500)).toMatchObject({ total: 0, discounted: true });
  });
});
