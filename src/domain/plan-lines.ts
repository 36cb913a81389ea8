/**
 * What a plan's "due today" block lists (§9), built from PlanDescription (fees.ts), so the views only format
 * amounts: the lines, and whether they add up to today's charge (a processing fee the server folds in may not).
 */
import type { PlanDescription } from './fees';

/** The texts of a "due today" line: catalogue keys (issue 31), which the view shows in the language in use. */
export type AmountLabel =
  | 'payment.teamDues'
  | 'payment.playerDeposit'
  | 'payment.appFeeNonRefundable'
  | 'payment.injuryProtection'
  | 'payment.processingFee';

export interface AmountLine {
  readonly label: AmountLabel;
  /** Cents: what the line adds to today's charge. */
  readonly amount: number;
  /** A waived fee: the amount it would have been (shown struck through, the line adds 0). */
  readonly waived?: number;
}

/**
 * The parts of today's charge (§9): the dues part ("payment today"), the itemized app fee, the injury protection
 * (a one-time payment due today) and the first phase's processing fee. Zero parts other than the dues are left out.
 */
export function todayLines(plan: PlanDescription): AmountLine[] {
  const lines: AmountLine[] = [
    { label: plan.isPayInFull ? 'payment.teamDues' : 'payment.playerDeposit', amount: plan.paymentToday },
  ];
  if (plan.appFeeToday > 0) lines.push({ label: 'payment.appFeeNonRefundable', amount: plan.appFeeToday });
  // Issue 15: a full discount's waived app fee says so, rather than $25.00 above 'Charged today $0.00'.
  if (plan.appFeeWaived > 0) {
    lines.push({ label: 'payment.appFeeNonRefundable', amount: 0, waived: plan.appFeeWaived });
  }
  if (plan.protectionToday > 0) lines.push({ label: 'payment.injuryProtection', amount: plan.protectionToday });
  if (plan.processingFeeToday > 0) lines.push({ label: 'payment.processingFee', amount: plan.processingFeeToday });
  return lines;
}

/** The sum of the listed lines, in cents. */
export function sumLines(lines: readonly AmountLine[]): number {
  return lines.reduce((total, line) => total + line.amount, 0);
}

/** A plan as the views show it: its description, today's lines, and whether 'Charged today' must be said apart. */
export interface PlanView extends PlanDescription {
  readonly todayLines: readonly AmountLine[];
  /** The lines do not add up to today's charge, so the charge is shown as a line of its own. */
  readonly showsChargedToday: boolean;
}

export function planView(plan: PlanDescription): PlanView {
  const lines = todayLines(plan);
  return { ...plan, todayLines: lines, showsChargedToday: sumLines(lines) !== plan.chargedToday };
}
