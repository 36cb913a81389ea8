import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describePlan, type PaymentPlanInput, type TeamFees } from '../../domain/fees';
import { planView, sumLines, todayLines } from '../../domain/plan-lines';
import { t } from '../../i18n/runtime';
import { PlanOption } from './plan-option';

/**
 * Plans built the way docs/api.md says the server builds them (first phase: the dues part, the itemized app fee,
 * the protection when added; later phases: instalments, each with an optional processing fee), in cents.
 */
const serverPlan = fc
  .record({
    dues: fc.integer({ min: 0, max: 500_000 }),
    deposit: fc.integer({ min: 0, max: 100_000 }),
    appFee: fc.integer({ min: 0, max: 10_000 }),
    itemized: fc.boolean(),
    planFee: fc.integer({ min: 0, max: 5_000 }),
    protection: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
    months: fc.constantFrom(0, 1, 3, 6),
    processingFees: fc.array(fc.integer({ min: 0, max: 900 }), { minLength: 7, maxLength: 7 }),
  })
  .map(({ dues, deposit, appFee, itemized, planFee, protection, months, processingFees }) => {
    const team: TeamFees = {
      total_dues: dues,
      athlete_deposit: deposit,
      payment_plan_fee: planFee,
      total_app_fee: appFee,
      is_app_fee_itemized: itemized,
    };
    const folded = itemized ? 0 : appFee;
    const itemizedFee = itemized ? appFee : 0;
    const duesToday = months === 0 ? dues : Math.min(deposit, dues);
    const firstFee = processingFees[0] ?? 0;
    const firstBase = duesToday + folded + itemizedFee + (protection ?? 0);
    const rest = dues - duesToday + (months === 0 ? 0 : planFee);
    const phases = [
      { start_time_formatted: 'Today', base_amount: firstBase, processing_fee: firstFee, amount: firstBase + firstFee },
    ];
    for (let index = 0; index < months; index += 1) {
      const base = Math.floor(rest / months) + (index < rest % months ? 1 : 0);
      const fee = processingFees[index + 1] ?? 0;
      phases.push({
        start_time_formatted: `Month ${index + 1}`,
        base_amount: base,
        processing_fee: fee,
        amount: base + fee,
      });
    }
    const plan: PaymentPlanInput = {
      month: months,
      name: months === 0 ? 'Pay in full' : `${months} monthly payments`,
      additional: months === 0 ? null : planFee,
      phases,
    };
    return { team, plan, protection: protection === null ? null : { amount: protection } };
  });

/** Any plan at all, as long as the server sent non-negative amounts (the schemas refuse negative money). */
const anyPlan = fc.record({
  team: fc.record({
    total_dues: fc.nat(1_000_000),
    athlete_deposit: fc.nat(1_000_000),
    payment_plan_fee: fc.nat(10_000),
    total_app_fee: fc.nat(100_000),
    is_app_fee_itemized: fc.boolean(),
  }),
  plan: fc.record({
    month: fc.nat(24),
    name: fc.constant('A plan'),
    additional: fc.option(fc.nat(10_000), { nil: null }),
    phases: fc.array(
      fc.record({
        start_time_formatted: fc.constant('Some day'),
        amount: fc.nat(1_000_000),
        base_amount: fc.nat(1_000_000),
        processing_fee: fc.option(fc.nat(1_000), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  }),
  protection: fc.option(fc.record({ amount: fc.nat(100_000) }), { nil: null }),
});

describe('the amounts a plan shows (§9)', () => {
  it('are never negative, whatever the server sent', () => {
    fc.assert(
      fc.property(anyPlan, fc.boolean(), ({ team, plan, protection }, first) => {
        const shown = describePlan(plan, { team, addedProtection: protection }, first);
        for (const amount of [
          shown.paymentToday,
          shown.protectionToday,
          shown.appFeeToday,
          shown.processingFeeToday,
          shown.chargedToday,
          shown.remainingTotal,
          shown.planTotal,
          ...shown.remainingSchedule.map((payment) => payment.amount),
          ...todayLines(shown).map((line) => line.amount),
        ]) {
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("add up: today's lines make today's charge, today plus the schedule make the plan total", () => {
    fc.assert(
      fc.property(serverPlan, ({ team, plan, protection }) => {
        const shown = describePlan(plan, { team, addedProtection: protection }, plan.month === 0);
        expect(sumLines(todayLines(shown))).toBe(shown.chargedToday);
        expect(shown.chargedToday + shown.remainingTotal).toBe(shown.planTotal);
        expect(shown.remainingSchedule.reduce((total, payment) => total + payment.amount, 0)).toBe(
          shown.remainingTotal,
        );
        expect(shown.remainingSchedule).toHaveLength(plan.month);
      }),
    );
  });
});

/** Every dollar amount in a text, in cents; a minus sign before one would be a negative amount shown. */
function amountsIn(text: string): { cents: number; negative: boolean }[] {
  return [...text.matchAll(/([−-])?\$([\d,]+\.\d{2})/g)].map((match) => ({
    cents: Math.round(Number((match[2] ?? '0').replaceAll(',', '')) * 100),
    negative: match[1] !== undefined,
  }));
}

describe('a rendered plan', () => {
  it('shows no negative amount, and its lines add up to the charge in its name', () => {
    fc.assert(
      fc.property(serverPlan, ({ team, plan, protection }) => {
        const shown = describePlan(plan, { team, addedProtection: protection }, plan.month === 0);
        const { container, getByRole } = render(
          <PlanOption plan={planView(shown)} checked={false} disabled={false} onSelect={() => {}} />,
        );
        try {
          expect(amountsIn(container.textContent ?? '').some((amount) => amount.negative)).toBe(false);
          // The breakdown describes the choice for assistive technology.
          expect(getByRole('radio').getAttribute('aria-describedby')).toBeTruthy();
          const label = container.querySelector('label')?.textContent ?? '';
          const [charged] = amountsIn(label);
          const rows = [...container.querySelectorAll('.amounts__row dd')].map(
            (cell) => amountsIn(cell.textContent ?? '')[0]?.cents ?? Number.NaN,
          );
          expect(charged?.cents).toBe(shown.chargedToday);
          expect(rows.reduce((total, cents) => total + cents, 0)).toBe(shown.chargedToday);
        } finally {
          cleanup();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('a full discount (issue 15)', () => {
  it("shows the waived app fee as waived, with no $25.00 above 'Charged today $0.00' (12U Tigers, FULLRIDE)", () => {
    const tigers: TeamFees = {
      total_dues: 45000,
      athlete_deposit: 5000,
      payment_plan_fee: 500,
      total_app_fee: 2500,
      is_app_fee_itemized: true,
    };
    const free: PaymentPlanInput = {
      month: 0,
      name: 'Pay in full',
      phases: [{ start_time_formatted: 'Today', amount: 0, base_amount: 0 }],
    };
    const shown = describePlan(
      free,
      { team: tigers, addedProtection: null, discount: { percentOff: 100, flatAmount: null, applied: true } },
      true,
    );
    // Issue 31: the lines hold catalogue keys; their English texts are the ones shown.
    expect(todayLines(shown).map((line) => ({ ...line, label: t(line.label) }))).toEqual([
      { label: 'Team dues', amount: 0 },
      { label: 'App fee (non-refundable)', amount: 0, waived: 2500 },
    ]);
    const { container } = render(
      <PlanOption plan={planView(shown)} checked={false} disabled={false} onSelect={() => {}} />,
    );
    const rows = [...container.querySelectorAll('.amounts__row')].map((row) => row.textContent);
    expect(rows).toEqual(['Team dues$0.00', 'App fee (non-refundable)$25.00 Waived']);
    expect(container.querySelector('s')?.textContent).toBe('$25.00');
    expect(container.textContent).not.toContain('Charged today');
    cleanup();
  });
});
