import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { type MembershipCardRow, membershipPhases, type PendingChargeRequest } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import type { SavedCardCharge } from '../providers/types.ts';
import { chargeSavedCard, recordPhasesPaid } from '../services/checkout/index.ts';
import { LEASE_MS, leasePhases, unleased } from './lease.ts';

/**
 * Issue 33, exactly once across the collector and the catch-up charge (docs/architecture.md "Issue 33", "One charge
 * key per set of phases"). Whoever charges a set of phases (the collector, a registrar's retry, the catch-up after a
 * card update) first writes on each of them, while it holds their lease and before the provider is called, the
 * idempotency key it is about to use and the request (`charge_key`, `charge_request`). The outcome's recording
 * (paid, declined, requiring action) clears both. A phase still carrying a key once its lease has run out is a charge
 * whose outcome nobody recorded (the process died, or the recording transaction failed): nobody charges it under
 * another key. `resolvePendingCharges` sends exactly that request again under that key, for exactly the phases that
 * carry it, and the provider answers the same charge: the money is taken at most once, then recorded.
 */

/** A charge about to be asked: its key and its request (server/db/schema/billing.ts `PendingChargeRequest`). */
export interface ChargeStamp {
  key: string;
  request: PendingChargeRequest;
}

/** The request a stamp keeps for the card and amount about to be charged. */
export function chargeRequest(
  card: Pick<MembershipCardRow, 'providerCustomerId' | 'paymentMethodId'>,
  request: Omit<PendingChargeRequest, 'customerId' | 'paymentMethodId'>,
): PendingChargeRequest {
  return { ...request, customerId: card.providerCustomerId, paymentMethodId: card.paymentMethodId };
}

/**
 * Writes the stamp on the phases while `leaseId` holds them (in the lease's transaction, or in one of its own before
 * the provider is called); answers whether every one of them carries it now (false: the lease was lost, charge
 * nothing).
 */
export async function stampCharge(db: AppDeps['db'] | Tx, ids: number[], leaseId: string, stamp: ChargeStamp) {
  const stamped = await db
    .update(membershipPhases)
    .set({ chargeKey: stamp.key, chargeRequest: stamp.request })
    .where(and(inArray(membershipPhases.id, ids), eq(membershipPhases.leaseId, leaseId)))
    .returning({ id: membershipPhases.id });
  return stamped.length === ids.length;
}

/** Asks the provider for the stamped charge: the request as written, under its key. */
export function chargeStamped(deps: AppDeps, stamp: ChargeStamp): Promise<SavedCardCharge> {
  const { request } = stamp;
  return chargeSavedCard(
    deps,
    { providerCustomerId: request.customerId, paymentMethodId: request.paymentMethodId },
    {
      amountCents: request.amountCents,
      metadata: request.metadata,
      idempotencyKey: stamp.key,
      offSession: request.offSession,
    },
  );
}

/** The columns that clear a phase's stamp: written with every recorded outcome. */
export const NO_PENDING_CHARGE = { chargeKey: null, chargeRequest: null } as const;

/** Phases that carry a charge nobody recorded and no run holds: to resolve before anything else charges them. */
export function pendingUnleased(now: Date) {
  return and(isNotNull(membershipPhases.chargeKey), ne(membershipPhases.status, 'paid'), unleased(now));
}

export interface ResolvedCharges {
  charged: number;
  failed: number;
  /** What the charges found taken and recorded now add up to. */
  chargedCents: number;
}

/**
 * Resolves every pending charge with a phase in `scope`: each key's phases (all of them, wherever they are, never
 * part of them) are leased together, the stamped request is sent again under its key, and the outcome is recorded:
 * paid with its one receipt; declined or requiring action: the charge id and the decline kept, the stamp cleared and
 * the lease released, so whoever comes next charges the phases as due (the collector, whose attempt was not counted,
 * asks again under the same key and records the decline with its retry plan and notice). A key some of whose phases
 * are locked or leased is another run's and is skipped. A failure recording a success keeps the lease, as elsewhere.
 */
export async function resolvePendingCharges(deps: AppDeps, scope: SQL | undefined): Promise<ResolvedCharges> {
  const result: ResolvedCharges = { charged: 0, failed: 0, chargedCents: 0 };
  const keys = await deps.db
    .selectDistinct({ key: membershipPhases.chargeKey })
    .from(membershipPhases)
    .where(and(scope, pendingUnleased(deps.now())));
  for (const { key } of keys) {
    if (key === null) continue;
    const outcome = await resolveOne(deps, key);
    if (outcome === 'failed') result.failed += 1;
    if (typeof outcome === 'number') {
      result.charged += 1;
      result.chargedCents += outcome;
    }
  }
  return result;
}

/** Resolves one key: the amount recorded paid, or what else happened. */
async function resolveOne(deps: AppDeps, key: string): Promise<number | 'failed' | 'busy' | 'lost'> {
  const leaseId = randomUUID();
  const now = deps.now();
  const open = and(eq(membershipPhases.chargeKey, key), ne(membershipPhases.status, 'paid'));
  const claimed = await deps.db.transaction(async (tx) => {
    // SKIP LOCKED: never waits for a row (a checkout's claim may hold it), so this cannot deadlock with a claim.
    const locked = await tx
      .select({ id: membershipPhases.id })
      .from(membershipPhases)
      .where(and(open, unleased(now)))
      .for('update', { skipLocked: true });
    const all = await tx.select({ id: membershipPhases.id }).from(membershipPhases).where(open);
    if (locked.length === 0 || locked.length !== all.length) return [];
    return leasePhases(
      tx,
      locked.map((row) => row.id),
      leaseId,
      now,
      LEASE_MS,
    );
  });
  const request = claimed.find((phase) => phase.chargeRequest !== null)?.chargeRequest;
  if (!request) return 'busy';
  const ids = claimed.map((phase) => phase.id);
  const mine = and(inArray(membershipPhases.id, ids), eq(membershipPhases.leaseId, leaseId));
  const charge = await chargeStamped(deps, { key, request });
  deps.log.info({ phaseIds: ids, status: charge.status }, 'billing: a charge nobody recorded was asked again');
  if (charge.status === 'succeeded') {
    const paid = await recordPhasesPaid(deps, mine, charge.intent.id, request.receipt, {
      countAttempt: request.countAttempt,
    });
    return paid.length === 0 ? 'lost' : request.amountCents;
  }
  const released = await deps.db
    .update(membershipPhases)
    .set({
      ...NO_PENDING_CHARGE,
      ...(charge.intent ? { providerChargeId: charge.intent.id } : {}),
      ...(charge.status === 'failed' ? { failureCode: charge.code, failureMessage: charge.message } : {}),
      leaseId: null,
      leaseUntil: null,
    })
    .where(mine)
    .returning({ id: membershipPhases.id });
  return released.length === 0 ? 'lost' : 'failed';
}
