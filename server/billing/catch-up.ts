import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { householdCheckouts, type MembershipRow, membershipPhases } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { DEFAULT_LOCALE, english, type Locale, translate } from '../i18n/index.ts';
import type { CardSummary, PaymentIntent } from '../providers/types.ts';
import { recordPhasesPaid } from '../services/checkout/index.ts';
import { settleEarlierIntents } from './earlier-intent.ts';
import { cardSharers, phaseIdsKey } from './household.ts';
import { CATCH_UP_LEASE_MS, leasePhases, unleased } from './lease.ts';
import {
  type ChargeStamp,
  chargeRequest,
  chargeStamped,
  NO_PENDING_CHARGE,
  resolvePendingCharges,
  stampCharge,
} from './pending-charge.ts';
import { cardOf } from './phases.ts';

/**
 * Charging what a family owes at once, with them present (after a card update): every failed or overdue phase of the
 * membership in one on-session charge; for a membership of a household checkout (issue 20), every failed or overdue
 * phase of all the checkout's memberships, which share the card. The phases are leased as the collector leases them,
 * so a collector run at the same moment cannot charge them too. An earlier attempt's intent they carry is settled first
 * (server/billing/earlier-intent.ts); then, under the lease and before the provider is asked, the charge's key and
 * request are written on them (server/billing/pending-charge.ts), so a charge whose recording never happened is asked
 * again under that key by whoever comes next (the collector too), never charged anew.
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
  // A charge of these phases asked before (by the collector or an earlier card update) and never recorded: asked again
  // under its key and recorded first, so what it took is not taken a second time below. Should the provider not
  // answer, those phases are left out below (they still carry the key) and the next run resolves them.
  let resolvedCents = 0;
  try {
    resolvedCents = (await resolvePendingCharges(deps, inArray(membershipPhases.membershipId, sharers))).chargedCents;
  } catch (error) {
    deps.log.error({ err: error }, 'billing: asking a charge nobody recorded again failed');
  }
  const leaseId = randomUUID();
  const now = deps.now();
  const leased = await deps.db.transaction(async (tx) => {
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
          // Still carrying a charge nobody recorded: another run is resolving it right now.
          isNull(membershipPhases.chargeKey),
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
  // An earlier attempt's intent still open (an earlier catch-up waiting for 3-D Secure, a declined charge) is canceled
  // first, or recorded if it succeeded meanwhile (server/billing/earlier-intent.ts): never a second charge beside it.
  const releaseAll = () =>
    deps.db
      .update(membershipPhases)
      .set({ leaseId: null, leaseUntil: null })
      .where(and(inArray(membershipPhases.membershipId, sharers), eq(membershipPhases.leaseId, leaseId)));
  const earlier = await settleEarlierIntents(deps, leased).catch(async (error: unknown) => {
    await releaseAll();
    throw error;
  });
  if (earlier.kind === 'moving') {
    await releaseAll();
    return {
      card: summary,
      outcome: 'failed',
      message: translate(locale, 'checkout.processing'),
      amount_cents: 0,
      payment_intent: null,
    };
  }
  resolvedCents += earlier.paidCents;
  let claimed = earlier.phases;
  let stamp: ChargeStamp | null = null;
  if (claimed.length > 0 && card) {
    const ids = claimed.map((phase) => phase.id).sort((a, b) => a - b);
    stamp = {
      // The same card update and the same phases: the same charge, however often the request is repeated.
      key: `catch-up-${membershipId}-${phaseIdsKey(ids)}-${keySuffix}`,
      request: chargeRequest(card, {
        amountCents: claimed.reduce((sum, phase) => sum + phase.amountCents, 0),
        metadata: {
          kind: 'catch_up',
          membership_id: String(membershipId),
          phase_ids: ids.join(','),
          ...(membership.householdCheckoutId === null
            ? {}
            : { household_checkout_id: String(membership.householdCheckoutId) }),
        },
        offSession: false,
        receipt: { membershipId, checkoutId: membership.householdCheckoutId, card: summary },
        countAttempt: false,
      }),
    };
    // Before the provider is asked, while the lease is this update's: should this charge never be recorded, whoever
    // comes next asks it again under its key. The lease lost (it cannot be, while it lasts): nothing is charged.
    if (!(await stampCharge(deps.db, ids, leaseId, stamp))) claimed = [];
  }
  const nothing: CatchUpAnswer = {
    card: summary,
    outcome: 'nothing_due',
    message: null,
    amount_cents: 0,
    payment_intent: null,
  };
  // What this update found taken and recorded now is what it paid (an earlier update sent again, say).
  if (claimed.length === 0) {
    return resolvedCents === 0 ? nothing : { ...nothing, outcome: 'paid', amount_cents: resolvedCents };
  }
  const ids = claimed.map((phase) => phase.id).sort((a, b) => a - b);
  const amountCents = claimed.reduce((sum, phase) => sum + phase.amountCents, 0);
  const mine = and(inArray(membershipPhases.id, ids), eq(membershipPhases.leaseId, leaseId));
  const release = { leaseId: null, leaseUntil: null };
  // While the family authenticates a charge (3-D Secure) its phases stay leased, so no collector charges them too;
  // the lease ends with the outcome (collect) or expires; then whoever charges them next cancels the intent first (or
  // records it, had the family confirmed it): server/billing/earlier-intent.ts.
  let keepLease = false;
  try {
    if (!card || !stamp)
      return {
        ...nothing,
        outcome: 'failed',
        message: translate(locale, 'checkout.noCardSaved'),
        amount_cents: amountCents,
      };
    const charge = await chargeStamped(deps, stamp);
    if (charge.status === 'succeeded') {
      try {
        await markPaid(deps, membership, ids, charge.intent, summary);
      } catch (error) {
        // Charged, but the recording and its receipt (one transaction) were rolled back: the lease is kept, as when
        // the process dies here, and the phases keep the charge's key: once the lease runs out, whoever comes next
        // asks this very charge again (server/billing/pending-charge.ts) and records it.
        keepLease = true;
        throw error;
      }
      return {
        card: summary,
        outcome: 'paid',
        message: null,
        amount_cents: amountCents + resolvedCents,
        payment_intent: null,
      };
    }
    if (charge.status === 'requires_action') {
      keepLease = true;
      await deps.db
        .update(membershipPhases)
        .set({ providerChargeId: charge.intent.id, ...NO_PENDING_CHARGE })
        .where(mine);
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
      .set({ failureCode: charge.code, failureMessage: charge.message, ...NO_PENDING_CHARGE })
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
  // Canceled: whoever charged these phases after its lease ran out canceled it (server/billing/earlier-intent.ts) and
  // owns them now; the family's late confirmation paid nothing, the answer says so, and they can pay again.
  const leaveAlone = ['requires_action', 'processing', 'canceled'].includes(intent.status);
  if (!leaveAlone) {
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
