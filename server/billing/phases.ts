import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { toIsoDate } from '../../src/domain/dates.ts';
import { type MembershipStatus, owedPhases, phaseRefundedCents } from '../../src/domain/membership-figures.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  athleteGuardians,
  type MembershipCardRow,
  type MembershipPhaseRow,
  type MembershipRow,
  membershipCards,
  membershipPhases,
  memberships,
  organizationHelpPaying,
  paymentCustomers,
  seasons,
  teams,
  type UserRow,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { siteLink } from '../http/origin.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.ts';
import type { BillingMailContext, ScheduledAmount } from '../mail/billing-mails.ts';
import { receiptMail } from '../mail/billing-mails.ts';
import { savedLocale } from '../mail/mail-language.ts';
import type { CardSummary } from '../providers/types.ts';
import { planNameFor } from '../services/checkout/index.ts';
import { claimHolderIds } from '../services/licences.ts';
import { figuresOfPhases, phasesByMembership } from '../services/membership-ledger.ts';
import { waiverAttachments } from '../services/waiver-pdf.ts';

/**
 * A membership's phases (spec §9: the first phase is paid today, later phases form the remaining schedule), its saved
 * card, and what the family sees of them. The checkout's intent carries the later phases in its metadata
 * (`schedule`), so the schedule recorded is the one the family agreed to when it paid.
 */

/** Metadata key of the later phases on the checkout's intent: `YYYY-MM-DD:cents` joined by commas. */
export const SCHEDULE_KEY = 'schedule';

export function encodeSchedule(phases: ScheduledAmount[]): string {
  return phases.map((p) => `${p.dueOn}:${p.amountCents}`).join(',');
}

export function decodeSchedule(text: string | undefined): ScheduledAmount[] {
  if (!text) return [];
  return text.split(',').map((part) => {
    const [dueOn, cents] = part.split(':');
    const amountCents = Number(cents);
    if (!dueOn || !/^\d{4}-\d{2}-\d{2}$/.test(dueOn) || !Number.isSafeInteger(amountCents) || amountCents < 0) {
      throw new Error('payment intent has a malformed schedule');
    }
    return { dueOn, amountCents };
  });
}

/**
 * Records the phases of a membership just paid: the first one paid, the later ones scheduled. Idempotent (unique
 * membership and sequence): true only for the call that inserted them, which sends the receipt.
 */
export async function createPhases(
  db: Db | Tx,
  membershipId: number,
  first: { amountCents: number; paidAt: Date; chargeId: string | null },
  later: ScheduledAmount[],
  /**
   * Issue 34 point 4: paid by check or cash: nothing is paid yet, every phase (today's too) is owed and none is ever
   * charged by the collector (no next attempt); staff mark each received (the offline mark).
   */
  offline = false,
): Promise<boolean> {
  const today = offline
    ? {
        membershipId,
        seq: 0,
        dueOn: toIsoDate(first.paidAt),
        amountCents: first.amountCents,
        status: 'scheduled' as const,
        nextAttemptOn: null,
      }
    : {
        membershipId,
        seq: 0,
        dueOn: toIsoDate(first.paidAt),
        amountCents: first.amountCents,
        status: 'paid' as const,
        attempts: first.chargeId ? 1 : 0,
        providerChargeId: first.chargeId,
        paidAt: first.paidAt,
      };
  const inserted = await db
    .insert(membershipPhases)
    .values([
      today,
      ...later.map((phase, index) => ({
        membershipId,
        seq: index + 1,
        dueOn: phase.dueOn,
        amountCents: phase.amountCents,
        status: 'scheduled' as const,
        nextAttemptOn: offline ? null : phase.dueOn,
      })),
    ])
    .onConflictDoNothing({ target: [membershipPhases.membershipId, membershipPhases.seq] })
    .returning({ id: membershipPhases.id });
  return inserted.length > 0;
}

/** The payer's customer at the card provider, made once (the provider's idempotency key and a unique row). */
export async function payerCustomer(deps: AppDeps, userId: number): Promise<string> {
  const stored = async () =>
    (await deps.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId)))[0]?.providerCustomerId;
  const existing = await stored();
  if (existing) return existing;
  const created = await deps.providers.payments.createCustomer({
    metadata: { user_id: String(userId) },
    idempotencyKey: `customer-user-${userId}`,
  });
  await deps.db
    .insert(paymentCustomers)
    .values({ userId, providerCustomerId: created })
    .onConflictDoNothing({ target: paymentCustomers.userId });
  // A concurrent call may have stored its customer first: every later call uses that one.
  return (await stored()) ?? created;
}

export async function saveCard(
  db: Db | Tx,
  membershipId: number,
  card: { customerId: string; paymentMethodId: string } & CardSummary,
  now: Date,
): Promise<void> {
  const values = {
    providerCustomerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
    updatedAt: now,
  };
  await db
    .insert(membershipCards)
    .values({ membershipId, ...values })
    .onConflictDoUpdate({ target: membershipCards.membershipId, set: values });
}

export async function cardOf(db: Db | Tx, membershipId: number): Promise<MembershipCardRow | null> {
  const [row] = await db.select().from(membershipCards).where(eq(membershipCards.membershipId, membershipId));
  return row ?? null;
}

export async function phasesOf(db: Db | Tx, membershipId: number): Promise<MembershipPhaseRow[]> {
  return db
    .select()
    .from(membershipPhases)
    .where(eq(membershipPhases.membershipId, membershipId))
    .orderBy(asc(membershipPhases.seq));
}

export { OWED_PHASE_STATUSES as OPEN_STATUSES } from '../../src/domain/membership-figures.ts';

/**
 * What is still to pay of a membership, as its receipts list it: the owed phases (src/domain/membership-figures.ts
 * `owedPhases`), none once the schedule is cancelled, as every other surface says.
 */
export function remainingOf(
  phases: readonly MembershipPhaseRow[],
  membership: { status: 'active' | 'canceled' },
): ScheduledAmount[] {
  return owedPhases(phases, membership.status === 'canceled').map((p) => ({
    dueOn: p.dueOn,
    amountCents: p.amountCents,
  }));
}

/**
 * What remains of a family's memberships (a household checkout's), each as its own receipt says it (`remainingOf`:
 * nothing of a cancelled schedule), summed by date, earliest first: the family's receipts list it.
 */
export function remainingByDate(
  memberships: readonly { id: number; status: 'active' | 'canceled' }[],
  phases: readonly MembershipPhaseRow[],
): ScheduledAmount[] {
  const byDate = new Map<string, number>();
  for (const membership of memberships) {
    const own = phases.filter((phase) => phase.membershipId === membership.id);
    for (const owed of remainingOf(own, membership)) {
      byDate.set(owed.dueOn, (byDate.get(owed.dueOn) ?? 0) + owed.amountCents);
    }
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([dueOn, amountCents]) => ({ dueOn, amountCents }));
}

/**
 * Who receives a membership's e-mails: the payer, or for an athlete without an address their guardian; with the
 * language their e-mails are written in (issue 31: the receiving account's saved language).
 */
export async function payerContact(
  db: Db | Tx,
  userId: number,
): Promise<{ email: string | null; name: string | null; locale: Locale }> {
  const [payer] = await db.select().from(users).where(eq(users.id, userId));
  if (!payer) return { email: null, name: null, locale: DEFAULT_LOCALE };
  if (payer.email) return { email: payer.email, name: payer.name, locale: savedLocale(payer.language) };
  const [guardian] = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(athleteGuardians)
    .innerJoin(users, eq(users.id, athleteGuardians.guardianId))
    .where(eq(athleteGuardians.athleteId, userId))
    .limit(1);
  return {
    email: guardian?.email ?? null,
    name: guardian?.name ?? payer.name,
    locale: savedLocale(guardian?.language ?? payer.language),
  };
}

export interface MembershipContext {
  membership: MembershipRow;
  teamName: string;
  seasonName: string | null;
  mail: BillingMailContext | null;
  email: string | null;
}

export async function membershipContext(
  deps: AppDeps,
  membershipId: number,
  db: Db | Tx = deps.db,
): Promise<MembershipContext | null> {
  const [row] = await db
    .select({ membership: memberships, teamName: teams.name, seasonName: seasons.name })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .leftJoin(seasons, eq(seasons.id, memberships.seasonId))
    .where(eq(memberships.id, membershipId));
  if (!row) return null;
  // The guardian who paid (a family checkout, a card update by a guardian), else the member as ever.
  const contact = await payerContact(db, row.membership.payerId ?? row.membership.userId);
  const mail = contact.email
    ? {
        to: contact.email,
        name: contact.name,
        teamName: row.teamName,
        seasonName: row.seasonName,
        planName: planNameFor(DEFAULT_LOCALE, row.membership.paymentPlanMonth),
        planMonth: row.membership.paymentPlanMonth,
        paymentsLink: siteLink(deps.env, '/payments'),
        locale: contact.locale,
      }
    : null;
  return { ...row, mail, email: contact.email };
}

export function updateCardLink(deps: AppDeps, membershipId: number): string {
  return siteLink(deps.env, '/payments/update-card', { membership_id: String(membershipId) });
}

/** E-mails the receipt of one successful charge; a payer without any address gets none (logged). */
export async function sendReceipt(
  deps: AppDeps,
  membershipId: number,
  /** `siblingDiscountCents`: the checkout's receipt shows the household discount (issue 20); instalments do not. */
  payment: {
    amountCents: number;
    card: CardSummary | null;
    siblingDiscountCents?: number;
    /** Issue 34: the award's 'Financial assistance' line (the checkout's receipt and the offline mark's). */
    financialAssistanceCents?: number;
  },
  /**
   * `withWaiver`: issue 32 point 3, the checkout's receipt carries the signed waiver's PDF (instalments' receipts do
   * not). `tx`: the receipt is read and written in the caller's transaction (issue 33: the phases marked paid and their
   * receipt commit together, or neither does); without it, it is sent on its own as before.
   */
  options: { withWaiver?: boolean; tx?: Tx } = {},
): Promise<void> {
  const db = options.tx ?? deps.db;
  const context = await membershipContext(deps, membershipId, db);
  if (!context?.mail) {
    deps.log.warn({ membershipId }, 'receipt not sent: the payer has no e-mail address');
    return;
  }
  const remaining = remainingOf(await phasesOf(db, membershipId), context.membership);
  const mail = {
    ...receiptMail(context.mail, { ...payment, paidOn: toIsoDate(deps.now()) }, remaining),
    membershipIds: [membershipId],
    ...(options.withWaiver ? await attachmentsField(deps, [membershipId], db) : {}),
  };
  if (options.tx) await deps.mailer.sendInTransaction(options.tx, mail);
  else await deps.mailer.send(mail);
}

/** The signed waivers' PDFs as a mail's `attachments`, only when there are any (a mail without keeps its shape). */
export async function attachmentsField(deps: AppDeps, membershipIds: number[], db: Db | Tx = deps.db) {
  const attachments = await waiverAttachments(db, membershipIds);
  return attachments.length > 0 ? { attachments } : {};
}

/** The `receipt` of checkout answers (docs/api.md). */
export interface ReceiptJson {
  amount_cents: number;
  team_name: string;
  season_name: string | null;
  plan_name: string;
  email: string;
  card: CardSummary | null;
  remaining: { due_date: string; amount_cents: number }[];
  /** The household discount in the membership's amounts (issue 20), 0 when none. */
  sibling_discount_cents: number;
  /** Issue 34 (additive): the financial assistance in the membership's amounts, only when there is some. */
  financial_assistance_cents?: number;
}

/**
 * The receipt a confirmation page shows as it comes: `plan_name` in `locale`, the request's language (issue 31 point
 * 2: 'Pagar el total'); English by default, the spec's texts. Dates and amounts go as values, which the page formats.
 */
export async function receiptJson(
  deps: AppDeps,
  membershipId: number,
  card: CardSummary | null,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ReceiptJson | null> {
  const context = await membershipContext(deps, membershipId);
  if (!context) return null;
  const phases = await phasesOf(deps.db, membershipId);
  return {
    amount_cents: phases[0]?.amountCents ?? context.membership.paidTodayCents,
    team_name: context.teamName,
    season_name: context.seasonName,
    plan_name: planNameFor(locale, context.membership.paymentPlanMonth),
    email: context.email ?? '',
    card,
    remaining: remainingOf(phases, context.membership).map((p) => ({ due_date: p.dueOn, amount_cents: p.amountCents })),
    sibling_discount_cents: context.membership.siblingDiscountCents,
    ...(context.membership.financialAssistanceCents > 0
      ? { financial_assistance_cents: context.membership.financialAssistanceCents }
      : {}),
  };
}

/** A membership the caller may see and act on: paid by them or by one of their athletes. Null otherwise. */
export async function visibleMembership(db: Db, user: Pick<UserRow, 'id'>, id: number): Promise<MembershipRow | null> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), inArray(memberships.userId, await claimHolderIds(db, user))));
  return row ?? null;
}

export interface MembershipSummaryJson {
  id: number;
  team_name: string;
  season_name: string | null;
  athlete_name: string | null;
  plan_name: string;
  payment_plan_month: number;
  total_cents: number;
  paid_cents: number;
  remaining_cents: number;
  next_payment: { due_date: string; amount_cents: number } | null;
  /** The membership's status (src/domain/membership-figures.ts): 'cancelled' once its schedule is, never 'paid'. */
  status: MembershipStatus;
  phases: {
    id: number;
    due_date: string;
    amount_cents: number;
    status: MembershipPhaseRow['status'];
    attempts: number;
    paid_at: string | null;
    failure_message: string | null;
    /** Refunded to the family on this phase's charge (issue 22 point 4), 0 when none. */
    refunded_cents: number;
  }[];
  /** Refunded to the family on this membership (issue 22 point 4), 0 when none. */
  refunded_cents: number;
  card: CardSummary | null;
  needs_card_update: boolean;
  /** The household discount in the plan's amounts (issue 20), 0 when none. */
  sibling_discount_cents: number;
  /** The family checkout that paid it (its memberships share one card), null for a one-athlete checkout. */
  household_checkout_id: number | null;
  /** Issue 34 (additive): the financial assistance in the amounts, only with an award. */
  financial_assistance_cents?: number;
  /** Issue 34 (additive): a check or cash awaited (nothing received yet), only then. */
  awaiting_payment?: { hold_until: string; instructions: string };
}

/**
 * GET /api/memberships: the caller's memberships and their athletes', newest first; each `plan_name` in `locale`, the
 * request's language (issue 31 point 2: /payments shows it as it comes). English by default, the spec's texts.
 */
export async function membershipSummaries(
  db: Db,
  user: Pick<UserRow, 'id'>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MembershipSummaryJson[]> {
  const rows = await db
    .select({
      membership: memberships,
      teamName: teams.name,
      seasonName: seasons.name,
      payerName: users.name,
    })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(seasons, eq(seasons.id, memberships.seasonId))
    .where(inArray(memberships.userId, await claimHolderIds(db, user)))
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.membership.id);
  const phases = await db
    .select()
    .from(membershipPhases)
    .where(inArray(membershipPhases.membershipId, ids))
    .orderBy(asc(membershipPhases.seq));
  const cards = await db.select().from(membershipCards).where(inArray(membershipCards.membershipId, ids));
  // The figures' one read of the phases with their succeeded refunds (services/membership-ledger.ts).
  const ledgers = await phasesByMembership(
    db,
    sql`(select ${memberships.id} from ${memberships} where ${inArray(memberships.id, ids)})`,
  );
  // Issue 34: the club's check-or-cash instructions, read only when a membership awaits one.
  const awaitingTeams = rows
    .filter((row) => row.membership.awaitingPaymentUntil !== null)
    .map((r) => r.membership.teamId);
  const instructionsOf = new Map<number, string>();
  if (awaitingTeams.length > 0) {
    const found = await db
      .select({ teamId: teams.id, instructions: organizationHelpPaying.checkOrCashInstructions })
      .from(teams)
      .innerJoin(organizationHelpPaying, eq(organizationHelpPaying.organizationId, teams.organizationId))
      .where(inArray(teams.id, awaitingTeams));
    for (const row of found) instructionsOf.set(row.teamId, row.instructions ?? '');
  }
  return rows.map(({ membership, teamName, seasonName, payerName }) => {
    const own = phases.filter((p) => p.membershipId === membership.id);
    const card = cards.find((c) => c.membershipId === membership.id);
    const ledger = ledgers.get(membership.id) ?? [];
    const figures = figuresOfPhases(membership, ledger);
    const refundedOn = (phaseId: number) => {
      const phase = ledger.find((candidate) => candidate.id === phaseId);
      return phase ? phaseRefundedCents(phase) : 0;
    };
    return {
      id: membership.id,
      team_name: teamName,
      season_name: seasonName,
      athlete_name: membership.userId === user.id ? null : payerName,
      plan_name: planNameFor(locale, membership.paymentPlanMonth),
      payment_plan_month: membership.paymentPlanMonth,
      total_cents: figures.duesCents,
      paid_cents: figures.paidCents,
      remaining_cents: figures.remainingCents,
      next_payment: figures.nextDue
        ? { due_date: figures.nextDue.dueOn, amount_cents: figures.nextDue.amountCents }
        : null,
      status: figures.status,
      phases: own.map((p) => ({
        id: p.id,
        due_date: p.dueOn,
        amount_cents: p.amountCents,
        status: p.status,
        attempts: p.attempts,
        paid_at: p.paidAt ? p.paidAt.toISOString() : null,
        failure_message: p.failureMessage,
        refunded_cents: refundedOn(p.id),
      })),
      refunded_cents: figures.refundedCents,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      needs_card_update: figures.needsPayment,
      sibling_discount_cents: membership.siblingDiscountCents,
      household_checkout_id: membership.householdCheckoutId,
      // Issue 34 (additive): only where they apply.
      ...(membership.financialAssistanceCents > 0
        ? { financial_assistance_cents: membership.financialAssistanceCents }
        : {}),
      ...(membership.awaitingPaymentUntil !== null && membership.status === 'active'
        ? {
            awaiting_payment: {
              hold_until: membership.awaitingPaymentUntil.toISOString(),
              instructions: instructionsOf.get(membership.teamId) ?? '',
            },
          }
        : {}),
    };
  });
}
