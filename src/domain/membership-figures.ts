/**
 * One meaning of paid (issue 30 point 5): what a family owes and has paid on one membership, computed here and only
 * here. The family's /payments and `GET /api/memberships`, the receipts' remaining schedule, the console's roster and
 * membership page, and both CSV exports read their figures from `membershipFigures`; nothing else adds up phases or
 * refunds.
 *
 * - paid: what the family's paid phases (card or offline) brought in, less what was refunded to them (net).
 * - refunded: what went back to the family (succeeded refunds only; a pending one is not money moved yet).
 * - remaining: the phases still owed (scheduled, failed, overdue); nothing once the schedule is cancelled.
 * - dues: what the membership costs the family now, paid + remaining: a refund lowers it, a cancelled phase leaves it.
 *   So remaining = dues − paid on every surface.
 * - status: refunded (everything paid went back), cancelled (the schedule was stopped: never 'Paid'), overdue,
 *   failed, held (a claim with nothing paid), paid (nothing left to pay), on schedule.
 */

export const PHASE_STATUSES = ['paid', 'scheduled', 'failed', 'overdue', 'cancelled'] as const;
export type PhaseStatus = (typeof PHASE_STATUSES)[number];

export const PHASE_STATUS_LABEL: Readonly<Record<PhaseStatus, string>> = {
  paid: 'Paid',
  scheduled: 'Scheduled',
  failed: 'Failed',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};

/** The phases still owed: what the collector charges and what `remaining` adds up. */
export const OWED_PHASE_STATUSES = ['scheduled', 'failed', 'overdue'] as const satisfies readonly PhaseStatus[];

export const MEMBERSHIP_STATUSES = [
  'paid',
  'on_schedule',
  'failed',
  'overdue',
  'refunded',
  'cancelled',
  'held',
] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_STATUS_LABEL: Readonly<Record<MembershipStatus, string>> = {
  paid: 'Paid',
  on_schedule: 'On schedule',
  failed: 'Failed',
  overdue: 'Overdue',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  held: 'Held',
};

/**
 * The coarser standing a coach's roster shows (issue 30 point 2: paid / on schedule / owes / cancelled / held): a
 * failed or overdue instalment is 'owes'; a membership whose payments all went back is 'cancelled' unless later
 * instalments are still on schedule.
 */
export const MEMBERSHIP_STANDINGS = ['paid', 'on_schedule', 'owes', 'cancelled', 'held'] as const;
export type MembershipStanding = (typeof MEMBERSHIP_STANDINGS)[number];

export const MEMBERSHIP_STANDING_LABEL: Readonly<Record<MembershipStanding, string>> = {
  paid: 'Paid',
  on_schedule: 'On schedule',
  owes: 'Owes',
  cancelled: 'Cancelled',
  held: 'Held',
};

/** One phase as the figures read it: its amount, its status and what was refunded of its charge. */
export interface LedgerPhase {
  amountCents: number;
  status: PhaseStatus;
  /** Succeeded refunds of this phase's charge. */
  refundedCents: number;
  /** `YYYY-MM-DD`. */
  dueOn: string;
}

export interface MembershipLedger {
  /** In schedule order (first payment first). */
  phases: readonly LedgerPhase[];
  /** The membership's schedule was cancelled (memberships.status 'canceled'). */
  cancelled: boolean;
}

export interface MembershipFigures {
  duesCents: number;
  paidCents: number;
  refundedCents: number;
  remainingCents: number;
  /** The earliest phase still owed, or null when nothing is. */
  nextDue: { dueOn: string; amountCents: number } | null;
  /** A failed or overdue instalment waits for a card (or an offline payment). */
  needsPayment: boolean;
  status: MembershipStatus;
  standing: MembershipStanding;
}

export function isOwedPhase(status: PhaseStatus): boolean {
  return status === 'scheduled' || status === 'failed' || status === 'overdue';
}

/** The phases still owed, in schedule order (a receipt's "remaining" lines). Nothing once the schedule is cancelled. */
export function owedPhases<P extends Pick<LedgerPhase, 'status'>>(phases: readonly P[], cancelled = false): P[] {
  return cancelled ? [] : phases.filter((phase) => isOwedPhase(phase.status));
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function statusOf(
  ledger: MembershipLedger,
  grossPaid: number,
  refunded: number,
  owed: readonly LedgerPhase[],
): MembershipStatus {
  if (refunded > 0 && refunded >= grossPaid) return 'refunded';
  if (ledger.cancelled) return 'cancelled';
  if (owed.some((phase) => phase.status === 'overdue')) return 'overdue';
  if (owed.some((phase) => phase.status === 'failed')) return 'failed';
  if (!ledger.phases.some((phase) => phase.status === 'paid')) return 'held';
  return owed.length === 0 ? 'paid' : 'on_schedule';
}

/** The standing a coach sees for a status (a roster row's `status` and `remaining_cents` are enough). */
export function membershipStanding(status: MembershipStatus, remaining: number): MembershipStanding {
  switch (status) {
    case 'failed':
    case 'overdue':
      return 'owes';
    case 'refunded':
      return remaining > 0 ? 'on_schedule' : 'cancelled';
    default:
      return status;
  }
}

/**
 * What counts as refunded of one phase's charge: only a paid phase's charge can be refunded, and a refund is never
 * counted above what its phase brought in. The family's /payments and the console show it per phase.
 */
export function phaseRefundedCents(phase: Pick<LedgerPhase, 'amountCents' | 'status' | 'refundedCents'>): number {
  if (phase.status !== 'paid') return 0;
  return Math.min(phase.amountCents, Math.max(0, phase.refundedCents));
}

/**
 * A phase's refunds as they count, in the order they were made (the payments export's refund lines): each up to what
 * is left of the phase's charge, so they add up to `phaseRefundedCents` and the export's lines to `paidCents`.
 */
export function countedRefunds(
  phase: Pick<LedgerPhase, 'amountCents' | 'status'>,
  refunds: readonly number[],
): number[] {
  let left = phase.status === 'paid' ? phase.amountCents : 0;
  return refunds.map((amount) => {
    const counted = Math.min(left, Math.max(0, amount));
    left -= counted;
    return counted;
  });
}

/** The one computation of a membership's money (see the top of this file). */
export function membershipFigures(ledger: MembershipLedger): MembershipFigures {
  const paidPhases = ledger.phases.filter((phase) => phase.status === 'paid');
  const grossPaid = sum(paidPhases.map((phase) => phase.amountCents));
  const refunded = sum(paidPhases.map(phaseRefundedCents));
  const owed = owedPhases(ledger.phases, ledger.cancelled);
  const paid = grossPaid - refunded;
  const remaining = sum(owed.map((phase) => phase.amountCents));
  const next = [...owed].sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0))[0];
  const status = statusOf(ledger, grossPaid, refunded, owed);
  return {
    duesCents: paid + remaining,
    paidCents: paid,
    refundedCents: refunded,
    remainingCents: remaining,
    nextDue: next ? { dueOn: next.dueOn, amountCents: next.amountCents } : null,
    needsPayment: owed.some((phase) => phase.status === 'failed' || phase.status === 'overdue'),
    status,
    standing: membershipStanding(status, remaining),
  };
}
