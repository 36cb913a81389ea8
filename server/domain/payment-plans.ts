import { addMonths, formatDisplayDate, toIsoDate } from './dates.ts';

/**
 * Team-dues payment plans (spec §9, docs/api.md PaymentData). Everything is integer cents.
 *
 * - Pay in full: one phase today with the (discounted) dues, the app fee, and the protection plan when added.
 * - A monthly plan of n months: today the deposit (at most the discounted dues), the itemized app fee and the
 *   protection plan; the rest of the dues plus the team's plan fee (the plan's `additional`) in n monthly
 *   instalments from the season's schedule. The non-itemized app fee is part of the deposit (§9 player deposit).
 * - A discount reduces the dues before phases are computed: percent first, then flat, never below 0. A 100 % discount
 *   also waives the app fee, so that the spec's full discount ("100 percent off") leaves nothing to pay.
 * - Monthly plans are offered only while some dues remain after the deposit.
 */

export interface FeeSettings {
  totalDuesCents: number;
  athleteDepositCents: number;
  paymentPlanFeeCents: number;
  appFeeCents: number;
  isAppFeeItemized: boolean;
  planMonths: readonly number[];
}

export interface DiscountTerms {
  percentOff: number | null;
  flatDiscountCents: number | null;
}

export interface PlanRequest {
  fees: FeeSettings;
  discount: DiscountTerms | null;
  /** The protection plan's amount when the payer added it, else 0. */
  protectionCents: number;
  /** The season's first instalment date (YYYY-MM-DD); later instalments fall on the same day of each month. */
  firstInstallmentOn: string;
  today: Date;
}

export interface ComputedPhase {
  dueOn: string;
  startTimeFormatted: string;
  baseAmountCents: number;
  amountCents: number;
}

export interface ComputedPlan {
  month: number;
  name: string;
  additionalCents: number | null;
  phases: ComputedPhase[];
}

export function discountedDuesCents(dues: number, discount: DiscountTerms | null): number {
  if (discount === null) return dues;
  let result = dues;
  if (discount.percentOff !== null) {
    const percent = Math.min(100, Math.max(0, discount.percentOff));
    result = Math.round((result * (100 - percent)) / 100);
  }
  if (discount.flatDiscountCents !== null) result -= Math.max(0, discount.flatDiscountCents);
  return Math.max(0, result);
}

function waivesAppFee(discount: DiscountTerms | null): boolean {
  return discount?.percentOff !== null && discount?.percentOff !== undefined && discount.percentOff >= 100;
}

/**
 * Spec §4/§9 full discount: 100 % off, or a flat amount of at least the dues on a team whose app fee is 0. Then
 * nothing is paid: the protection plan is not offered either (docs/api.md), and checkout needs no card.
 */
export function isFullDiscount(
  fees: Pick<FeeSettings, 'totalDuesCents' | 'appFeeCents'>,
  discount: DiscountTerms | null,
): boolean {
  if (discount === null) return false;
  if (waivesAppFee(discount)) return true;
  return (
    discount.flatDiscountCents !== null && discount.flatDiscountCents >= fees.totalDuesCents && fees.appFeeCents === 0
  );
}

/** The instalment dates: the schedule's day each month, from the first date after today. */
export function installmentDates(firstInstallmentOn: string, count: number, today: Date): string[] {
  const todayIso = toIsoDate(today);
  let offset = 0;
  while (addMonths(firstInstallmentOn, offset) <= todayIso) offset += 1;
  return Array.from({ length: count }, (_, index) => addMonths(firstInstallmentOn, offset + index));
}

/** Splits an amount into n parts that differ by at most one cent, larger parts first. */
export function splitCents(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const remainder = total - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}

function phase(dueOn: string, cents: number): ComputedPhase {
  return { dueOn, startTimeFormatted: formatDisplayDate(dueOn), baseAmountCents: cents, amountCents: cents };
}

export function computePaymentPlans(request: PlanRequest): ComputedPlan[] {
  const { fees, discount, protectionCents, today } = request;
  const todayIso = toIsoDate(today);
  const dues = discountedDuesCents(fees.totalDuesCents, discount);
  const appFee = waivesAppFee(discount) ? 0 : fees.appFeeCents;
  const itemizedAppFee = fees.isAppFeeItemized ? appFee : 0;
  const foldedAppFee = fees.isAppFeeItemized ? 0 : appFee;

  const plans: ComputedPlan[] = [
    {
      month: 0,
      name: 'Pay in full',
      additionalCents: null,
      phases: [phase(todayIso, dues + foldedAppFee + itemizedAppFee + protectionCents)],
    },
  ];

  const deposit = Math.min(fees.athleteDepositCents, dues);
  const remainingDues = dues - deposit;
  if (remainingDues <= 0) return plans;

  const months = [...new Set(fees.planMonths)].filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
  for (const count of months) {
    const dates = installmentDates(request.firstInstallmentOn, count, today);
    const instalments = splitCents(remainingDues + fees.paymentPlanFeeCents, count);
    plans.push({
      month: count,
      name: `${count} monthly payments`,
      additionalCents: fees.paymentPlanFeeCents,
      phases: [
        phase(todayIso, deposit + foldedAppFee + itemizedAppFee + protectionCents),
        ...instalments.map((cents, index) => phase(dates[index]!, cents)),
      ],
    });
  }
  return plans;
}

export function planTotalCents(plan: ComputedPlan): number {
  return plan.phases.reduce((total, p) => total + p.amountCents, 0);
}
