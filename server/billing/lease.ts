import { inArray, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { type MembershipPhaseRow, membershipPhases } from '../db/schema/index.ts';

/**
 * Phase leases, shared by the collector and the catch-up charge: a run marks the phases it is about to charge with its
 * lease id, so no other run charges them at the same time, whichever of the two it is.
 */

/** A claimed phase nobody settled (the process died) may be claimed again after this. */
export const LEASE_MS = 10 * 60_000;

/** The phases no run holds: never leased, or their lease has run out. */
export function unleased(now: Date) {
  return or(isNull(membershipPhases.leaseUntil), lt(membershipPhases.leaseUntil, now));
}

/** Leases the phases (already locked in `tx`) to `leaseId` and answers them as they are now. */
export async function leasePhases(tx: Tx, ids: number[], leaseId: string, now: Date): Promise<MembershipPhaseRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(membershipPhases)
    .set({ leaseId, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(membershipPhases.id, ids))
    .returning();
}
