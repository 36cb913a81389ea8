import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { chargePhaseNow, todayOf } from '../billing/collector.ts';
import { payerContact, sendReceipt } from '../billing/phases.ts';
import type { Tx } from '../db/client.ts';
import {
  type MembershipRefundRow,
  type MembershipRow,
  membershipOfflinePayments,
  membershipPhases,
  membershipRefunds,
  memberships,
  organizations,
  teams,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError, conflict, fieldError, notFound } from '../http/errors.ts';
import { siteLink } from '../http/origin.ts';
import { english } from '../i18n/index.ts';
import { refundMail } from '../mail/refund-mail.ts';
import { writeAudit } from './admin-audit.ts';
import { membershipPageJson, scopedMembership } from './admin-roster.ts';
import { membershipFiguresOf } from './membership-ledger.ts';
import type { StaffJson } from './staff/index.ts';
import { releaseClaim } from './waitlist-seats.ts';

/**
 * Money back and money owed (issue 22 point 4): a registrar's (or owner's) refund, retry, offline payment and
 * cancellation of a membership's schedule. Each is idempotent and writes its audit row (services/admin-audit.ts) in
 * the transaction of the change.
 *
 * A refund runs in three steps so the provider is never called inside a transaction: (1) with the membership's row
 * locked, the refund is recorded `pending` (which reserves its amount: a concurrent refund of the same charge sees
 * it and cannot exceed what is left; the same idempotency key finds the row already there); (2) the provider refunds
 * with the refund row's own idempotency key; (3) the row is marked `succeeded` with the audit row, the family's
 * e-mail is sent, and a membership refunded in whole and cancelled gives its seat back (waitlist-seats.ts).
 */

export const MONEY_TEXTS = {
  tooMuch: english('admin.refundTooMuch'),
  noPayment: english('admin.noCardPayment'),
  phaseNotFound: english('admin.paymentNotFound'),
  notRetryable: english('admin.notRetryable'),
  notOpen: english('admin.notOpen'),
  busy: english('admin.paymentBusy'),
  keyReused: english('admin.keyReused'),
  providerDown: english('admin.providerDown'),
} as const;

export interface RefundInput {
  amount_cents: number;
  reason: string;
  payment_id?: string | null | undefined;
}

function refundJson(row: MembershipRefundRow) {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    reason: row.reason,
    payment_id: row.paymentIntentId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/** Whether a refund sent again with its idempotency key asks for what the key's refund recorded. */
function sameRefund(earlier: MembershipRefundRow, input: RefundInput): boolean {
  return (
    earlier.amountCents === input.amount_cents &&
    earlier.reason === input.reason &&
    (input.payment_id == null || input.payment_id === earlier.paymentIntentId)
  );
}

/** Money refunded, reserved (pending) or not, on one phase. */
/** What is left to refund on a charge: its amount less its refunds that did not fail. */
async function leftOnPhase(tx: Tx, phaseId: number): Promise<number> {
  const [phase] = await tx
    .select({ amountCents: membershipPhases.amountCents })
    .from(membershipPhases)
    .where(eq(membershipPhases.id, phaseId));
  return (phase?.amountCents ?? 0) - (await refundedOnPhase(tx, phaseId));
}

async function refundedOnPhase(tx: Tx, phaseId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${membershipRefunds.amountCents}), 0)::int` })
    .from(membershipRefunds)
    .where(and(eq(membershipRefunds.phaseId, phaseId), ne(membershipRefunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

/** POST /api/admin/memberships/{id}/refunds */
export async function refundMembership(
  deps: AppDeps,
  staff: StaffJson,
  membershipId: number,
  input: RefundInput,
  idempotencyKey: string | undefined,
) {
  const { membership, team } = await scopedMembership(deps.db, staff, membershipId, 'refund');
  const key = `membership-${membership.id}-${idempotencyKey ?? randomUUID()}`;
  const reserved = await deps.db.transaction(async (tx) => {
    await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, membership.id)).for('update');
    const [earlier] = await tx.select().from(membershipRefunds).where(eq(membershipRefunds.idempotencyKey, key));
    if (earlier) {
      // The key names one refund: sent again with another amount, reason or charge it is refused, not answered with
      // the first refund as if the new one had been made (Stripe answers such a reuse with an idempotency error).
      if (!sameRefund(earlier, input)) {
        throw new ApiError(422, MONEY_TEXTS.keyReused, { 'idempotency-key': [MONEY_TEXTS.keyReused] });
      }
      if (earlier.status !== 'failed') return earlier;
      // The same refund again after it failed (the processor unreachable, or refusing the amount): tried once more,
      // if what is left still allows it; the processor's own idempotency key (refund-{id}) keeps it to one refund.
      const left = await leftOnPhase(tx, earlier.phaseId);
      if (earlier.amountCents > left) throw fieldError('amount_cents', MONEY_TEXTS.tooMuch);
      const [reopened] = await tx
        .update(membershipRefunds)
        .set({ status: 'pending', completedAt: null })
        .where(eq(membershipRefunds.id, earlier.id))
        .returning();
      return reopened ?? earlier;
    }
    const offline = tx.select({ id: membershipOfflinePayments.phaseId }).from(membershipOfflinePayments);
    const charges = await tx
      .select()
      .from(membershipPhases)
      .where(
        and(
          eq(membershipPhases.membershipId, membership.id),
          eq(membershipPhases.status, 'paid'),
          isNotNull(membershipPhases.providerChargeId),
          sql`${membershipPhases.id} not in ${offline}`,
        ),
      )
      .orderBy(desc(membershipPhases.paidAt), desc(membershipPhases.seq));
    const phase = input.payment_id ? charges.find((p) => p.providerChargeId === input.payment_id) : charges[0];
    if (!phase?.providerChargeId)
      throw fieldError(input.payment_id ? 'payment_id' : 'amount_cents', MONEY_TEXTS.noPayment);
    if (input.amount_cents > (await leftOnPhase(tx, phase.id))) throw fieldError('amount_cents', MONEY_TEXTS.tooMuch);
    const [row] = await tx
      .insert(membershipRefunds)
      .values({
        membershipId: membership.id,
        phaseId: phase.id,
        paymentIntentId: phase.providerChargeId,
        amountCents: input.amount_cents,
        reason: input.reason,
        idempotencyKey: key,
        staffAccountId: staff.id,
      })
      .returning();
    if (!row) throw new Error('refund not recorded');
    return row;
  });
  if (reserved.status === 'failed') throw fieldError('amount_cents', MONEY_TEXTS.tooMuch);
  if (reserved.status === 'pending') await completeRefund(deps, reserved, membership, team.organizationId, staff);
  const [refund] = await deps.db.select().from(membershipRefunds).where(eq(membershipRefunds.id, reserved.id));
  if (!refund) throw notFound(MONEY_TEXTS.phaseNotFound);
  return { refund: refundJson(refund), membership: await membershipPageJson(deps.db, membership) };
}

async function completeRefund(
  deps: AppDeps,
  pending: MembershipRefundRow,
  membership: MembershipRow,
  organizationId: number,
  staff: StaffJson,
): Promise<void> {
  let outcome: Awaited<ReturnType<AppDeps['providers']['payments']['refundAmount']>>;
  try {
    outcome = await deps.providers.payments.refundAmount({
      intentId: pending.paymentIntentId,
      amountCents: pending.amountCents,
      idempotencyKey: `refund-${pending.id}`,
    });
  } catch (error) {
    await deps.db
      .update(membershipRefunds)
      .set({ status: 'failed', completedAt: deps.now() })
      .where(and(eq(membershipRefunds.id, pending.id), eq(membershipRefunds.status, 'pending')));
    // The processor did not answer (or failed): nothing was refunded; the same request may be sent again.
    deps.log.error({ err: error, refundId: pending.id }, 'refund: the payment provider failed');
    throw new ApiError(502, MONEY_TEXTS.providerDown);
  }
  if (outcome.status === 'exceeds') {
    await deps.db
      .update(membershipRefunds)
      .set({ status: 'failed', completedAt: deps.now() })
      .where(and(eq(membershipRefunds.id, pending.id), eq(membershipRefunds.status, 'pending')));
    throw fieldError('amount_cents', MONEY_TEXTS.tooMuch);
  }
  const before = await membershipFiguresOf(deps.db, membership.id);
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(membershipRefunds)
      .set({ status: 'succeeded', providerRefundId: outcome.refundId, completedAt: deps.now() })
      .where(and(eq(membershipRefunds.id, pending.id), eq(membershipRefunds.status, 'pending')))
      .returning();
    if (!row) return null;
    await writeAudit(tx, {
      organizationId,
      staffId: staff.id,
      membershipId: membership.id,
      action: 'refund',
      before: { refunded_cents: before.refundedCents },
      after: {
        refunded_cents: before.refundedCents + row.amountCents,
        payment_id: row.paymentIntentId,
        amount_cents: row.amountCents,
      },
      reason: row.reason,
    });
    return row;
  });
  if (!done) return;
  await sendRefundMail(deps, membership, done);
  await releaseSeatIfDone(deps, membership.id);
}

/** A membership refunded in whole and cancelled gives its licence seat back (offered to the waitlist). */
async function releaseSeatIfDone(deps: AppDeps, membershipId: number): Promise<void> {
  const [membership] = await deps.db.select().from(memberships).where(eq(memberships.id, membershipId));
  if (membership?.status !== 'canceled' || membership.licenceId === null) return;
  // Refunded in whole: nothing is left paid, net of refunds (src/domain/membership-figures.ts).
  if ((await membershipFiguresOf(deps.db, membershipId)).paidCents > 0) return;
  await releaseClaim(deps, membership.licenceId, membership.userId);
}

async function sendRefundMail(deps: AppDeps, membership: MembershipRow, refund: MembershipRefundRow): Promise<void> {
  try {
    const [place] = await deps.db
      .select({ team: teams.name, organization: organizations.name, athlete: users.name })
      .from(teams)
      .innerJoin(organizations, eq(organizations.id, teams.organizationId))
      .innerJoin(users, eq(users.id, membership.userId))
      .where(eq(teams.id, membership.teamId));
    const contact = await payerContact(deps.db, membership.payerId ?? membership.userId);
    if (!place || !contact.email) return;
    await deps.mailer.send({
      ...refundMail({
        to: contact.email,
        name: contact.name,
        organization: place.organization,
        team: place.team,
        athlete: place.athlete,
        amountCents: refund.amountCents,
        reason: refund.reason,
        paymentsLink: siteLink(deps.env, '/payments'),
        locale: contact.locale,
      }),
      membershipIds: [membership.id],
    });
  } catch (error) {
    deps.log.error({ err: error, refundId: refund.id }, 'refund: mail not sent');
  }
}

async function ownPhase(deps: AppDeps, membershipId: number, phaseId: number) {
  const [phase] = await deps.db
    .select()
    .from(membershipPhases)
    .where(and(eq(membershipPhases.id, phaseId), eq(membershipPhases.membershipId, membershipId)));
  if (!phase) throw notFound(MONEY_TEXTS.phaseNotFound);
  return phase;
}

/** POST /api/admin/memberships/{id}/phases/{phase_id}/retry: charges a failed or overdue instalment now, once. */
export async function retryPhase(deps: AppDeps, staff: StaffJson, membershipId: number, phaseId: number) {
  const { membership, team } = await scopedMembership(deps.db, staff, membershipId, 'retry');
  const phase = await ownPhase(deps, membership.id, phaseId);
  // Already paid (a retry sent twice, or the collector was quicker): nothing to charge, the answer is the page.
  if (phase.status === 'paid') return { membership: await membershipPageJson(deps.db, membership) };
  if (phase.status !== 'failed' && phase.status !== 'overdue') throw conflict(MONEY_TEXTS.notRetryable);
  if (membership.status === 'canceled') throw conflict(MONEY_TEXTS.notRetryable);
  const outcome = await chargePhaseNow(deps, phase.id, todayOf(deps));
  if (outcome === 'busy') throw conflict(MONEY_TEXTS.busy);
  const after = await ownPhase(deps, membership.id, phase.id);
  await deps.db.transaction(async (tx) => {
    // A staff retry of an overdue phase that fails again leaves it overdue (the collector's retries are used up).
    if (phase.status === 'overdue' && after.status === 'failed') {
      await tx
        .update(membershipPhases)
        .set({ status: 'overdue', nextAttemptOn: null })
        .where(eq(membershipPhases.id, phase.id));
    }
    await writeAudit(tx, {
      organizationId: team.organizationId,
      staffId: staff.id,
      membershipId: membership.id,
      action: 'retry',
      before: { phase_id: phase.id, status: phase.status },
      after: {
        phase_id: phase.id,
        status: phase.status === 'overdue' && after.status === 'failed' ? 'overdue' : after.status,
        failure: after.status === 'paid' ? null : after.failureMessage,
      },
      reason: null,
    });
  });
  return { membership: await membershipPageJson(deps.db, membership) };
}

export interface OfflineInput {
  method: 'cash' | 'cheque';
  note: string;
}

/** POST /api/admin/memberships/{id}/phases/{phase_id}/offline: a phase still owed, paid in cash or by cheque. */
export async function markPaidOffline(
  deps: AppDeps,
  staff: StaffJson,
  membershipId: number,
  phaseId: number,
  input: OfflineInput,
) {
  const { membership, team } = await scopedMembership(deps.db, staff, membershipId, 'mark_offline');
  await ownPhase(deps, membership.id, phaseId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Issue 34 point 4: a membership paid by check or cash is locked first (the held-seat job releases an unpaid one
    // under the same lock), so a payment marked received and a hold running out never both happen.
    if (membership.paysByCheckOrCash) {
      await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, membership.id)).for('update');
    }
    const [phase] = await tx.select().from(membershipPhases).where(eq(membershipPhases.id, phaseId)).for('update');
    if (!phase) throw notFound(MONEY_TEXTS.phaseNotFound);
    const [marked] = await tx
      .select()
      .from(membershipOfflinePayments)
      .where(eq(membershipOfflinePayments.phaseId, phaseId));
    // Sent twice: the first one marked it; nothing changes.
    if (marked) return;
    if (!['scheduled', 'failed', 'overdue'].includes(phase.status)) throw conflict(MONEY_TEXTS.notOpen);
    if (phase.leaseUntil && phase.leaseUntil > now) throw conflict(MONEY_TEXTS.busy);
    // A card charge was asked and its outcome is not recorded yet (server/billing/pending-charge.ts): it may have
    // been taken, so the phase is not marked paid another way until the next run has resolved it.
    if (phase.chargeKey !== null) throw conflict(MONEY_TEXTS.busy);
    await tx
      .update(membershipPhases)
      .set({ status: 'paid', paidAt: now, nextAttemptOn: null, leaseId: null, leaseUntil: null })
      .where(eq(membershipPhases.id, phaseId));
    await tx.insert(membershipOfflinePayments).values({
      phaseId,
      membershipId: membership.id,
      method: input.method,
      note: input.note,
      staffAccountId: staff.id,
    });
    await writeAudit(tx, {
      organizationId: team.organizationId,
      staffId: staff.id,
      membershipId: membership.id,
      action: 'mark_paid_offline',
      before: { phase_id: phaseId, status: phase.status },
      after: { phase_id: phaseId, status: 'paid', method: input.method, amount_cents: phase.amountCents },
      reason: input.note,
    });
    if (!membership.paysByCheckOrCash) return;
    // Issue 34 point 4: the first payment received ends 'Awaiting payment': the seat is the family's for good.
    await tx.update(memberships).set({ awaitingPaymentUntil: null }).where(eq(memberships.id, membership.id));
    // Issue 34 point 4: a check or cash received sends the family its receipt ('Financial assistance' where awarded),
    // written with the mark (issue 33: both are recorded, or neither).
    await sendReceipt(
      deps,
      membership.id,
      {
        amountCents: phase.amountCents,
        card: null,
        siblingDiscountCents: membership.siblingDiscountCents,
        financialAssistanceCents: membership.financialAssistanceCents,
      },
      { tx },
    );
  });
  return { membership: await membershipPageJson(deps.db, membership) };
}

/** POST /api/admin/memberships/{id}/cancel: the remaining schedule is cancelled; the collector charges no more. */
export async function cancelSchedule(deps: AppDeps, staff: StaffJson, membershipId: number, input: { reason: string }) {
  const { membership, team } = await scopedMembership(deps.db, staff, membershipId, 'cancel');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(memberships).where(eq(memberships.id, membership.id)).for('update');
    // Sent twice: already cancelled, nothing changes.
    if (!locked || locked.status === 'canceled') return;
    const open = await tx
      .select()
      .from(membershipPhases)
      .where(
        and(
          eq(membershipPhases.membershipId, membership.id),
          inArray(membershipPhases.status, ['scheduled', 'failed', 'overdue']),
        ),
      )
      .orderBy(asc(membershipPhases.seq))
      .for('update');
    const leased = open.find((phase) => phase.leaseUntil !== null && phase.leaseUntil > now);
    if (leased) throw conflict(MONEY_TEXTS.busy);
    if (open.length > 0) {
      await tx
        .update(membershipPhases)
        .set({ status: 'cancelled', nextAttemptOn: null })
        .where(
          inArray(
            membershipPhases.id,
            open.map((phase) => phase.id),
          ),
        );
    }
    await tx.update(memberships).set({ status: 'canceled' }).where(eq(memberships.id, membership.id));
    await writeAudit(tx, {
      organizationId: team.organizationId,
      staffId: staff.id,
      membershipId: membership.id,
      action: 'cancel_schedule',
      before: { status: 'active', open_phase_ids: open.map((phase) => phase.id) },
      after: { status: 'canceled', cancelled_cents: open.reduce((sum, phase) => sum + phase.amountCents, 0) },
      reason: input.reason,
    });
  });
  await releaseSeatIfDone(deps, membership.id);
  const [fresh] = await deps.db.select().from(memberships).where(eq(memberships.id, membership.id));
  return { membership: await membershipPageJson(deps.db, fresh ?? membership) };
}
