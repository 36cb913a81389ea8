import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { householdCheckouts, type MembershipRow, membershipPhases } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { DEFAULT_LOCALE, english, type Locale, translate } from '../i18n/index.ts';
import type { CardSummary, PaymentIntent } from '../providers/types.ts';
import { chargeSavedCard, recordPhasesPaid } from '../services/checkout/index.ts';
import { cardSharers, phaseIdsKey } from './household.ts';
import { CATCH_UP_LEASE_MS, leasePhases, unleased } from './lease.ts';
import { cardOf } from './phases.ts';

/**
 * Charging what a family owes at once, with them present (after a card update): every failed or overdue phase of the
 * membership in one on-session charge; for a membership of a household checkout (issue 20), every failed or overdue
 * phase of all the checkout's memberships, which share the card. The phases are leased as the collector leases them,
 * so a collector run at the same moment cannot charge them too.
 */

/** The membership a card update is for: which memberships it covers and where the receipt goes. */
type CatchUpMembership = Pick<MembershipRow, 'id' | 'householdCheckoutId'>;

export type CatchUpOutcome = 'nothing_due' | 'paid' | 'failed' | 'requires_action';

export interface CatchUpAnswer {
  card: CardSummary | null;
  outcome: CatchUpOutcome;
  message: string | null;
  amount_cents: number;
  payment_intent: { id: string; client_secret: string } | null;
}

/**
 * The answer's `message`, which /payments/update-card shows as it comes: in the request's language (issue 31 point 2)
 * when it is the server's own text; the card processor's message as it came. English as exported here.
 */
export const STILL_NEEDS_AUTHENTICATION = english('checkout.needsAuthentication');
export const NOT_SUCCESSFUL = english('checkout.notSuccessful');
export const PROCESSING = english('checkout.processing');

export async function chargeOutstanding(
  deps: AppDeps,
  membership: CatchUpMembership,
  keySuffix: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CatchUpAnswer> {
  const membershipId = membership.id;
  const sharers = await cardSharers(deps.db, membership);
  const card = await cardOf(deps.db, membershipId);
  const summary = card ? { brand: card.brand, last4: card.last4 } : null;
  const leaseId = randomUUID();
  const now = deps.now();
  const claimed = await deps.db.transaction(async (tx) => {
    // A household's phases are claimed under its checkout's row, as the collector claims them: never half a group.
    if (membership.householdCheckoutId !== null) {
      await tx
        .select({ id: householdCheckouts.id })
        .from(householdCheckouts)
        .where(eq(householdCheckouts.id, membership.householdCheckoutId))
        .for('update');
    }
    const open = await tx
      .select({ id: membershipPhases.id })
      .from(membershipPhases)
      .where(
        and(
          inArray(membershipPhases.membershipId, sharers),
          inArray(membershipPhases.status, ['failed', 'overdue']),
          unleased(now),
        ),
      )
      .orderBy(asc(membershipPhases.membershipId), asc(membershipPhases.seq))
      .for('update', { skipLocked: true });
    return leasePhases(
      tx,
      open.map((row) => row.id),
      leaseId,
      now,
      CATCH_UP_LEASE_MS,
    );
  });
  const nothing: CatchUpAnswer = {
    card: summary,
    outcome: 'nothing_due',
    message: null,
    amount_cents: 0,
    payment_intent: null,
  };
  if (claimed.length === 0) return nothing;
  const ids = claimed.map((phase) => phase.id).sort((a, b) => a - b);
  const amountCents = claimed.reduce((sum, phase) => sum + phase.amountCents, 0);
  const mine = and(inArray(membershipPhases.id, ids), eq(membershipPhases.leaseId, leaseId));
  const release = { leaseId: null, leaseUntil: null };
  // While the family authenticates a charge (3-D Secure) its phases stay leased, so no collector charges them too;
  // the lease ends with the outcome (collect) or expires.
  let keepLease = false;
  try {
    if (!card)
      return {
        ...nothing,
        outcome: 'failed',
        message: translate(locale, 'checkout.noCardSaved'),
        amount_cents: amountCents,
      };
    const charge = await chargeSavedCard(deps, card, {
      amountCents,
      metadata: {
        kind: 'catch_up',
        membership_id: String(membershipId),
        phase_ids: ids.join(','),
        ...(membership.householdCheckoutId === null
          ? {}
          : { household_checkout_id: String(membership.householdCheckoutId) }),
      },
      // The same card update and the same phases: the same charge, however often the request is repeated.
      idempotencyKey: `catch-up-${membershipId}-${phaseIdsKey(ids)}-${keySuffix}`,
      offSession: false,
    });
    if (charge.status === 'succeeded') {
      try {
        await markPaid(deps, membership, ids, charge.intent, summary);
      } catch (error) {
        // Charged, but the recording and its receipt (one transaction) were rolled back: the lease is kept, as when
        // the process dies here, so nothing charges the phases under another key before it runs out.
        keepLease = true;
        throw error;
      }
      return { card: summary, outcome: 'paid', message: null, amount_cents: amountCents, payment_intent: null };
    }
    if (charge.status === 'requires_action') {
      keepLease = true;
      await deps.db.update(membershipPhases).set({ providerChargeId: charge.intent.id }).where(mine);
      return {
        card: summary,
        outcome: 'requires_action',
        message: null,
        amount_cents: amountCents,
        payment_intent: { id: charge.intent.id, client_secret: charge.intent.clientSecret },
      };
    }
    await deps.db
      .update(membershipPhases)
      .set({ failureCode: charge.code, failureMessage: charge.message })
      .where(mine);
    return {
      card: summary,
      outcome: 'failed',
      message: charge.message,
      amount_cents: amountCents,
      payment_intent: null,
    };
  } finally {
    if (!keepLease) await deps.db.update(membershipPhases).set(release).where(mine);
  }
}

/**
 * Marks the phases a succeeded intent paid for, once: only the call that changes them sends the receipt (one receipt
 * for a household's charge, listing each athlete). Answers whether it did.
 */
export async function markPaid(
  deps: AppDeps,
  membership: CatchUpMembership,
  phaseIds: number[],
  intent: PaymentIntent,
  card: CardSummary | null,
): Promise<boolean> {
  const sharers = await cardSharers(deps.db, membership);
  const where = and(inArray(membershipPhases.membershipId, sharers), inArray(membershipPhases.id, phaseIds));
  const receipt = { membershipId: membership.id, checkoutId: membership.householdCheckoutId, card };
  const paid = await recordPhasesPaid(deps, where, intent.id, receipt, { countAttempt: false });
  return paid.length > 0;
}

/** POST …/collect: the outcome of a catch-up charge the family authenticated (3-D Secure) in the browser. */
export async function settleAuthenticated(
  deps: AppDeps,
  membership: CatchUpMembership,
  intent: PaymentIntent,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CatchUpAnswer> {
  const card = await cardOf(deps.db, membership.id);
  const summary = card ? { brand: card.brand, last4: card.last4 } : null;
  const ids = (intent.metadata.phase_ids ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const answer = { card: summary, amount_cents: intent.amountCents, payment_intent: null };
  if (intent.status === 'succeeded') {
    await markPaid(deps, membership, ids, intent, summary);
    return { ...answer, outcome: 'paid', message: null };
  }
  const pending = intent.status === 'requires_action' || intent.status === 'processing';
  if (!pending) {
    // Authentication failed or the charge was refused: the phases are free for another card (or the collector).
    await deps.db
      .update(membershipPhases)
      .set({ leaseId: null, leaseUntil: null })
      .where(
        and(
          inArray(membershipPhases.membershipId, await cardSharers(deps.db, membership)),
          eq(membershipPhases.providerChargeId, intent.id),
          ne(membershipPhases.status, 'paid'),
        ),
      );
  }
  const message =
    intent.status === 'requires_action'
      ? translate(locale, 'checkout.needsAuthentication')
      : intent.status === 'processing'
        ? translate(locale, 'checkout.processing')
        : (intent.lastError?.message ?? translate(locale, 'checkout.notSuccessful'));
  return { ...answer, outcome: 'failed', message };
}
