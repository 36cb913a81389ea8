import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { addDays, startOfDate, toIsoDate } from '../../src/domain/dates.ts';
import {
  householdCheckouts,
  type MembershipPhaseRow,
  type MembershipRow,
  membershipCards,
  membershipPhases,
  memberships,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { failureMail, reminderMail } from '../mail/billing-mails.ts';
import { householdFailureMail, householdReminderMail } from '../mail/household-billing-mails.ts';
import type { CardSummary, SavedCardCharge } from '../providers/types.ts';
import { announceBillingChange } from '../services/billing-day.ts';
import { recordPhasesPaid } from '../services/checkout/index.ts';
import { settleEarlierIntents } from './earlier-intent.ts';
import { guardianContacts, householdMailContext, householdMailLines, phaseIdsKey } from './household.ts';
import { leasePhases, unleased } from './lease.ts';
import {
  chargeRequest,
  chargeStamped,
  NO_PENDING_CHARGE,
  resolvePendingCharges,
  stampCharge,
} from './pending-charge.ts';
import { cardOf, membershipContext, updateCardLink } from './phases.ts';

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
 * Before the call the key and the request are written on the phases (server/billing/pending-charge.ts): a phase that
 * still carries them once its lease has run out (charged by this collector or by a family's catch-up charge, outcome
 * never recorded) is never claimed as due; each run first asks that very charge again under its key and records it.
 *
 * A failure is retried 1, 3 and 7 days after the first failure; when the last retry fails the phase is `overdue`
 * (only a card update charges it then). Each failure e-mails the family the update-card link. Scheduled instalments
 * due within 3 days get one reminder.
 *
 * A family checkout (issue 20) recorded one membership per athlete with one card: the due phases of one household
 * checkout with the same next attempt date and card are one charge of their sum (the key
 * `household-{checkout}-phases-{ids}-attempt-{n}`), claimed whole or not at all, paid or failed together, with one
 * receipt to the guardian who paid and one failure notice or reminder to every guardian of the household. Failure
 * notices and reminders of a one-athlete membership go to every guardian of the athlete's household too; a receipt
 * only to whoever paid.
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

/** One charge: a phase of its own, or the due phases of one household checkout with one date and one card. */
interface ChargeGroup {
  checkoutId: number | null;
  phases: MembershipPhaseRow[];
}

/**
 * Phases the collector may charge as of `asOf`: due (scheduled or to retry), no run holds them, no charge of them is
 * waiting for its outcome to be recorded, membership active.
 */
function dueNow(asOf: string, now: Date) {
  return and(
    inArray(membershipPhases.status, ['scheduled', 'failed']),
    lte(membershipPhases.nextAttemptOn, asOf),
    unleased(now),
    isNull(membershipPhases.chargeKey),
    eq(memberships.status, 'active'),
  );
}

/**
 * Claims due phases for this run: locked rows are someone else's, leased ones are being charged. A phase of a
 * household checkout is claimed with all the checkout's due phases (whole groups, never part of one), each checkout in
 * a transaction of its own once the batch's is committed: the checkout's row is locked first (SKIP LOCKED: another run
 * is claiming its phases right now and leases them all), then every due phase of it, waiting for rows another run's
 * batch holds for a moment. No transaction that holds phase rows ever waits for a checkout's row (batches skip locked
 * rows, a card update takes the checkout's row before its phases), so the runs cannot deadlock.
 */
async function claimDue(deps: AppDeps, asOf: string, leaseId: string): Promise<ChargeGroup[]> {
  const now = deps.now();
  const batch = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: membershipPhases.id, checkoutId: memberships.householdCheckoutId })
      .from(membershipPhases)
      .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
      .where(dueNow(asOf, now))
      .orderBy(asc(membershipPhases.nextAttemptOn), asc(membershipPhases.id))
      .limit(BATCH)
      .for('update', { of: membershipPhases, skipLocked: true });
    const own = await leasePhases(
      tx,
      due.filter((row) => row.checkoutId === null).map((row) => row.id),
      leaseId,
      now,
    );
    return { own, checkoutIds: new Set(due.flatMap((row) => (row.checkoutId === null ? [] : [row.checkoutId]))) };
  });
  const groups: ChargeGroup[] = batch.own.map((phase) => ({ checkoutId: null, phases: [phase] }));
  for (const checkoutId of batch.checkoutIds) {
    groups.push(...(await claimCheckout(deps, checkoutId, asOf, leaseId, now)));
  }
  return groups;
}

/** All due phases of one household checkout, leased and grouped by next attempt date and saved card. */
async function claimCheckout(
  deps: AppDeps,
  checkoutId: number,
  asOf: string,
  leaseId: string,
  now: Date,
): Promise<ChargeGroup[]> {
  return deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: householdCheckouts.id })
      .from(householdCheckouts)
      .where(eq(householdCheckouts.id, checkoutId))
      .for('update', { skipLocked: true });
    if (!held) return [];
    const rows = await tx
      .select({ id: membershipPhases.id, paymentMethodId: membershipCards.paymentMethodId })
      .from(membershipPhases)
      .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
      .leftJoin(membershipCards, eq(membershipCards.membershipId, memberships.id))
      .where(and(dueNow(asOf, now), eq(memberships.householdCheckoutId, checkoutId)))
      .orderBy(asc(membershipPhases.id))
      .for('update', { of: membershipPhases });
    const leased = await leasePhases(
      tx,
      rows.map((row) => row.id),
      leaseId,
      now,
    );
    const groups = new Map<string, MembershipPhaseRow[]>();
    for (const phase of [...leased].sort((a, b) => a.id - b.id)) {
      const card = rows.find((row) => row.id === phase.id)?.paymentMethodId ?? '';
      const key = `${phase.nextAttemptOn}|${card}`;
      groups.set(key, [...(groups.get(key) ?? []), phase]);
    }
    return [...groups.values()].map((phases) => ({ checkoutId, phases }));
  });
}

/** Runs the collector as of a date (today, or a staff `as_of` outside production): its charges, then its reminders. */
export async function runCollector(deps: AppDeps, asOf: string): Promise<CollectorResult> {
  const { charged, failed } = await chargeDue(deps, asOf);
  return { charged, failed, reminded: await sendReminders(deps, asOf) };
}

/**
 * The collector's charges as of a date: every phase due, scheduled instalments and payment retries alike (a failed
 * phase is due again on its retry date), in batches until none is left.
 */
export async function chargeDue(deps: AppDeps, asOf: string): Promise<Pick<CollectorResult, 'charged' | 'failed'>> {
  const { charged, failed } = await chargeSome(deps, asOf, Number.POSITIVE_INFINITY);
  return { charged, failed };
}

/** What one bounded share of a billing day did (`chargeSome`). */
export interface ChargeShare {
  charged: number;
  failed: number;
  /** Charges (groups) this share claimed: as many as its bound or more means there may be more to claim. */
  claimed: number;
  /** Phases due but leased to another run when this share found nothing more to claim: when the last lease ends. */
  leasedUntil: Date | null;
}

/**
 * One share of the collector's charges as of a date (server/billing/jobs.ts fans a billing day out into such shares,
 * worked by every process): batches are claimed and charged until `limit` charges were claimed (a batch is never cut
 * short, so a share may claim a few more) or none is left. When none is left while due phases are leased to another
 * run (a run still charging them, or one whose process died), answers when the last of those leases ends.
 */
export async function chargeSome(deps: AppDeps, asOf: string, limit: number): Promise<ChargeShare> {
  const result: ChargeShare = { charged: 0, failed: 0, claimed: 0, leasedUntil: null };
  // Charges asked and never recorded first (any active membership's, due today or not): the same request under the
  // same key, so what was taken is recorded and nothing is taken twice. A decline is left to the charge that follows.
  try {
    result.charged += (await resolvePendingCharges(deps, activeMemberships(deps))).charged;
  } catch (error) {
    deps.log.error({ err: error }, 'billing: asking a charge nobody recorded again failed');
  }
  const leaseId = randomUUID();
  while (result.claimed < limit) {
    const claimed = await claimDue(deps, asOf, leaseId);
    if (claimed.length === 0) {
      result.leasedUntil = await lastLeaseOfDue(deps, asOf);
      break;
    }
    result.claimed += claimed.length;
    for (const group of claimed) {
      try {
        const outcome = await chargeGroup(deps, group, asOf, leaseId);
        if (outcome === 'charged') result.charged += 1;
        if (outcome === 'failed') result.failed += 1;
      } catch (error) {
        // The lease stays until it expires, so this run does not claim the phases again; a later run retries them
        // with the same idempotency key.
        deps.log.error({ err: error, phaseIds: group.phases.map((p) => p.id) }, 'billing: charging a phase failed');
      }
    }
    // Issue 33 point 4: the console's 'Billing' pages of these organizations read the day again (live during a run).
    await announceBillingChange(
      deps,
      claimed.flatMap((group) => group.phases.map((phase) => phase.membershipId)),
    );
  }
  return result;
}

/** Phases of active memberships. */
function activeMemberships(deps: AppDeps) {
  return inArray(
    membershipPhases.membershipId,
    deps.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.status, 'active')),
  );
}

/** When the last lease of the phases due as of `asOf` that some run holds now ends; null: none is leased. */
async function lastLeaseOfDue(deps: AppDeps, asOf: string): Promise<Date | null> {
  const now = deps.now();
  const [row] = await deps.db
    .select({ until: sql<string | Date | null>`max(${membershipPhases.leaseUntil})` })
    .from(membershipPhases)
    .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
    .where(
      and(
        inArray(membershipPhases.status, ['scheduled', 'failed']),
        lte(membershipPhases.nextAttemptOn, asOf),
        gt(membershipPhases.leaseUntil, now),
        eq(memberships.status, 'active'),
      ),
    );
  return row?.until ? new Date(row.until) : null;
}

/**
 * Charges one failed or overdue phase now (issue 22 point 4: a registrar's retry), through the collector's own charge
 * path: the phase is leased first, so a retry sent twice (or racing the collector) charges it once; a paid or leased
 * phase answers 'busy' and nothing is charged. Answers what happened.
 */
export async function chargePhaseNow(
  deps: AppDeps,
  phaseId: number,
  asOf: string,
): Promise<'charged' | 'failed' | 'lost' | 'busy'> {
  // A charge of it asked and never recorded is resolved first: asked again under its key, never anew.
  const resolved = await resolvePendingCharges(deps, eq(membershipPhases.id, phaseId));
  if (resolved.charged > 0) return 'charged';
  const leaseId = randomUUID();
  const now = deps.now();
  const [phase] = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: membershipPhases.id })
      .from(membershipPhases)
      .where(
        and(
          eq(membershipPhases.id, phaseId),
          inArray(membershipPhases.status, ['failed', 'overdue']),
          unleased(now),
          isNull(membershipPhases.chargeKey),
        ),
      )
      .for('update', { skipLocked: true });
    return leasePhases(
      tx,
      due.map((row) => row.id),
      leaseId,
      now,
    );
  });
  if (!phase) return 'busy';
  return chargeGroup(deps, { checkoutId: null, phases: [phase] }, asOf, leaseId);
}

/** What the provider keeps with the charge: the phase (one athlete) or the household checkout's phases. */
function chargeMetadata(group: ChargeGroup, membership: MembershipRow): Record<string, string> {
  const phaseIds = group.phases.map((p) => p.id);
  if (group.checkoutId === null) {
    return {
      kind: 'instalment',
      membership_id: String(membership.id),
      phase_id: String(phaseIds[0]),
      user_id: String(membership.userId),
    };
  }
  return {
    kind: 'instalment',
    household_checkout_id: String(group.checkoutId),
    membership_ids: [...new Set(group.phases.map((p) => p.membershipId))].join(','),
    phase_ids: phaseIds.join(','),
    user_id: String(membership.payerId ?? membership.userId),
  };
}

/** The same phases and attempt: the same key, so a run that died after charging is answered the same charge. */
function chargeKey(group: ChargeGroup, attempt: number): string {
  const [only] = group.phases;
  if (group.checkoutId === null && only) return `phase-${only.id}-attempt-${attempt}`;
  return `household-${group.checkoutId}-phases-${phaseIdsKey(group.phases.map((p) => p.id))}-attempt-${attempt}`;
}

/**
 * Charges a claimed group once the earlier attempt's intent its phases carry is settled
 * (server/billing/earlier-intent.ts): a succeeded one is recorded and its phases are not charged; one still being paid
 * leaves the group leased and uncharged.
 */
async function chargeGroup(
  deps: AppDeps,
  group: ChargeGroup,
  asOf: string,
  leaseId: string,
): Promise<'charged' | 'failed' | 'lost'> {
  const earlier = await settleEarlierIntents(deps, group.phases);
  if (earlier.kind === 'moving') return 'lost';
  if (earlier.phases.length === 0) return earlier.paidCents > 0 ? 'charged' : 'lost';
  return chargeSettled(deps, { ...group, phases: earlier.phases }, asOf, leaseId);
}

async function chargeSettled(
  deps: AppDeps,
  group: ChargeGroup,
  asOf: string,
  leaseId: string,
): Promise<'charged' | 'failed' | 'lost'> {
  const { phases } = group;
  const [first] = phases;
  if (!first) return 'lost';
  const ids = phases.map((p) => p.id);
  const card = await cardOf(deps.db, first.membershipId);
  // Each phase counts its own attempts; the charge's key counts the group's (the most any of them had, plus one).
  const attempt = Math.max(...phases.map((p) => p.attempts)) + 1;
  const amountCents = phases.reduce((sum, p) => sum + p.amountCents, 0);
  const members = await deps.db
    .select()
    .from(memberships)
    .where(inArray(memberships.id, [...new Set(phases.map((p) => p.membershipId))]))
    .orderBy(asc(memberships.id));
  const membership = members.find((m) => m.id === first.membershipId);
  const mine = and(inArray(membershipPhases.id, ids), eq(membershipPhases.leaseId, leaseId));
  const summary: CardSummary | null = card ? { brand: card.brand, last4: card.last4 } : null;
  let charge: SavedCardCharge;
  if (!card || !membership) {
    charge = { status: 'failed', intent: null, ...NO_CARD };
  } else {
    const stamp = {
      key: chargeKey(group, attempt),
      request: chargeRequest(card, {
        amountCents,
        metadata: chargeMetadata(group, membership),
        offSession: true,
        receipt: { membershipId: first.membershipId, checkoutId: group.checkoutId, card: summary },
        countAttempt: true,
      }),
    };
    // Written before the provider is asked, while the lease is this run's: should the outcome never be recorded,
    // whoever comes next asks this very charge again (server/billing/pending-charge.ts).
    if (!(await stampCharge(deps.db, ids, leaseId, stamp))) return 'lost';
    charge = await chargeStamped(deps, stamp);
  }
  const counted = sql`${membershipPhases.attempts} + 1`;

  if (charge.status === 'succeeded') {
    const receipt = { membershipId: first.membershipId, checkoutId: group.checkoutId, card: summary };
    const paid = await recordPhasesPaid(deps, mine, charge.intent.id, receipt, { countAttempt: true });
    return paid.length === 0 ? 'lost' : 'charged';
  }

  // The family saved another card while this one was being charged (their card update found the phases leased to
  // this run and left them): the failure is the old card's, so it counts for nothing. This run keeps the lease and
  // charges the new card at once, under the next attempt's idempotency key. Releasing the lease for a later claim is
  // not enough: a claim skips a checkout whose row another run or card update holds at that moment, so the phases
  // could wait for their next retry date although a good card is saved (household-billing.test.ts forces that).
  const current = await cardOf(deps.db, first.membershipId);
  if (current && current.paymentMethodId !== card?.paymentMethodId) {
    const kept = await deps.db
      .update(membershipPhases)
      .set({ attempts: counted, ...NO_PENDING_CHARGE })
      .where(mine)
      .returning();
    if (kept.length === 0) return 'lost';
    return chargeSettled(deps, { ...group, phases: kept.sort((a, b) => a.id - b.id) }, asOf, leaseId);
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
  // Every phase of the group failed with the one charge; each keeps its own retry plan (phases that fell due
  // together fail and retry together, so they stay one group).
  const failed: MembershipPhaseRow[] = [];
  for (const phase of phases) {
    const firstFailedOn = phase.firstFailedOn ?? asOf;
    const failures = phase.status === 'failed' ? countRetriesDone(phase, firstFailedOn) + 1 : 0;
    const retryDays = RETRY_DAYS[failures];
    const nextAttemptOn = retryDays === undefined ? null : isoPlusDays(firstFailedOn, retryDays);
    const [row] = await deps.db
      .update(membershipPhases)
      .set({
        status: nextAttemptOn ? 'failed' : 'overdue',
        attempts: phase.attempts + 1,
        firstFailedOn,
        nextAttemptOn,
        providerChargeId: charge.intent?.id ?? phase.providerChargeId,
        failureCode: failure.code,
        failureMessage: failure.message,
        leaseId: null,
        leaseUntil: null,
        ...NO_PENDING_CHARGE,
      })
      .where(and(eq(membershipPhases.id, phase.id), eq(membershipPhases.leaseId, leaseId)))
      .returning();
    if (row) failed.push(row);
  }
  const [notified] = failed;
  if (!notified) return 'lost';
  const link = updateCardLink(deps, first.membershipId);
  const contacts = await guardianContacts(deps.db, members);
  if (group.checkoutId === null) {
    const context = await membershipContext(deps, first.membershipId);
    if (context?.mail) {
      for (const contact of contacts) {
        await deps.mailer.send({
          ...failureMail(
            { ...context.mail, to: contact.email, name: contact.name, locale: contact.locale },
            {
              amountCents: notified.amountCents,
              dueOn: notified.dueOn,
              card: summary,
              reason: failure.message,
              nextAttemptOn: notified.nextAttemptOn,
              updateCardLink: link,
            },
          ),
          membershipIds: membershipIdsOf(failed),
        });
      }
    }
    return 'failed';
  }
  const lines = await householdMailLines(deps.db, failed);
  const dueOn = failed.map((p) => p.dueOn).sort()[0] ?? notified.dueOn;
  // Phases that fell due together retry together; should their plans differ, the notice names the earliest retry.
  const nextAttemptOn = failed.flatMap((p) => (p.nextAttemptOn ? [p.nextAttemptOn] : [])).sort()[0] ?? null;
  for (const contact of contacts) {
    await deps.mailer.send({
      ...householdFailureMail(householdMailContext(deps, contact, lines), {
        dueOn,
        card: summary,
        reason: failure.message,
        nextAttemptOn,
        updateCardLink: link,
      }),
      membershipIds: membershipIdsOf(failed),
    });
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

/**
 * One reminder per instalment, from 3 days before its date, to every guardian of the athlete's household; a household
 * checkout's instalments of one date are one reminder. The update that marks them is the claim.
 */
export async function sendReminders(deps: AppDeps, asOf: string): Promise<number> {
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
          deps.db
            .select({ id: memberships.id })
            .from(memberships)
            // Issue 34: a membership paid by check or cash has no card to charge, so no card reminder.
            .where(and(ne(memberships.status, 'canceled'), eq(memberships.paysByCheckOrCash, false))),
        ),
      ),
    )
    .returning();
  if (due.length === 0) return 0;
  const members = await deps.db
    .select()
    .from(memberships)
    .where(inArray(memberships.id, [...new Set(due.map((p) => p.membershipId))]))
    .orderBy(asc(memberships.id));
  const groups = new Map<string, ChargeGroup>();
  for (const phase of [...due].sort((a, b) => a.id - b.id)) {
    const checkoutId = members.find((m) => m.id === phase.membershipId)?.householdCheckoutId ?? null;
    const key = checkoutId === null ? `phase-${phase.id}` : `household-${checkoutId}-${phase.dueOn}`;
    const group = groups.get(key) ?? { checkoutId, phases: [] };
    group.phases.push(phase);
    groups.set(key, group);
  }
  let sent = 0;
  for (const group of groups.values()) {
    const grouped = members.filter((m) => group.phases.some((p) => p.membershipId === m.id));
    if (await remind(deps, group, grouped)) sent += 1;
  }
  return sent;
}

/** E-mails one reminder (a phase, or a household checkout's date) to each guardian; false when nobody has an address. */
async function remind(deps: AppDeps, group: ChargeGroup, members: MembershipRow[]): Promise<boolean> {
  const [first] = group.phases;
  if (!first) return false;
  const contacts = await guardianContacts(deps.db, members);
  if (contacts.length === 0) return false;
  const card = await cardOf(deps.db, first.membershipId);
  const summary = card ? { brand: card.brand, last4: card.last4 } : null;
  const link = updateCardLink(deps, first.membershipId);
  if (group.checkoutId === null) {
    const context = await membershipContext(deps, first.membershipId);
    if (!context?.mail) return false;
    for (const contact of contacts) {
      await deps.mailer.send({
        ...reminderMail(
          { ...context.mail, to: contact.email, name: contact.name, locale: contact.locale },
          { amountCents: first.amountCents, dueOn: first.dueOn, card: summary, updateCardLink: link },
        ),
        membershipIds: membershipIdsOf(group.phases),
      });
    }
    return true;
  }
  const lines = await householdMailLines(deps.db, group.phases);
  for (const contact of contacts) {
    await deps.mailer.send({
      ...householdReminderMail(householdMailContext(deps, contact, lines), {
        dueOn: first.dueOn,
        card: summary,
        updateCardLink: link,
      }),
      membershipIds: membershipIdsOf(group.phases),
    });
  }
  return true;
}

/** The memberships of these phases, each once: what a notice or a reminder about them is tagged with. */
function membershipIdsOf(phases: readonly { membershipId: number }[]): number[] {
  return [...new Set(phases.map((phase) => phase.membershipId))];
}

/** Today's calendar date for the scheduled runs: the clock, never a request. */
export function todayOf(deps: Pick<AppDeps, 'now'>): string {
  return toIsoDate(deps.now());
}
