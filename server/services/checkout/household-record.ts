import { and, asc, eq } from 'drizzle-orm';
import { linesOf, type StoredLine, sendHouseholdReceipt } from '../../billing/household-receipts.ts';
import { sendReceipt } from '../../billing/phases.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type HouseholdCheckoutRow, householdCheckouts, memberships } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type ApiError, conflict, forbidden } from '../../http/errors.ts';
import type { Locale } from '../../i18n/index.ts';
import type { CardSummary, PaymentIntent } from '../../providers/types.ts';
import { LICENCE_TEXTS } from '../licences.ts';
import { clearPaidProgressOf } from '../registration-progress.ts';
import { reclaimReleasedSeats } from '../seat-holds.ts';
import { owesByCheckOrCash } from './check-or-cash.ts';
import { ALREADY_PAID } from './lines.ts';
import { REPLACED } from './one-athlete.ts';
import {
  ALREADY_MEMBER,
  agreedLocale,
  insertMemberships,
  lockAthletes,
  lockSeats,
  type SavedCard,
  takenSeasons,
  unseatedLines,
} from './record.ts';

export interface Recorded {
  membershipIds: number[];
  refunded: boolean;
  /** Recorded by this call (a repeat, or a refund, records nothing). */
  created: boolean;
}

export interface Payment {
  /** The PaymentIntent that paid today's amount; null for a SetupIntent or nothing to pay. */
  chargeId: string | null;
  /** The card to save on every membership (plans with later phases). */
  card: SavedCard | null;
  summary: CardSummary | null;
  /** Issue 31 point 4: the language of the request that records it (which language's waiver text was agreed to). */
  locale: Locale;
  /**
   * Issue 34 point 4: by check or cash: every athlete 'Awaiting payment' until `holdUntil` (each seat held that
   * long), nothing charged; the caller e-mails the club's instructions instead of a receipt.
   */
  checkOrCash?: { holdUntil: Date } | undefined;
}

export function problemMessages(lines: { athleteId: number; problem: string | null }[]): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const line of lines) if (line.problem !== null) messages[`athletes.${line.athleteId}`] = [line.problem];
  return messages;
}

export function alreadyPaid(athleteIds: number[]): ApiError {
  return conflict(
    ALREADY_PAID,
    problemMessages(athleteIds.map((athleteId) => ({ athleteId, problem: ALREADY_MEMBER }))),
  );
}

type RecordOutcome =
  | { kind: 'paid'; membershipIds: number[]; created: boolean }
  /** Another checkout recorded one of the athletes for the season meanwhile. */
  | { kind: 'taken' }
  /** One of the athletes' holds was released since checkout, and no seat was left to claim again. */
  | { kind: 'unseated' }
  | { kind: 'replaced' };

/**
 * Records every membership of a household checkout in one transaction (idempotent: the checkout row is locked and
 * its status says whether it is recorded). When another checkout recorded one of the athletes for the season
 * meanwhile, nothing is recorded and the checkout is marked refunded (`taken`).
 */
function recordOnce(deps: AppDeps, row: HouseholdCheckoutRow, lines: StoredLine[], payment: Payment) {
  const { db } = deps;
  return db.transaction(async (tx): Promise<RecordOutcome> => {
    const [current] = await tx.select().from(householdCheckouts).where(eq(householdCheckouts.id, row.id)).for('update');
    if (!current) throw new Error(`household checkout ${row.id} vanished`);
    const recordedIds = async () =>
      (
        await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(eq(memberships.householdCheckoutId, row.id))
          .orderBy(asc(memberships.id))
      ).map((membership) => membership.id);
    if (current.status === 'paid') return { kind: 'paid', membershipIds: await recordedIds(), created: false };
    if (current.status === 'refunded') return { kind: 'taken' };
    // A SetupIntent checkout replaced by a newer one (or whose athletes were paid) moved no money: never recorded.
    if (current.status === 'canceled' && payment.chargeId === null) return { kind: 'replaced' };
    // Issue 30 point 4: each line's seat must still be its athlete's (a hold released since checkout, not claimed
    // again, leaves the line without one). The licences are locked first, in the order a claim takes them (licence,
    // then athlete: services/licences.ts claimLicence), and stay locked until this commits: no release slips between.
    await lockSeats(
      tx,
      lines.flatMap((line) => (line.licenceId === null ? [] : [line.licenceId])),
    );
    await lockAthletes(
      tx,
      lines.map((line) => line.athleteId),
    );
    const taken = (await takenSeasons(tx, lines)).length > 0;
    if (taken || (await unseatedLines(tx, lines)).length > 0) {
      // Money moved only with a PaymentIntent: that one is refunded; a card setup or a free checkout just ends.
      const status = payment.chargeId === null ? 'canceled' : 'refunded';
      await tx.update(householdCheckouts).set({ status }).where(eq(householdCheckouts.id, row.id));
      return taken ? { kind: 'taken' } : { kind: 'unseated' };
    }
    const at = deps.now();
    const { checkOrCash } = payment;
    const recorded = checkOrCash
      ? lines.map((line) => (owesByCheckOrCash(line) ? { ...line, checkOrCash } : line))
      : lines;
    const created = await insertMemberships(tx, recorded, {
      providerId: null,
      householdCheckoutId: row.id,
      payerId: row.payerId,
      chargeId: payment.chargeId,
      card: payment.card,
      at,
      locale: payment.locale,
      // Issue 32 point 3: each membership linked to the agreement recorded at Pay Now (required when no
      // money moved: a payment the provider confirmed is recorded all the same).
      waiver: { required: payment.chargeId === null && payment.card === null },
    });
    await tx.update(householdCheckouts).set({ status: 'paid', paidAt: at }).where(eq(householdCheckouts.id, row.id));
    return { kind: 'paid', membershipIds: created.map((m) => m.id).sort((a, b) => a - b), created: true };
  });
}

/**
 * Records a household checkout that was paid (or needs no payment), refunds it whole when its athletes were taken
 * meanwhile, and e-mails the one receipt (only the call that recorded it).
 */
export async function recordCheckout(deps: AppDeps, row: HouseholdCheckoutRow, payment: Payment): Promise<Recorded> {
  const lines = linesOf(row);
  // A hold released since checkout is claimed again where a seat is left (the family paid for it meanwhile).
  for (const teamId of new Set(lines.map((line) => line.teamId))) {
    const athleteIds = lines.filter((line) => line.teamId === teamId).map((line) => line.athleteId);
    await reclaimReleasedSeats(deps, athleteIds, teamId, { quiet: true });
  }
  let outcome: RecordOutcome;
  try {
    outcome = await recordOnce(deps, row, lines, payment);
  } catch (error) {
    // The unique active (athlete, season) index: another recording won; the check runs once more to say which.
    if (!isUniqueViolation(error)) throw error;
    outcome = await recordOnce(deps, row, lines, payment);
  }
  if (outcome.kind === 'replaced') {
    if (await allPaid(deps.db, lines)) throw alreadyPaid(lines.map((line) => line.athleteId));
    throw conflict(REPLACED);
  }
  if (outcome.kind === 'unseated' && payment.chargeId === null) throw forbidden(LICENCE_TEXTS.teamUnavailable);
  if (outcome.kind === 'taken' || outcome.kind === 'unseated') {
    if (payment.chargeId === null) throw alreadyPaid(lines.map((line) => line.athleteId));
    // Refunding again changes nothing at the provider, so a retried success finishes an interrupted refund.
    await deps.providers.payments.refundIntent(payment.chargeId);
    return { membershipIds: [], refunded: true, created: false };
  }
  if (outcome.created && !payment.checkOrCash) await sendHouseholdReceipt(deps, row.id, payment.summary);
  if (outcome.created && payment.checkOrCash) await sendCoveredReceipts(deps, row.id, lines);
  await clearPaidProgressOf(deps.db, outcome.membershipIds);
  return { membershipIds: outcome.membershipIds, refunded: false, created: outcome.created };
}

/**
 * A checkout by check or cash: each athlete nothing was left to pay for (a 100 % award, a full discount) was recorded
 * paid, and gets its $0 receipt as the one-athlete full discount does; the others get theirs when staff mark them paid.
 */
async function sendCoveredReceipts(deps: AppDeps, checkoutId: number, lines: StoredLine[]): Promise<void> {
  const covered = await deps.db
    .select({ id: memberships.id, athleteId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.householdCheckoutId, checkoutId), eq(memberships.paysByCheckOrCash, false)));
  for (const membership of covered) {
    const line = lines.find((candidate) => candidate.athleteId === membership.athleteId);
    if (!line) continue;
    await sendReceipt(
      deps,
      membership.id,
      {
        amountCents: 0,
        card: null,
        siblingDiscountCents: line.siblingDiscountCents,
        financialAssistanceCents: line.financialAssistanceCents,
      },
      { withWaiver: true },
    );
  }
}

/** Records what a succeeded intent of a household checkout paid for (its card saved when later phases need it). */
export async function recordIntent(
  deps: AppDeps,
  row: HouseholdCheckoutRow,
  intent: PaymentIntent,
  locale: Locale,
): Promise<Recorded> {
  const summary = intent.paymentMethodId ? await deps.providers.payments.cardSummary(intent.paymentMethodId) : null;
  const customerId = intent.metadata.customer_id;
  const card =
    summary && customerId && intent.paymentMethodId
      ? { customerId, paymentMethodId: intent.paymentMethodId, ...summary }
      : null;
  return recordCheckout(deps, row, {
    chargeId: intent.id,
    card,
    summary,
    locale: agreedLocale(intent.metadata, locale),
  });
}

/** Whether every athlete of the checkout holds an active membership for its season now (paid by any checkout). */
export async function allPaid(db: Db, lines: StoredLine[]): Promise<boolean> {
  const active = await takenSeasons(db, lines);
  return lines.every((line) => active.some((m) => m.userId === line.athleteId && m.seasonId === line.seasonId));
}
