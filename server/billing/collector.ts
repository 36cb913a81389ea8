import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import { addDays, startOfDate, toIsoDate } from '../../src/domain/dates.ts';
import { type MembershipPhaseRow, membershipPhases, memberships } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { failureMail, reminderMail } from '../mail/billing-mails.ts';
import type { CardSummary, SavedCardCharge } from '../providers/types.ts';
import { leasePhases, unleased } from './lease.ts';
import { cardOf, membershipContext, sendReceipt, updateCardLink } from './phases.ts';

/**
 * The collector (docs/architecture.md §7 "Billing"): charges every phase due on or before `asOf` off-session with the
 * membership's saved card, at most once per phase, in every process at once:
 *
 * 1. A short transaction claims a batch of due phases with `SELECT … FOR UPDATE SKIP LOCKED` and marks them leased
 *    (`lease_id`, `lease_until`); a concurrent collector skips the locked rows and, once committed, the leased ones.
 * 2. The provider is called outside any transaction, with the idempotency key `phase-{id}-attempt-{n}`: a collector
 *    that dies after the charge leaves the lease to expire, and the next one asks again with the same key and gets
 *    the same charge, never a second one.
 * 3. The result is written only while the lease is still this run's.
 *
 * A failure is retried 1, 3 and 7 days after the first failure; when the last retry fails the phase is `overdue`
 * (only a card update charges it then). Each failure e-mails the family the update-card link. Scheduled instalments
 * due within 3 days get one reminder.
 */

export interface CollectorResult {
  charged: number;
  failed: number;
  reminded: number;
}

/** Days after the first failure on which the collector tries again. */
export const RETRY_DAYS = [1, 3, 7] as const;
/** Days before an instalment its reminder is sent. */
export const REMINDER_DAYS = 3;
const BATCH = 25;

export const NO_CARD = { code: 'no_card', message: 'No card is saved for this payment.' };

function isoPlusDays(isoDate: string, days: number): string {
  return toIsoDate(addDays(startOfDate(isoDate), days));
}

/** Claims due phases for this run: locked rows are someone else's, leased ones are being charged. */
async function claimDue(deps: AppDeps, asOf: string, leaseId: string): Promise<MembershipPhaseRow[]> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: membershipPhases.id })
      .from(membershipPhases)
      .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
      .where(
        and(
          inArray(membershipPhases.status, ['scheduled', 'failed']),
          lte(membershipPhases.nextAttemptOn, asOf),
          unleased(now),
          eq(memberships.status, 'active'),
        ),
      )
      .orderBy(asc(membershipPhases.nextAttemptOn), asc(membershipPhases.id))
      .limit(BATCH)
      .for('update', { of: membershipPhases, skipLocked: true });
    return leasePhases(
      tx,
      due.map((row) => row.id),
      leaseId,
      now,
    );
  });
}

/** Runs the collector as of a date (today, or a staff `as_of` outside production). */
export async function runCollector(deps: AppDeps, asOf: string): Promise<CollectorResult> {
  const result: CollectorResult = { charged: 0, failed: 0, reminded: 0 };
  const leaseId = randomUUID();
  for (;;) {
    const claimed = await claimDue(deps, asOf, leaseId);
    if (claimed.length === 0) break;
    for (const phase of claimed) {
      try {
        const outcome = await chargePhase(deps, phase, asOf, leaseId);
        if (outcome === 'charged') result.charged += 1;
        if (outcome === 'failed') result.failed += 1;
      } catch (error) {
        // The lease stays until it expires, so this run does not claim the phase again; a later run retries it
        // with the same idempotency key.
        deps.log.error({ err: error, phaseId: phase.id }, 'billing: charging a phase failed');
      }
    }
  }
  result.reminded = await sendReminders(deps, asOf);
  return result;
}

async function chargePhase(
  deps: AppDeps,
  phase: MembershipPhaseRow,
  asOf: string,
  leaseId: string,
): Promise<'charged' | 'failed' | 'retry' | 'lost'> {
  const card = await cardOf(deps.db, phase.membershipId);
  const attempt = phase.attempts + 1;
  const [membership] = await deps.db.select().from(memberships).where(eq(memberships.id, phase.membershipId));
  let charge: SavedCardCharge;
  if (!card || !membership) {
    charge = { status: 'failed', intent: null, ...NO_CARD };
  } else {
    charge = await deps.providers.payments.chargeSavedCard({
      customerId: card.providerCustomerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: phase.amountCents,
      currency: 'usd',
      metadata: {
        kind: 'instalment',
        membership_id: String(phase.membershipId),
        phase_id: String(phase.id),
        user_id: String(membership.userId),
      },
      idempotencyKey: `phase-${phase.id}-attempt-${attempt}`,
      offSession: true,
    });
  }
  const mine = and(eq(membershipPhases.id, phase.id), eq(membershipPhases.leaseId, leaseId));
  const summary: CardSummary | null = card ? { brand: card.brand, last4: card.last4 } : null;

  if (charge.status === 'succeeded') {
    const [paid] = await deps.db
      .update(membershipPhases)
      .set({
        status: 'paid',
        attempts: attempt,
        paidAt: deps.now(),
        providerChargeId: charge.intent.id,
        nextAttemptOn: null,
        failureCode: null,
        failureMessage: null,
        leaseId: null,
        leaseUntil: null,
      })
      .where(mine)
      .returning();
    if (!paid) return 'lost';
    await sendReceipt(deps, phase.membershipId, { amountCents: phase.amountCents, card: summary });
    return 'charged';
  }

  // The family saved another card while this one was being charged (their card update found the phase leased to
  // this run and left it): the failure is the old card's, so it counts for nothing. The lease is released with the
  // attempt counted (the next try needs its own idempotency key) and this run's next claim charges the new card.
  const current = await cardOf(deps.db, phase.membershipId);
  if (current && current.paymentMethodId !== card?.paymentMethodId) {
    const [released] = await deps.db
      .update(membershipPhases)
      .set({ attempts: attempt, leaseId: null, leaseUntil: null })
      .where(mine)
      .returning();
    return released ? 'retry' : 'lost';
  }

  // Off-session a 3-D Secure card cannot be authenticated: Stripe fails it (authentication_required); should a
  // provider answer requires_action instead, the family still has to come and authenticate.
  const failure =
    charge.status === 'failed'
      ? { code: charge.code, message: charge.message }
      : {
          code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        };
  const firstFailedOn = phase.firstFailedOn ?? asOf;
  const failures = phase.status === 'failed' ? countRetriesDone(phase, firstFailedOn) + 1 : 0;
  const retryDays = RETRY_DAYS[failures];
  const nextAttemptOn = retryDays === undefined ? null : isoPlusDays(firstFailedOn, retryDays);
  const [failed] = await deps.db
    .update(membershipPhases)
    .set({
      status: nextAttemptOn ? 'failed' : 'overdue',
      attempts: attempt,
      firstFailedOn,
      nextAttemptOn,
      providerChargeId: charge.intent?.id ?? phase.providerChargeId,
      failureCode: failure.code,
      failureMessage: failure.message,
      leaseId: null,
      leaseUntil: null,
    })
    .where(mine)
    .returning();
  if (!failed) return 'lost';
  const context = await membershipContext(deps, phase.membershipId);
  if (context?.mail) {
    await deps.mailer.send(
      failureMail(context.mail, {
        amountCents: phase.amountCents,
        dueOn: phase.dueOn,
        card: summary,
        reason: failure.message,
        nextAttemptOn,
        updateCardLink: updateCardLink(deps, phase.membershipId),
      }),
    );
  }
  return 'failed';
}

/**
 * How many of the retries (1, 3, 7 days after the first failure) a failed phase has had: the one planned next tells.
 * Counted from the plan rather than from `attempts`, so an on-session try after a card update does not use one up.
 */
function countRetriesDone(phase: MembershipPhaseRow, firstFailedOn: string): number {
  const planned = RETRY_DAYS.findIndex((days) => isoPlusDays(firstFailedOn, days) === phase.nextAttemptOn);
  return planned === -1 ? RETRY_DAYS.length : planned;
}

/** One reminder per instalment, from 3 days before its date; the update that marks it is the claim. */
async function sendReminders(deps: AppDeps, asOf: string): Promise<number> {
  const due = await deps.db
    .update(membershipPhases)
    .set({ reminderSentOn: asOf })
    .where(
      and(
        eq(membershipPhases.status, 'scheduled'),
        gt(membershipPhases.seq, 0),
        isNull(membershipPhases.reminderSentOn),
        gt(membershipPhases.dueOn, asOf),
        lte(membershipPhases.dueOn, isoPlusDays(asOf, REMINDER_DAYS)),
        inArray(
          membershipPhases.membershipId,
          deps.db.select({ id: memberships.id }).from(memberships).where(ne(memberships.status, 'canceled')),
        ),
      ),
    )
    .returning();
  let sent = 0;
  for (const phase of due) {
    const context = await membershipContext(deps, phase.membershipId);
    if (!context?.mail) continue;
    const card = await cardOf(deps.db, phase.membershipId);
    await deps.mailer.send(
      reminderMail(context.mail, {
        amountCents: phase.amountCents,
        dueOn: phase.dueOn,
        card: card ? { brand: card.brand, last4: card.last4 } : null,
        updateCardLink: updateCardLink(deps, phase.membershipId),
      }),
    );
    sent += 1;
  }
  return sent;
}

/** Today's calendar date for the scheduled runs: the clock, never a request. */
export function todayOf(deps: Pick<AppDeps, 'now'>): string {
  return toIsoDate(deps.now());
}
