import { addMonths, formatDisplayDate, toIsoDate } from '../../src/domain/dates.ts';
import { chargedAppFee, type DiscountTerms, discountedDues, type TeamFees } from '../../src/domain/fees.ts';

/**
 * Team-dues payment plans (spec §9, docs/api.md PaymentData). Everything is integer cents. Only the server computes
 * plans (the site shows the phases it is sent); the fee and discount rules they use are the site's, from
 * src/domain/fees.ts, and the dates from src/domain/dates.ts.
 *
 * - Pay in full: one phase today with the (discounted) dues, the app fee, and the protection plan when added.
 * - A monthly plan of n months: today the deposit (at most the discounted dues), the itemized app fee and the
 *   protection plan; the rest of the dues plus the team's plan fee (the plan's `additional`) in n monthly
 *   instalments from the season's schedule. The non-itemized app fee is part of the deposit (§9 player deposit).
 * - A discount reduces the dues before phases are computed (`discountedDues`); a 100 % discount also waives the app
 *   fee (`chargedAppFee`), so that the spec's full discount ("100 percent off") leaves nothing to pay. The household
 *   discount (issue 20, `siblingDiscountCents`) is taken off the dues after the code, never off the app fee.
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

export interface PlanRequest {
  fees: FeeSettings;
  discount: DiscountTerms | null;
  /** The protection plan's amount when the payer added it, else 0. */
  protectionCents: number;
  /**
   * The household (sibling) discount of issue 20, in cents, taken off the dues the code left (src/domain/household.ts
   * computes it); 0 or absent for none. It reduces the dues only: the app fee stays (a code's full discount alone
   * waives it).
   */
  siblingDiscountCents?: number;
  /**
   * Issue 34: the financial assistance awarded, in cents, taken off the dues the code left and before the sibling
   * discount (the caller computes the sibling discount on what is left); 0 or absent for none. An award that leaves no
   * dues is the full-discount path: the app fee is waived too (nothing charged but the protection plan, if added).
   */
  assistanceCents?: number;
  /** The season's first instalment date (YYYY-MM-DD); later instalments fall on the same day of each month. */
  firstInstallmentOn: string;
  today: Date;
  /**
   * A plan's name by its month (0: pay in full). Plan names have one home, the catalogue's, reached through
   * services/checkout/plan-texts.ts `planNameFor` ('Pay in full', '3 monthly payments'); this pure layer may not
   * import a service (biome.json, server/domain), so the caller hands the names in.
   */
  planName: (month: number) => string;
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

/** A team's stored fee settings under the names of spec §3 Team, which the shared fee rules read. */
export function teamFeesOf(fees: FeeSettings): TeamFees {
  return {
    total_dues: fees.totalDuesCents,
    athlete_deposit: fees.athleteDepositCents,
    payment_plan_fee: fees.paymentPlanFeeCents,
    total_app_fee: fees.appFeeCents,
    is_app_fee_itemized: fees.isAppFeeItemized,
  };
}

/** The instalment dates: the schedule's day each month, from the first date after today. */
export function installmentDates(firstInstallmentOn: string, count: number, today: Date): string[] {
  const todayIso = toIsoDate(today);
  // A pure function of three values that every quote asks again for each athlete and plan (issue 20's quote
  // profile: ~5 % of its CPU): remembered per day like displayDate below; a copy goes out.
  const key = `${firstInstallmentOn}|${count}|${todayIso}`;
  let dates = scheduleDates.get(key);
  if (dates === undefined) {
    if (scheduleDates.size >= MAX_SCHEDULES) scheduleDates.clear();
    let offset = 0;
    while (addMonths(firstInstallmentOn, offset) <= todayIso) offset += 1;
    dates = Array.from({ length: count }, (_, index) => addMonths(firstInstallmentOn, offset + index));
    scheduleDates.set(key, dates);
  }
  return [...dates];
}

const scheduleDates = new Map<string, readonly string[]>();
const MAX_SCHEDULES = 2_000;

/** Splits an amount into n parts that differ by at most one cent, larger parts first. */
export function splitCents(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const remainder = total - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}

/**
 * A date's display text is a pure function of the date, and every payment-plans answer formats the same dozen
 * instalment dates through Intl (a measurable share of the request). Remembered per date; the few dates a season
 * schedule ever produces keep the map small, and it is cleared should it ever grow.
 */
const displayDates = new Map<string, string>();
const MAX_DISPLAY_DATES = 2_000;

function displayDate(isoDate: string): string {
  let text = displayDates.get(isoDate);
  if (text === undefined) {
    if (displayDates.size >= MAX_DISPLAY_DATES) displayDates.clear();
    text = formatDisplayDate(isoDate);
    displayDates.set(isoDate, text);
  }
  return text;
}

function phase(dueOn: string, cents: number): ComputedPhase {
  return { dueOn, startTimeFormatted: displayDate(dueOn), baseAmountCents: cents, amountCents: cents };
}

export function computePaymentPlans(request: PlanRequest): ComputedPlan[] {
  const { fees, discount, protectionCents, today } = request;
  const todayIso = toIsoDate(today);
  const team = teamFeesOf(fees);
  const sibling = Math.max(0, request.siblingDiscountCents ?? 0);
  const afterCode = discountedDues(team.total_dues, discount);
  const assistance = Math.min(afterCode, Math.max(0, request.assistanceCents ?? 0));
  const dues = Math.max(0, afterCode - assistance - sibling);
  // Itemized or folded into the deposit, the whole app fee is charged today: itemizing changes its display only.
  // Issue 34: an award that leaves no dues follows the full discount (the app fee waived as well).
  const appFee = assistance > 0 && afterCode - assistance <= 0 ? 0 : chargedAppFee(team, discount);

  const plans: ComputedPlan[] = [
    {
      month: 0,
      name: request.planName(0),
      additionalCents: null,
      phases: [phase(todayIso, dues + appFee + protectionCents)],
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
      name: request.planName(count),
      additionalCents: fees.paymentPlanFeeCents,
      phases: [
        phase(todayIso, deposit + appFee + protectionCents),
        ...instalments.map((cents, index) => phase(dates[index]!, cents)),
      ],
    });
  }
  return plans;
}

export function planTotalCents(plan: ComputedPlan): number {
  return plan.phases.reduce((total, p) => total + p.amountCents, 0);
}
