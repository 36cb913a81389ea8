import { and, eq, ne } from 'drizzle-orm';
import { type MembershipPhaseRow, membershipPhases } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import type { PaymentIntent } from '../providers/types.ts';
import { recordPhasesPaid } from '../services/checkout/index.ts';
import { cardOf } from './phases.ts';

/**
 * Issue 33, exactly once across an earlier attempt's intent and the next charge (docs/architecture.md "Issue 33"): a
 * charge of phases can leave its intent open at the provider: a catch-up charge waiting for the family's 3-D Secure
 * (requires_action; the family holds its client secret and may still confirm it after its lease ran out), one whose
 * authentication failed (requires_payment_method: the family may try again), a declined charge. The phases carry its
 * id (`provider_charge_id`). Whoever charges them next (the collector, a registrar's retry, the catch-up) first settles
 * it, holding their lease: the intent is canceled at the provider, in one call that answers the state it ends in
 * (CardPayments `cancelIntent`): canceled (or unknown): nobody can confirm it any more, the phases are charged as
 * usual (the family's late confirmation fails, and the return call answers 'not successful'); succeeded (the family
 * confirmed it, the return call never came, or it won the race with the cancel): it is recorded paid as the return call
 * records it, with its one receipt, and those phases are not charged; processing: money is moving, nothing is charged
 * now (the lease is kept and runs out; the next run asks again).
 */

export type EarlierIntents =
  /** `phases`: those still to charge (the ones an earlier intent paid are left out); `paidCents`: what it recorded. */
  | { kind: 'settled'; phases: MembershipPhaseRow[]; paidCents: number }
  /** An earlier intent is being paid (processing): charge none of these phases now. */
  | { kind: 'moving' };

/** Settles the earlier intents the leased `phases` carry (see above) before they are charged. */
export async function settleEarlierIntents(deps: AppDeps, phases: MembershipPhaseRow[]): Promise<EarlierIntents> {
  const intentIds = new Set(
    phases.flatMap((phase) => (phase.status !== 'paid' && phase.providerChargeId ? [phase.providerChargeId] : [])),
  );
  const paidIds = new Set<number>();
  let paidCents = 0;
  for (const id of intentIds) {
    const intent = await deps.providers.payments.cancelIntent(id);
    if (intent === null || intent.status === 'canceled') continue;
    if (intent.status !== 'succeeded') {
      deps.log.info({ phaseIds: phases.map((p) => p.id), status: intent.status }, 'billing: an earlier charge is open');
      return { kind: 'moving' };
    }
    const paid = await recordIntentPaid(deps, intent);
    deps.log.info({ phaseIds: paid.map((p) => p.id) }, 'billing: an earlier charge had succeeded, recorded');
    for (const phase of paid) paidIds.add(phase.id);
    paidCents += paid.reduce((sum, phase) => sum + phase.amountCents, 0);
    // Recorded by someone else meanwhile (the family's return call): not charged either.
    for (const phase of phases) if (phase.providerChargeId === intent.id) paidIds.add(phase.id);
  }
  return { kind: 'settled', phases: phases.filter((phase) => !paidIds.has(phase.id)), paidCents };
}

/**
 * Records a succeeded earlier intent on the phases that carry it, as its own recording would have: a catch-up
 * charge's receipt for the membership the card update was for, without counting an attempt (server/billing/catch-up.ts
 * `markPaid`); an instalment's as the collector's. Only the call that changes the phases sends the receipt.
 */
async function recordIntentPaid(deps: AppDeps, intent: PaymentIntent): Promise<MembershipPhaseRow[]> {
  const carrying = and(eq(membershipPhases.providerChargeId, intent.id), ne(membershipPhases.status, 'paid'));
  const [first] = await deps.db.select().from(membershipPhases).where(carrying).limit(1);
  if (!first) return [];
  const membershipId = Number(intent.metadata.membership_id) || first.membershipId;
  const checkout = Number(intent.metadata.household_checkout_id);
  const card = await cardOf(deps.db, membershipId);
  const receipt = {
    membershipId,
    checkoutId: Number.isSafeInteger(checkout) && checkout > 0 ? checkout : null,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
  };
  return recordPhasesPaid(deps, carrying, intent.id, receipt, { countAttempt: intent.metadata.kind !== 'catch_up' });
}
