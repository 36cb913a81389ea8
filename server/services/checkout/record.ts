import { and, asc, eq, inArray } from 'drizzle-orm';
import { agreedWaiverLanguage } from '../../../src/domain/waiver-texts.ts';
import { createPhases, saveCard } from '../../billing/phases.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  licenceClaims,
  licences,
  type MembershipRow,
  memberships,
  organizations,
  teams,
  users,
} from '../../db/schema/index.ts';
import { english, isLocale, type Locale } from '../../i18n/index.ts';
import type { CardSummary } from '../../providers/types.ts';
import { holdsClaim } from '../licences.ts';
import { clearPaidProgress } from '../registration-progress.ts';
import { linkWaiverAgreements } from '../waivers.ts';

/**
 * Recording memberships (issue 30 point 1: one function records a membership). `insertMemberships` is the only
 * insert into `memberships` in the code: the spec's one-athlete checkout (`recordMembership`, one line) and the family
 * checkout (services/checkout/household.ts, N lines in one transaction) both record through it, each athlete with its
 * phases (today's paid, the later ones scheduled) and the card saved for them.
 *
 * One active membership per athlete and season: this is the rule's one home in the code (the recordings enforce it
 * under a lock on the athletes' rows, checkout and duplicate-status read it), backed by the unique index
 * memberships_active_user_season_key.
 */
export const ALREADY_MEMBER = english('checkout.alreadyMember');

/** The user's active membership in a season (at most one: memberships_active_user_season_key). */
export async function seasonMembership(db: Db | Tx, userId: number, seasonId: number): Promise<MembershipRow | null> {
  const [membership] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.seasonId, seasonId), eq(memberships.status, 'active')))
    .limit(1);
  return membership ?? null;
}

/** One athlete line of a checkout as it is recorded: the membership's fields and its later phases. */
export interface RecordLine {
  athleteId: number;
  teamId: number;
  seasonId: number;
  licenceId: number | null;
  paymentPlanMonth: number;
  /** Paid today (the first phase), in cents. */
  todayCents: number;
  planTotalCents: number;
  discountCode: string | null;
  includesProtection: boolean;
  /** The household discount in the amounts (issue 20), in cents; 0 when none. */
  siblingDiscountCents: number;
  laterPhases: { dueOn: string; amountCents: number }[];
  /** Issue 34: the financial assistance in the amounts, in cents; absent or 0 when none. */
  financialAssistanceCents?: number;
  /**
   * Issue 34 point 4: paid by check or cash: nothing received yet, 'Awaiting payment' until `holdUntil` (the seat
   * held that long); every phase owed, none charged by card.
   */
  checkOrCash?: { holdUntil: Date };
  /**
   * Seeded fixtures only (server/db/seed-roster.ts): when the membership was recorded and its status. A checkout
   * leaves both to the database: recorded now, active.
   */
  seeded?: { createdAt: Date; status: MembershipRow['status'] };
}

/** A card saved on a membership for its later phases. */
export type SavedCard = { customerId: string; paymentMethodId: string } & CardSummary;

/** How the lines were paid. */
export interface RecordPayment {
  /** The one-athlete path's provider id (the intent, or the SetupIntent): unique, so recording is idempotent. */
  providerId: string | null;
  /** The family checkout the lines belong to, and who paid it. */
  householdCheckoutId: number | null;
  payerId: number | null;
  /** The charge that paid today's phases; null for a card setup or nothing to pay. */
  chargeId: string | null;
  card: SavedCard | null;
  at: Date;
  /**
   * Issue 31 point 4: the language the family checked out in (the request's Accept-Language), which decides the
   * language of the waiver text they agreed to (`memberships.waiver_language`); absent for memberships no family
   * agreed to (the seeded rosters), which record none.
   */
  locale?: Locale | undefined;
  /**
   * Issue 32 point 3 (services/waivers.ts): each membership of an organization with a waiver is linked to the latest
   * agreement recorded at checkout for its athlete and team; `required`: refused (422) without one (the
   * checkouts that move no money); a payment the provider confirmed is recorded all the same (its checkout recorded
   * the agreement before opening it; only an intent opened before agreements were recorded has none). Absent for
   * memberships no family checked out (the seeded rosters, the tests' fixtures).
   */
  waiver?: { required: boolean } | undefined;
}

/** Locks the athletes' user rows, in one order, for the transaction: one recording per athlete at a time. */
export async function lockAthletes(tx: Tx, athleteIds: number[]): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, athleteIds))
    .orderBy(asc(users.id))
    .for('update');
}

/**
 * Locks the licences whose seats the lines use (issue 30 point 4): a hold's release takes the same lock first
 * (services/seat-holds.ts), so a seat checked here cannot be released before the recording commits, and once it has,
 * the release sees the membership and leaves the seat alone.
 */
export async function lockSeats(tx: Tx, licenceIds: number[]): Promise<void> {
  if (licenceIds.length === 0) return;
  await tx
    .select({ id: licences.id })
    .from(licences)
    .where(inArray(licences.id, licenceIds))
    .orderBy(asc(licences.id))
    .for('update');
}

/**
 * The lines whose athlete no longer holds their own claim on the line's licence: the hold was released (staff,
 * 'Remove', or its 96 hours ran out) after checkout made the intent. Call after lockSeats. A line without a licence
 * has no seat to check.
 */
export async function unseatedLines<Line extends Pick<RecordLine, 'athleteId' | 'licenceId'>>(
  tx: Tx,
  lines: Line[],
): Promise<Line[]> {
  const seated = lines.flatMap((line) => (line.licenceId === null ? [] : [line.licenceId]));
  if (seated.length === 0) return [];
  const claims = await tx
    .select({ userId: licenceClaims.userId, licenceId: licenceClaims.licenceId })
    .from(licenceClaims)
    .where(
      and(
        inArray(
          licenceClaims.userId,
          lines.map((line) => line.athleteId),
        ),
        inArray(licenceClaims.licenceId, seated),
      ),
    );
  return lines.filter(
    (line) =>
      line.licenceId !== null &&
      !claims.some((claim) => claim.userId === line.athleteId && claim.licenceId === line.licenceId),
  );
}

/** The active memberships the lines' athletes hold in the lines' seasons (none, for lines that may be recorded). */
export async function takenSeasons(tx: Db | Tx, lines: Pick<RecordLine, 'athleteId' | 'seasonId'>[]) {
  const active = await tx
    .select()
    .from(memberships)
    .where(
      and(
        inArray(
          memberships.userId,
          lines.map((line) => line.athleteId),
        ),
        eq(memberships.status, 'active'),
      ),
    );
  return active.filter((m) => lines.some((line) => line.athleteId === m.userId && line.seasonId === m.seasonId));
}

/** What insertMemberships writes beside the memberships. */
export interface RecordOptions {
  /**
   * 'checkout' (a payment): each line's phases (today's paid by the payment's charge, the later ones scheduled) and
   * the payment's saved card. 'caller': neither, the caller writes them after it returns, in batches: the console's
   * seeded rosters and the tests' and bench's memberships (server/db/seed-roster.ts, server/test/
   * admin-money-fixtures.ts), whose phases carry what a checkout never records (failed, overdue, paid on past dates).
   */
  phases: 'checkout' | 'caller';
}

/**
 * Inserts the lines' memberships in one statement (in the caller's transaction, the athletes locked and checked by
 * lockAthletes and takenSeasons), each with its phases and the saved card unless `options.phases` is 'caller';
 * answers them in the lines' order.
 */
export async function insertMemberships(
  tx: Tx,
  lines: RecordLine[],
  payment: RecordPayment,
  options: RecordOptions = { phases: 'checkout' },
): Promise<MembershipRow[]> {
  const waiverLanguages = await agreedWaiverLanguages(tx, lines, payment.locale);
  const created = await tx
    .insert(memberships)
    .values(
      lines.map((line) => ({
        userId: line.athleteId,
        teamId: line.teamId,
        seasonId: line.seasonId,
        licenceId: line.licenceId,
        paymentPlanMonth: line.paymentPlanMonth,
        paidTodayCents: line.todayCents,
        planTotalCents: line.planTotalCents,
        discountCode: line.discountCode,
        includesProtection: line.includesProtection,
        stripePaymentIntentId: payment.providerId,
        householdCheckoutId: payment.householdCheckoutId,
        payerId: payment.payerId,
        siblingDiscountCents: line.siblingDiscountCents,
        // Issue 34: written only when they apply, so every other insert is the statement it always was.
        ...(line.financialAssistanceCents ? { financialAssistanceCents: line.financialAssistanceCents } : {}),
        ...(line.checkOrCash
          ? { paysByCheckOrCash: true, awaitingPaymentUntil: line.checkOrCash.holdUntil, paidTodayCents: 0 }
          : {}),
        waiverLanguage: waiverLanguages.get(line.teamId) ?? null,
        ...(line.seeded ? { createdAt: line.seeded.createdAt, status: line.seeded.status } : {}),
      })),
    )
    .returning();
  if (payment.waiver !== undefined) await linkWaiverAgreements(tx, created, payment.waiver);
  const recorded: MembershipRow[] = [];
  for (const line of lines) {
    const membership = created.find((candidate) => candidate.userId === line.athleteId);
    if (!membership) throw new Error('membership insert lost an athlete');
    if (options.phases === 'caller') {
      recorded.push(membership);
      continue;
    }
    await createPhases(
      tx,
      membership.id,
      { amountCents: line.todayCents, paidAt: payment.at, chargeId: payment.chargeId },
      line.laterPhases,
      line.checkOrCash !== undefined,
    );
    if (payment.card) await saveCard(tx, membership.id, payment.card, payment.at);
    recorded.push(membership);
  }
  return recorded;
}

/** The intent metadata key of the language the family agreed in (issue 31 point 4). */
const AGREED_IN_KEY = 'agreed_in';

/**
 * Issue 31 point 4: the language of Pay Now, when the family agrees to the waiver, kept with the intent (or the
 * SetupIntent) it opens, so the membership records the text agreed to even when the confirmation comes back in
 * another language (a switch during 3-D Secure, a return from another tab).
 */
export function agreedIn(locale: Locale): Record<string, string> {
  return { [AGREED_IN_KEY]: locale };
}

/** The language a payment's waiver was agreed in: Pay Now's, or `fallback` for a payment opened before it was kept. */
export function agreedLocale(metadata: Readonly<Record<string, string>>, fallback: Locale): Locale {
  const agreed = metadata[AGREED_IN_KEY];
  return isLocale(agreed) ? agreed : fallback;
}

/**
 * Issue 31 point 4: per team of the lines, the language of the waiver text a family checking out in `locale` agreed to
 * (src/domain/waiver-texts.ts, the rule the pages show it by): 'es' when it is Spanish and the organization has a
 * Spanish text, 'en' otherwise; none without a waiver, or without a locale.
 */
async function agreedWaiverLanguages(tx: Tx, lines: RecordLine[], locale: Locale | undefined) {
  const languages = new Map<number, 'en' | 'es'>();
  if (locale === undefined) return languages;
  const rows = await tx
    .select({ teamId: teams.id, waiver: organizations.waiver, waiverEs: organizations.waiverEs })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(
      inArray(
        teams.id,
        lines.map((line) => line.teamId),
      ),
    );
  for (const row of rows) {
    const language = agreedWaiverLanguage(row, locale);
    if (language !== null) languages.set(row.teamId, language);
  }
  return languages;
}

export type RecordResult =
  /** Recorded now (`created`), or earlier by the same intent (or, with nothing to pay, for the same team). */
  | { kind: 'recorded'; membership: MembershipRow; created: boolean }
  /** The payer already holds another active membership in the season: nothing was recorded. */
  | { kind: 'season-taken'; membership: MembershipRow }
  /** The seat's hold was released since checkout (and not claimed again): nothing was recorded. */
  | { kind: 'unseated' };

/**
 * Records one athlete's membership (the spec's one-athlete checkout: one line) exactly once, and never a second
 * active one for the athlete and season. The athlete's row is locked for the transaction, so concurrent calls for one
 * payer run one after the other; the second finds the first's membership (same intent, or for a free checkout the
 * same team) and returns it, or reports the season taken. The unique intent id and the unique active (payer, season)
 * index back this up across processes: a violation means another call recorded first, and the check runs once more
 * to report what it recorded.
 */
export async function recordMembership(
  db: Db,
  line: RecordLine,
  payment: Pick<RecordPayment, 'providerId' | 'chargeId' | 'card' | 'at' | 'locale' | 'waiver'>,
): Promise<RecordResult> {
  const full: RecordPayment = { ...payment, householdCheckoutId: null, payerId: null };
  let result: RecordResult;
  try {
    result = await recordOnce(db, line, full);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    result = await recordOnce(db, line, full);
  }
  // Issue 21: the registration this payment (or full discount) completes is no longer unfinished.
  if (result.kind === 'recorded') await clearPaidProgress(db, [result.membership]);
  return result;
}

function recordOnce(db: Db, line: RecordLine, payment: RecordPayment): Promise<RecordResult> {
  return db.transaction(async (tx): Promise<RecordResult> => {
    // The seat's licence before the athlete, in the order a claim takes them (services/licences.ts claimLicence).
    if (line.licenceId !== null) await lockSeats(tx, [line.licenceId]);
    await lockAthletes(tx, [line.athleteId]);
    if (payment.providerId) {
      const [paid] = await tx
        .select()
        .from(memberships)
        .where(eq(memberships.stripePaymentIntentId, payment.providerId));
      if (paid) return { kind: 'recorded', membership: paid, created: false };
    }
    const current = await seasonMembership(tx, line.athleteId, line.seasonId);
    if (current) {
      const sameFreeCheckout = payment.providerId === null && current.teamId === line.teamId;
      if (sameFreeCheckout) return { kind: 'recorded', membership: current, created: false };
      return { kind: 'season-taken', membership: current };
    }
    // The seat checkout took must still be the family's (one athlete's seat may be held by the guardian or a sibling
    // who claimed for them, as at checkout: requireTeamSeat).
    if (line.licenceId !== null && !(await holdsClaim(tx, { id: line.athleteId }, line.licenceId))) {
      return { kind: 'unseated' };
    }
    const [created] = await insertMemberships(tx, [line], payment);
    if (!created) throw new Error('membership insert returned nothing');
    return { kind: 'recorded', membership: created, created: true };
  });
}
