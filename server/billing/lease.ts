import { inArray, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { type MembershipPhaseRow, membershipPhases } from '../db/schema/index.ts';

/**
 * Phase leases, shared by the collector and the catch-up charge: a run marks the phases it is about to charge with its
 * lease id, so no other run charges them at the same time, whichever of the two it is.
 */

/**
 * A phase the collector claimed and nobody settled (its process died) may be claimed again after this. Short, so a
 * billing day whose process was killed is finished by another within minutes (docs/architecture.md "Issue 33: one
 * billing day worked by every process"); a lease that runs out under a run still charging only costs repeated work:
 * the next run asks the provider with the same idempotency key and is answered the same charge, and only the holder
 * of the lease records the outcome. A claimed batch (25 charges) is charged in seconds at CARD_RATE_LIMIT.
 */
export const LEASE_MS = 2 * 60_000;

/**
 * The catch-up charge's lease (an on-session charge): its phases stay leased while the family authenticates a charge
 * (3-D Secure), so the collector never charges them under its own key meanwhile; that can take minutes.
 */
export const CATCH_UP_LEASE_MS = 10 * 60_000;

/** The phases no run holds: never leased, or their lease has run out. */
export function unleased(now: Date) {
  return or(isNull(membershipPhases.leaseUntil), lt(membershipPhases.leaseUntil, now));
}

/** Leases the phases (already locked in `tx`) to `leaseId` for `leaseMs` and answers them as they are now. */
export async function leasePhases(
  tx: Tx,
  ids: number[],
  leaseId: string,
  now: Date,
  leaseMs: number = LEASE_MS,
): Promise<MembershipPhaseRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(membershipPhases)
    .set({ leaseId, leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(membershipPhases.id, ids))
    .returning();
}
