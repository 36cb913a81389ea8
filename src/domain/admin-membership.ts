/**
 * The rules of the console's membership page (issue 22 point 4), read by admin-membership.machine.ts's guards and
 * by its connect module (which buttons a phase shows): who may act on money, which instalment can be refunded,
 * retried, marked paid offline, and whether a schedule is left to cancel. The server decides the same things again
 * (server/services/admin-refunds.ts): these only keep the page from offering what it would refuse.
 */
import { type StaffOrganization, staffCan } from './staff';

/** What these rules read of a phase (GET /api/admin/memberships/{id}). */
export interface PhaseFacts {
  status: string;
  amount_cents: number;
  refunded_cents: number;
  payment_id: number | string | null;
  offline: unknown;
}

/**
 * Whether the page offers the money actions: the `can` flags of GET /api/admin/me (refund, retry, mark paid offline,
 * cancel; false for a coach, and for who has not turned on a second factor where the organization requires one).
 */
export function mayManageMoney(organizations: readonly StaffOrganization[], organizationId: number): boolean {
  const can = (action: 'refund' | 'retry' | 'mark_offline' | 'cancel') =>
    staffCan(organizations, organizationId, action);
  return can('refund') && can('retry') && can('mark_offline') && can('cancel');
}

/** What is left to refund on a phase's card charge: nothing for an unpaid phase or one paid offline. */
export function leftToRefund(phase: PhaseFacts): number {
  if (phase.status !== 'paid' || phase.payment_id === null || phase.offline !== null) return 0;
  return Math.max(0, phase.amount_cents - phase.refunded_cents);
}

export function isRefundable(phase: PhaseFacts): boolean {
  return leftToRefund(phase) > 0;
}

/** A failed or overdue instalment can be charged again now. */
export function isRetryable(phase: PhaseFacts): boolean {
  return phase.status === 'failed' || phase.status === 'overdue';
}

/** An instalment still owed (scheduled, failed, overdue) can be marked paid offline; cancelling stops them all. */
export function isOwed(phase: PhaseFacts): boolean {
  return phase.status === 'scheduled' || isRetryable(phase);
}

export function hasScheduleLeft(phases: readonly PhaseFacts[]): boolean {
  return phases.some(isOwed);
}

/**
 * A card's brand as 'Visa ending 4242' names it (brands come lower-case from the provider, as on the family's
 * /payments); null for none (the console then says 'Card').
 */
export function cardBrand(brand: string): string | null {
  return brand === '' ? null : `${brand.charAt(0).toUpperCase()}${brand.slice(1)}`;
}
