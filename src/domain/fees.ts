/**
 * Team-dues payment arithmetic of spec §9 and the §4 payment flow, one copy for the site and the server: the
 * server's payment plans (server/domain/payment-plans.ts) apply the same discount, full-discount and app-fee rules.
 * Every amount is integer cents; the inputs are structural so the parsed API objects (money already converted to
 * cents at the schema boundary) and the server's stored settings (`teamFeesOf`) fit as they are.
 */

/** The money fields of a team (§3 Team) that the fee rules read, in cents. */
export interface TeamFees {
  readonly total_dues: number;
  readonly athlete_deposit: number;
  readonly payment_plan_fee: number;
  readonly total_app_fee: number;
  readonly is_app_fee_itemized: boolean;
}

/** A payment phase (§3), amounts in cents. `amount` = `base_amount` + `processing_fee` (docs/api.md). */
export interface PaymentPhaseInput {
  readonly start_time_formatted: string;
  readonly amount: number;
  readonly base_amount: number;
  readonly processing_fee?: number | null | undefined;
}

/** A payment plan (§3): `month` 0 is pay in full, otherwise the number of monthly instalments (docs/api.md). */
export interface PaymentPlanInput {
  readonly month: number;
  readonly name: string;
  readonly additional?: number | null | undefined;
  readonly phases: readonly PaymentPhaseInput[];
}

/** The injury protection plan (§3), amount in cents. */
export interface ProtectionPlanInput {
  readonly amount: number;
}

/**
 * What a discount takes off (§3 discount code): a percent and a flat amount in cents, either may be null. The
 * server's stored code and the client's applied discount are both this; `applied: false` (a client discount typed
 * but not applied) counts as no discount.
 */
export interface DiscountTerms {
  readonly percentOff: number | null;
  readonly flatAmount: number | null;
  readonly applied?: boolean;
}

/** The client-side discount of §3 (code, percentOff, flatAmount in cents, applied). */
export interface ClientDiscount extends DiscountTerms {
  readonly code: string;
  readonly applied: boolean;
}

/** The server discount of §3 with `flat_discount_amount` already in cents. */
export interface ServerDiscountInput {
  readonly discount_code: string;
  readonly percent_off: number | null;
  readonly flat_discount_amount: number | null;
  readonly is_active: boolean;
}

/** The app fee that is itemized (charged today as its own line), else 0 (§9). */
export function itemizedAppFee(team: TeamFees): number {
  return team.is_app_fee_itemized ? team.total_app_fee : 0;
}

/** The app fee that is folded into the deposit and dues because it is not itemized, else 0 (§9). */
export function nonItemizedAppFee(team: TeamFees): number {
  return team.is_app_fee_itemized ? 0 : team.total_app_fee;
}

/** Player deposit = athlete deposit + the app fee when not itemized (§9). */
export function playerDeposit(team: TeamFees): number {
  return team.athlete_deposit + nonItemizedAppFee(team);
}

/** Overall fees = total dues + the non-itemized app fee (§9). */
export function overallFees(team: TeamFees): number {
  return team.total_dues + nonItemizedAppFee(team);
}

/** Total due = overall fees + the itemized app fee (§9). */
export function totalDue(team: TeamFees): number {
  return overallFees(team) + itemizedAppFee(team);
}

/**
 * Payment today = first phase base amount − protection plan amount − itemized app fee, floored at 0 (§9).
 * `protection` is the plan only when the user added it: the server adds its amount to the first phase only then
 * (docs/api.md), so subtracting it otherwise would understate the dues paid today.
 */
export function paymentToday(
  plan: PaymentPlanInput,
  team: TeamFees,
  protection: ProtectionPlanInput | null,
  discount: DiscountTerms | null = null,
): number {
  const firstPhase = plan.phases[0];
  if (firstPhase === undefined) {
    return 0;
  }
  return Math.max(0, firstPhase.base_amount - (protection?.amount ?? 0) - itemizedAppFeeCharged(team, discount));
}

/** The itemized app fee actually charged: none when the discount waives it (§9 full discount). */
function itemizedAppFeeCharged(team: TeamFees, discount: DiscountTerms | null): number {
  return waivesAppFee(discount) ? 0 : itemizedAppFee(team);
}

/** Number of months to pay = phase count − 1, at least 1 (§9). */
export function monthsToPay(plan: PaymentPlanInput): number {
  return Math.max(1, plan.phases.length - 1);
}

/** The processing fee of one phase in cents; an absent fee is none (§9: processing fee may be per phase). */
export function phaseProcessingFee(phase: PaymentPhaseInput): number {
  return phase.processing_fee ?? 0;
}

function inForce(discount: DiscountTerms | null): discount is DiscountTerms {
  return discount !== null && discount.applied !== false;
}

/**
 * Dues after a discount, in cents, never negative (§4 discount codes). The percent part (clamped to 0-100, rounded
 * half up to the cent) applies before the flat part; a discount that is not applied changes nothing.
 */
export function discountedDues(dues: number, discount: DiscountTerms | null): number {
  if (!inForce(discount)) {
    return dues;
  }
  let result = dues;
  if (discount.percentOff !== null) {
    const percent = Math.min(100, Math.max(0, discount.percentOff));
    result = Math.round((result * (100 - percent)) / 100);
  }
  if (discount.flatAmount !== null) {
    result -= Math.max(0, discount.flatAmount);
  }
  return Math.max(0, result);
}

/** How much a discount takes off the dues, in cents (§4): dues − discounted dues. */
export function discountAmount(dues: number, discount: DiscountTerms | null): number {
  return dues - discountedDues(dues, discount);
}

/** The client discount for a server answer, or null when the server says it is not active (§5 discount code). */
export function toClientDiscount(server: ServerDiscountInput): ClientDiscount | null {
  if (!server.is_active) {
    return null;
  }
  return {
    code: server.discount_code,
    percentOff: server.percent_off,
    flatAmount: server.flat_discount_amount,
    applied: true,
  };
}

/** What applying a typed discount code does (§5): empty clears, the applied code again does nothing, else look up. */
export type DiscountCodeAction = 'clear' | 'unchanged' | 'lookup';

/** Decides the §5 discount-code rule for the typed code against the currently applied one (both trimmed). */
export function discountCodeAction(typedCode: string, appliedCode: string | null): DiscountCodeAction {
  const code = typedCode.trim();
  if (code === '') {
    return 'clear';
  }
  return appliedCode !== null && code === appliedCode.trim() ? 'unchanged' : 'lookup';
}

/**
 * Whether a discount is a full discount that checks out without card payment (§4 Payment flow, §9).
 *
 * Reading of "100 percent off, or a flat amount at least the total dues, with app fee 0 and total 0": the
 * qualifiers "app fee 0 and total 0" belong to the flat branch only. §9 writes it as "100 percent, or a flat amount
 * at least the total dues with app fee 0", and the fixtures require both FULLRIDE (100 %) on 12U Tigers, whose
 * itemized app fee is 25.00, and FLAT500 on 10U Waves (dues 200.00, app fee 0) to count. So:
 * - percent off ≥ 100 is full, whatever the app fee;
 * - a flat amount is full when it is at least the total dues and the app fee is 0, which makes the total 0.
 * `team.total_dues` must be the dues before the discount, as the team entity carries them.
 */
export function isFullDiscount(
  discount: DiscountTerms | null,
  team: Pick<TeamFees, 'total_dues' | 'total_app_fee'>,
): boolean {
  if (!inForce(discount)) {
    return false;
  }
  if (waivesAppFee(discount)) {
    return true;
  }
  // A flat amount at least the dues leaves dues 0; with app fee 0 the total is then 0 too.
  return discount.flatAmount !== null && discount.flatAmount >= team.total_dues && team.total_app_fee === 0;
}

/**
 * Whether a discount waives the app fee too: 100 percent off, so that the spec's full discount leaves nothing to pay
 * (§4, §9). Any other discount reduces the dues only.
 */
export function waivesAppFee(discount: DiscountTerms | null): boolean {
  return inForce(discount) && discount.percentOff !== null && discount.percentOff >= 100;
}

/** The app fee charged under a discount, in cents: none when the discount waives it (§9 full discount). */
export function chargedAppFee(team: Pick<TeamFees, 'total_app_fee'>, discount: DiscountTerms | null): number {
  return waivesAppFee(discount) ? 0 : team.total_app_fee;
}

/** The plans offered: a full discount collapses them to the first (pay-in-full) plan (§4 Payment flow). */
export function offeredPlans<P extends PaymentPlanInput>(plans: readonly P[], fullDiscount: boolean): readonly P[] {
  return fullDiscount ? plans.slice(0, 1) : plans;
}

/** One later instalment of a plan, as the payment-options step lists it (§9 remaining schedule). */
export interface ScheduledPayment {
  readonly startTimeFormatted: string;
  /** Charged on that date, processing fee included. */
  readonly amount: number;
  readonly baseAmount: number;
  readonly processingFee: number;
}

/** Everything the payment-options step shows for one plan, in cents (§2 Payment page, §9). */
export interface PlanDescription {
  readonly month: number;
  readonly name: string;
  /** §9: the first plan is the pay-in-full option, the others are monthly. */
  readonly isPayInFull: boolean;
  /** §9 payment today: the dues part of the first phase, floored at 0. */
  readonly paymentToday: number;
  /** The protection plan charged today when added (§9: a one-time payment due today), else 0. */
  readonly protectionToday: number;
  /** The itemized app fee charged today (part of the first phase, docs/api.md), else 0. */
  readonly appFeeToday: number;
  /** The itemized app fee a full discount waives (issue 15: shown as waived, not as charged), else 0. */
  readonly appFeeWaived: number;
  /** The processing fee of the first phase, else 0. */
  readonly processingFeeToday: number;
  /** What the card is charged today: the first phase amount. */
  readonly chargedToday: number;
  /** Later phases in order (§9: later phases form the remaining schedule). */
  readonly remainingSchedule: readonly ScheduledPayment[];
  readonly remainingTotal: number;
  /** §9: phase count − 1, at least 1. */
  readonly monthsToPay: number;
  /** The plan's additional fee (§9: monthly plans may carry one), null when none. */
  readonly additionalFee: number | null;
  /** True when any phase carries a processing fee (§9: processing fee may be per phase). */
  readonly hasProcessingFee: boolean;
  /** Sum of every phase amount: what the plan costs in all. */
  readonly planTotal: number;
}

/** The context every plan of one payment-data answer shares (§3 Payment data response). */
export interface PlanContext {
  readonly team: TeamFees;
  /** The protection plan only when the user added it, else null. */
  readonly addedProtection: ProtectionPlanInput | null;
  /** The applied discount: a 100 % discount waives the app fee (§9), so none of it is charged today. */
  readonly discount?: DiscountTerms | null;
}

/** Describes one plan for the payment-options step so no view computes money (§2 Payment page, §9). */
export function describePlan(plan: PaymentPlanInput, context: PlanContext, isPayInFull: boolean): PlanDescription {
  const [firstPhase, ...laterPhases] = plan.phases;
  const remainingSchedule = laterPhases.map(
    (phase): ScheduledPayment => ({
      startTimeFormatted: phase.start_time_formatted,
      amount: phase.amount,
      baseAmount: phase.base_amount,
      processingFee: phaseProcessingFee(phase),
    }),
  );
  const additional = plan.additional ?? null;
  const discount = context.discount ?? null;
  const appFeeToday = firstPhase === undefined ? 0 : itemizedAppFeeCharged(context.team, discount);
  return {
    month: plan.month,
    name: plan.name,
    isPayInFull,
    paymentToday: paymentToday(plan, context.team, context.addedProtection, discount),
    protectionToday: firstPhase === undefined ? 0 : (context.addedProtection?.amount ?? 0),
    appFeeToday,
    appFeeWaived: firstPhase === undefined ? 0 : itemizedAppFee(context.team) - appFeeToday,
    processingFeeToday: firstPhase === undefined ? 0 : phaseProcessingFee(firstPhase),
    chargedToday: firstPhase?.amount ?? 0,
    remainingSchedule,
    remainingTotal: sum(remainingSchedule.map((payment) => payment.amount)),
    monthsToPay: monthsToPay(plan),
    additionalFee: additional !== null && additional > 0 ? additional : null,
    hasProcessingFee: plan.phases.some((phase) => phaseProcessingFee(phase) > 0),
    planTotal: sum(plan.phases.map((phase) => phase.amount)),
  };
}

/** Describes every offered plan in order; the first is the pay-in-full option (§9). */
export function describePlans(plans: readonly PaymentPlanInput[], context: PlanContext): readonly PlanDescription[] {
  return plans.map((plan, index) => describePlan(plan, context, index === 0));
}

/** The team-level amounts of the payment page, in cents, with the flags that change their display (§4, §9). */
export interface TeamFeeSummary {
  readonly totalDues: number;
  readonly playerDeposit: number;
  readonly overallFees: number;
  readonly totalDue: number;
  readonly appFee: number;
  readonly isAppFeeItemized: boolean;
  readonly paymentPlanFee: number;
  /** §4: the season-started state changes how the deposit and app fee are displayed. */
  readonly seasonStarted: boolean;
}

/** Summarises a team's fees for the payment page (§9) given whether its season has started (§4). */
export function summarizeTeamFees(team: TeamFees, seasonStarted: boolean): TeamFeeSummary {
  return {
    totalDues: team.total_dues,
    playerDeposit: playerDeposit(team),
    overallFees: overallFees(team),
    totalDue: totalDue(team),
    appFee: team.total_app_fee,
    isAppFeeItemized: team.is_app_fee_itemized,
    paymentPlanFee: team.payment_plan_fee,
    seasonStarted,
  };
}

/** What a line of the fee summary is; the view gives each its words. */
export type FeeLineKind = 'dues' | 'overallFees' | 'discount' | 'appFee' | 'appFeeWaived';

/** One line of the fee summary, in cents. */
export interface FeeLine {
  readonly kind: FeeLineKind;
  /** What the line adds to the total: negative for a discount, 0 for a waived itemized app fee. */
  readonly amount: number;
  /** The amount a waived fee would have been (shown struck through), else null. */
  readonly waived: number | null;
}

/**
 * The team's dues as the payment page sums them (§9, issue 15): lines that add up to `total`, what pay in full costs.
 * - Itemized app fee: total dues and the app fee as two lines; otherwise one 'overall fees' line (dues + app fee, §9).
 * - A discount is its own (negative) line, and `total` is the discounted total.
 * - A discount that waives the app fee (100 %): an itemized fee shows as waived (0, its amount struck); a folded one,
 *   inside the overall fees, is taken off by its own negative 'appFeeWaived' line.
 * Beside the sum (not part of it): the player deposit a monthly plan charges today, and the monthly plan fee.
 */
export interface FeeBreakdown {
  readonly lines: readonly FeeLine[];
  readonly total: number;
  /** True when a discount line is present: the total is then the discounted total. */
  readonly discounted: boolean;
  /** §9 player deposit under the discount: the deposit (at most the dues) plus the folded app fee charged. */
  readonly playerDeposit: number;
  /** The app fee folded into the player deposit (0 when itemized or waived). */
  readonly depositAppFee: number;
}

export function feeBreakdown(team: TeamFees, discount: DiscountTerms | null): FeeBreakdown {
  const off = discountAmount(team.total_dues, discount);
  const appFeeCharged = chargedAppFee(team, discount);
  const lines: FeeLine[] = team.is_app_fee_itemized
    ? [{ kind: 'dues', amount: team.total_dues, waived: null }]
    : [{ kind: 'overallFees', amount: overallFees(team), waived: null }];
  if (off > 0) lines.push({ kind: 'discount', amount: -off, waived: null });
  if (team.is_app_fee_itemized && team.total_app_fee > 0) {
    const waived = team.total_app_fee - appFeeCharged;
    lines.push({ kind: 'appFee', amount: appFeeCharged, waived: waived > 0 ? team.total_app_fee : null });
  } else if (!team.is_app_fee_itemized && appFeeCharged < team.total_app_fee) {
    lines.push({ kind: 'appFeeWaived', amount: appFeeCharged - team.total_app_fee, waived: null });
  }
  const folded = team.is_app_fee_itemized ? 0 : appFeeCharged;
  return {
    lines,
    total: sum(lines.map((line) => line.amount)),
    discounted: off > 0,
    playerDeposit: Math.min(team.athlete_deposit, discountedDues(team.total_dues, discount)) + folded,
    depositAppFee: folded,
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
