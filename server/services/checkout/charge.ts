import { and, ne, type SQL, sql } from 'drizzle-orm';
import { sendHouseholdReceipt } from '../../billing/household.ts';
import { payerCustomer, sendReceipt } from '../../billing/phases.ts';
import { type MembershipCardRow, type MembershipPhaseRow, membershipPhases } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { CardSummary, PaymentIntent, SavedCardCharge, SetupIntent } from '../../providers/types.ts';

/**
 * The charge steps of a checkout (issue 30 point 1). At Pay Now both checkouts (one athlete, a family) ask the card
 * through `openIntent` (today's amount) or `openSetup` (nothing due today, instalments later). Later, what a
 * membership's phases owe is charged with the card saved at checkout, by the collector (off-session,
 * server/billing/collector.ts) and by the catch-up charge after a card update (on-session, server/billing/catch-up.ts),
 * through `chargeSavedCard` and `recordPhasesPaid` only. The caller leases the phases first (server/billing/lease.ts),
 * so no two runs charge them at once, and writes on them the charge's key before calling the provider
 * (server/billing/pending-charge.ts), so a charge whose outcome was never recorded is asked again, never anew.
 */

/**
 * A PaymentIntent for what is due today. `keepCard`: the plan has later phases, so the card is kept on the payer's
 * customer for the collector's off-session charges (its id travels in the metadata as `customer_id`). The same
 * idempotency key answers the same intent.
 */
export async function openIntent(
  deps: AppDeps,
  payerId: number,
  payment: { amountCents: number; keepCard: boolean; metadata: Record<string, string>; idempotencyKey: string },
): Promise<PaymentIntent> {
  const customerId = payment.keepCard ? await payerCustomer(deps, payerId) : undefined;
  return deps.providers.payments.createIntent({
    amountCents: payment.amountCents,
    currency: 'usd',
    metadata: customerId ? { ...payment.metadata, customer_id: customerId } : payment.metadata,
    idempotencyKey: payment.idempotencyKey,
    customerId,
    saveCard: payment.keepCard,
  });
}

/** Nothing to charge today but instalments later: a SetupIntent saves the card on the payer's customer, no charge. */
export async function openSetup(
  deps: AppDeps,
  payerId: number,
  metadata: Record<string, string>,
): Promise<SetupIntent> {
  const customerId = await payerCustomer(deps, payerId);
  return deps.providers.payments.createSetupIntent({ customerId, metadata: { ...metadata, customer_id: customerId } });
}

/** Charges `amountCents` with the saved card; the provider's idempotency key makes a repeated call the same charge. */
export function chargeSavedCard(
  deps: AppDeps,
  card: Pick<MembershipCardRow, 'providerCustomerId' | 'paymentMethodId'>,
  charge: { amountCents: number; metadata: Record<string, string>; idempotencyKey: string; offSession: boolean },
): Promise<SavedCardCharge> {
  return deps.providers.payments.chargeSavedCard({
    customerId: card.providerCustomerId,
    paymentMethodId: card.paymentMethodId,
    amountCents: charge.amountCents,
    currency: 'usd',
    metadata: charge.metadata,
    idempotencyKey: charge.idempotencyKey,
    offSession: charge.offSession,
  });
}

/** Whose receipt a charge of phases sends: a household checkout's (one for its athletes) or one membership's. */
export interface PhasesReceipt {
  membershipId: number;
  checkoutId: number | null;
  card: CardSummary | null;
}

/**
 * Marks the phases `where` selects paid by the charge `chargeId`, once (a paid phase is never changed again), and
 * e-mails the one receipt for them when any changed: a household checkout's lists each athlete, a membership's the
 * amount. The update and the receipt's outbox row are one transaction (issue 33): a process that dies between them, or
 * a receipt that cannot be built, leaves the phases unpaid and leased, and the next run, asking the provider under the
 * same idempotency key, is answered the same charge and records it with its one receipt. `countAttempt`: the charge
 * was an attempt of the collector's, counted on each phase. Answers the phases this call changed (none: another call
 * recorded them, or the lease was lost).
 */
export async function recordPhasesPaid(
  deps: AppDeps,
  where: SQL | undefined,
  chargeId: string,
  receipt: PhasesReceipt,
  options: { countAttempt: boolean },
): Promise<MembershipPhaseRow[]> {
  return deps.db.transaction(async (tx) => {
    const paid = await tx
      .update(membershipPhases)
      .set({
        status: 'paid',
        ...(options.countAttempt ? { attempts: sql`${membershipPhases.attempts} + 1` } : {}),
        paidAt: deps.now(),
        providerChargeId: chargeId,
        nextAttemptOn: null,
        failureCode: null,
        failureMessage: null,
        leaseId: null,
        leaseUntil: null,
        // The charge's outcome is recorded: no pending charge key any more (server/billing/pending-charge.ts).
        chargeKey: null,
        chargeRequest: null,
      })
      .where(and(where, ne(membershipPhases.status, 'paid')))
      .returning();
    if (paid.length === 0) return paid;
    if (receipt.checkoutId !== null) {
      await sendHouseholdReceipt(deps, receipt.checkoutId, paid, receipt.card, tx);
    } else {
      const amountCents = paid.reduce((sum, phase) => sum + phase.amountCents, 0);
      await sendReceipt(deps, receipt.membershipId, { amountCents, card: receipt.card }, { tx });
    }
    return paid;
  });
}
