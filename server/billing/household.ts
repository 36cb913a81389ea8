import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { toIsoDate } from '../../src/domain/dates.ts';
import type { Db, Tx } from '../db/client.ts';
import { type MembershipRow, membershipPhases, memberships, seasons, teams, users } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { siteLink } from '../http/origin.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.ts';
import type { ScheduledAmount } from '../mail/billing-mails.ts';
import { type HouseholdMailLine, householdReceiptMail } from '../mail/household-billing-mails.ts';
import { savedLocale } from '../mail/mail-language.ts';
import type { CardSummary } from '../providers/types.ts';
import { planNameFor } from '../services/checkout/index.ts';
import { athleteHouseholdGuardianIds } from '../services/households.ts';
import { payerContact, remainingByDate } from './phases.ts';

/**
 * The billing side of a family checkout (issue 20): the memberships one household checkout recorded share one card,
 * their phases due on one date are one charge, one receipt goes to the guardian who paid and every notice to every
 * guardian of the household. The collector (collector.ts) and the card update (catch-up.ts) read it.
 */

/** The memberships a household checkout recorded, oldest first (canceled ones included: their card goes along). */
export async function checkoutMembershipIds(db: Db | Tx, checkoutId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.householdCheckoutId, checkoutId))
    .orderBy(asc(memberships.id));
  return rows.map((row) => row.id);
}

/** The memberships that share this one's card and catch-up charge: its household checkout's, or itself alone. */
export async function cardSharers(
  db: Db | Tx,
  membership: Pick<MembershipRow, 'id' | 'householdCheckoutId'>,
): Promise<number[]> {
  if (membership.householdCheckoutId === null) return [membership.id];
  const ids = await checkoutMembershipIds(db, membership.householdCheckoutId);
  return ids.includes(membership.id) ? ids : [membership.id, ...ids];
}

export interface Contact {
  email: string;
  name: string | null;
  /** The language of this guardian's e-mails (issue 31): their saved language. */
  locale: Locale;
}

/**
 * Who gets the failure notices and reminders of these memberships: the payer (who gets the receipts), then every
 * guardian of each athlete's household (both guardians of a shared household, issue 20 point 4), one message per
 * address. An adult member nobody registered has only themselves.
 */
export async function guardianContacts(
  db: Db | Tx,
  members: Pick<MembershipRow, 'userId' | 'payerId'>[],
): Promise<Contact[]> {
  const contacts = new Map<string, Contact>();
  const add = (contact: { email: string | null; name: string | null; locale: Locale }) => {
    if (!contact.email) return;
    const key = contact.email.toLowerCase();
    if (!contacts.has(key)) contacts.set(key, { email: contact.email, name: contact.name, locale: contact.locale });
  };
  for (const member of members) add(await payerContact(db, member.payerId ?? member.userId));
  const guardianIds = new Set<number>();
  for (const member of members) {
    for (const id of await athleteHouseholdGuardianIds(db, member.userId)) guardianIds.add(id);
  }
  if (guardianIds.size > 0) {
    const guardians = await db
      .select({ email: users.email, name: users.name, language: users.language })
      .from(users)
      .where(inArray(users.id, [...guardianIds]))
      .orderBy(asc(users.id));
    for (const guardian of guardians) add({ ...guardian, locale: savedLocale(guardian.language) });
  }
  return [...contacts.values()];
}

/** Each athlete's part of a household charge, one line per membership, in membership order. */
export async function householdMailLines(
  db: Db | Tx,
  parts: { membershipId: number; amountCents: number }[],
): Promise<HouseholdMailLine[]> {
  const ids = [...new Set(parts.map((part) => part.membershipId))].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: memberships.id,
      athleteName: users.name,
      teamName: teams.name,
      seasonName: seasons.name,
      month: memberships.paymentPlanMonth,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .leftJoin(seasons, eq(seasons.id, memberships.seasonId))
    .where(inArray(memberships.id, ids));
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return [];
    const amountCents = parts.filter((p) => p.membershipId === id).reduce((sum, p) => sum + p.amountCents, 0);
    return [
      {
        athleteName: row.athleteName ?? 'Athlete',
        teamName: row.teamName,
        seasonName: row.seasonName,
        planName: planNameFor(DEFAULT_LOCALE, row.month),
        planMonth: row.month,
        amountCents,
      },
    ];
  });
}

/** What remains of the household checkout's memberships, by date (phases.ts `remainingByDate`): its receipts list it. */
export async function householdRemaining(db: Db | Tx, checkoutId: number): Promise<ScheduledAmount[]> {
  const recorded = await db
    .select({ id: memberships.id, status: memberships.status })
    .from(memberships)
    .where(eq(memberships.householdCheckoutId, checkoutId));
  if (recorded.length === 0) return [];
  const phases = await db
    .select()
    .from(membershipPhases)
    .where(
      inArray(
        membershipPhases.membershipId,
        recorded.map((membership) => membership.id),
      ),
    )
    .orderBy(asc(membershipPhases.seq));
  return remainingByDate(recorded, phases);
}

/** The receiving guardian's household e-mail context, in their language. */
export function householdMailContext(deps: AppDeps, contact: Contact, lines: HouseholdMailLine[]) {
  return {
    to: contact.email,
    name: contact.name,
    lines,
    paymentsLink: siteLink(deps.env, '/payments'),
    locale: contact.locale,
  };
}

/**
 * E-mails the one receipt of a household charge (the collector's for a date, or a card update's) to the guardian who
 * paid: the membership's payer (memberships.payer_id), else the member's contact as for one athlete. `tx`: the receipt
 * is read and written in the caller's transaction (issue 33: the phases marked paid and their receipt commit together,
 * or neither does); without it, it is sent on its own.
 */
export async function sendHouseholdReceipt(
  deps: AppDeps,
  checkoutId: number,
  paid: { membershipId: number; amountCents: number }[],
  card: CardSummary | null,
  tx?: Tx,
): Promise<void> {
  const db = tx ?? deps.db;
  const [first] = await db
    .select()
    .from(memberships)
    .where(
      inArray(
        memberships.id,
        paid.map((p) => p.membershipId),
      ),
    )
    .orderBy(asc(memberships.id))
    .limit(1);
  if (!first) return;
  const contact = await payerContact(db, first.payerId ?? first.userId);
  if (!contact.email) {
    deps.log.warn({ checkoutId }, 'receipt not sent: the payer has no e-mail address');
    return;
  }
  const lines = await householdMailLines(db, paid);
  const remaining = await householdRemaining(db, checkoutId);
  const mail = {
    ...householdReceiptMail(
      householdMailContext(deps, { email: contact.email, name: contact.name, locale: contact.locale }, lines),
      { paidOn: toIsoDate(deps.now()), card },
      remaining,
    ),
    // In id order, as the mail's lines: a receipt retried after a rollback is the same mail, word for word.
    membershipIds: [...new Set(paid.map((p) => p.membershipId))].sort((a, b) => a - b),
  };
  if (tx) await deps.mailer.sendInTransaction(tx, mail);
  else await deps.mailer.send(mail);
}

/**
 * The phase ids in an idempotency key: joined while short, else their hash (Stripe keys have at most 255 characters;
 * a household's catch-up may cover many phases). The same phases always give the same key.
 */
export function phaseIdsKey(ids: number[]): string {
  const joined = [...ids].sort((a, b) => a - b).join('.');
  return joined.length <= 120 ? joined : `h${createHash('sha256').update(joined).digest('hex').slice(0, 40)}`;
}
