/**
 * The seats a waitlist holds (issue 21 point 3): the one place that makes, takes, expires and declines offers, and
 * the step every freed seat runs ("offer free seats to the first families"). Kept apart from ./waitlist.ts (the
 * routes' calls) so that ./licences.ts can use a held seat in claimLicence without an import cycle.
 *
 * How a seat is held: an offer takes its seat out of `licences.available_licenses` when it is made, so the licence
 * info and every other claim see it gone and claimLicence's atomic `available_licenses > 0` check is unchanged. The
 * offered family (any account of the offered guardian's household) claims with the held seat: no decrement, and the
 * offer is marked taken. An offer that expires (48 h) or is declined (the family leaves) gives its seat back, and the
 * same step offers it to the next waiting family at once (or leaves it in the pool when nobody waits).
 *
 * Every seat change runs in one transaction that first locks the licence's row (`SELECT ... FOR UPDATE`), so two
 * processes offering the same freed seat make one offer: the second waits for the first, then reads the seat gone.
 * The offer's e-mail is written to the outbox in that same transaction (with SMTP it is sent after the commit).
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { toIsoDate } from '../../src/domain/dates.ts';
import { QUEUES } from '../billing/queues.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  licenceClaims,
  licences,
  teams,
  type UserRow,
  users,
  waitlistEntries,
  waitlistOffers,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { siteLink } from '../http/origin.ts';
import { mailLanguage, savedLocale } from '../mail/mail-language.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { waitlistOfferMail } from '../mail/waitlist-mail.ts';
import { householdMemberIds } from './households.ts';
import { hashToken, newTokenValue } from './tokens.ts';

/** How long an offer holds its seat. */
export const OFFER_LIFETIME_MS = 48 * 60 * 60 * 1000;

type SeatDeps = Pick<AppDeps, 'env' | 'mailer' | 'log' | 'jobs'>;

/** What a seat change did: the offers it made, and the mails to send after its commit (SMTP only). */
export interface SeatChange {
  offered: number;
  mails: MailMessage[];
}

const NO_CHANGE: SeatChange = { offered: 0, mails: [] };

/** An offer still open: neither taken, expired nor declined (it may be past `expires_at` until the job runs). */
export const openOffer = () =>
  and(isNull(waitlistOffers.takenAt), isNull(waitlistOffers.expiredAt), isNull(waitlistOffers.declinedAt));

/** The licence page's link an offer's e-mail carries. */
export function offerLink(env: SeatDeps['env'], code: string, token: string): string {
  return siteLink(env, `/licenses/${encodeURIComponent(code)}`, { offer: token });
}

/**
 * Writes a mail in the transaction: the outbox row commits with the offer (with SMTP the relay delivers it once
 * committed, server/mail/mailer.ts), so `later` stays empty.
 */
async function mailInTransaction(deps: SeatDeps, tx: Tx, message: MailMessage, _later: MailMessage[]): Promise<void> {
  await deps.mailer.sendInTransaction(tx, message);
}

/** Sends the mails a committed seat change kept for after the commit (none since every mail is an outbox row). */
export async function deliverAfterCommit(deps: SeatDeps, mails: readonly MailMessage[]): Promise<void> {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error, subject: mail.logLabel ?? 'mail' }, 'waitlist: mail not sent');
    }
  }
}

/**
 * Offers the licence's free seats to the first waiting families, one seat each, in the caller's transaction: locks
 * the licence's row, then for each free seat (while someone waits) makes an offer to the oldest waiting entry, takes
 * the seat out of `available_licenses` and writes the e-mail. A paused or expired licence offers nothing (its seats
 * stay in the pool). Answers the mails to send after the commit (SMTP only).
 */
export async function offerFreeSeats(deps: SeatDeps, tx: Tx, licenceId: number, now: Date): Promise<SeatChange> {
  const later: MailMessage[] = [];
  const [row] = await tx
    .select({ licence: licences, teamName: teams.name })
    .from(licences)
    .leftJoin(teams, eq(teams.id, licences.teamId))
    .where(eq(licences.id, licenceId))
    .for('update', { of: licences });
  if (!row) return { offered: 0, mails: later };
  const { licence } = row;
  if (licence.paused || (licence.expiresOn !== null && licence.expiresOn < toIsoDate(now))) {
    return { offered: 0, mails: later };
  }
  let free = licence.availableLicenses;
  let offered = 0;
  while (free > 0) {
    const [entry] = await tx
      .select({ id: waitlistEntries.id, guardianId: waitlistEntries.guardianId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.licenceId, licenceId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id))
      .limit(1);
    if (!entry) break;
    const token = newTokenValue();
    const expiresAt = new Date(now.getTime() + OFFER_LIFETIME_MS);
    await tx
      .insert(waitlistOffers)
      .values({ entryId: entry.id, licenceId, tokenHash: hashToken(token), offeredAt: now, expiresAt });
    await tx.update(waitlistEntries).set({ status: 'offered' }).where(eq(waitlistEntries.id, entry.id));
    free -= 1;
    offered += 1;
    const [guardian] = await tx
      .select({ email: users.email, name: users.name, language: users.language })
      .from(users)
      .where(eq(users.id, entry.guardianId));
    if (guardian?.email) {
      // In the guardian's saved language (issue 31), the hold's end named in UTC ('Nov 28, 2026, 7:02 PM UTC').
      const language = mailLanguage(savedLocale(guardian.language));
      const mail = waitlistOfferMail({
        to: guardian.email,
        guardianName: guardian.name,
        team: row.teamName ?? licence.name,
        expiresText: language.instantUtc(expiresAt),
        link: offerLink(deps.env, licence.code, token),
        locale: language.locale,
      });
      await mailInTransaction(deps, tx, mail, later);
    }
  }
  if (offered > 0) {
    await tx
      .update(licences)
      .set({ availableLicenses: sql`${licences.availableLicenses} - ${offered}` })
      .where(eq(licences.id, licenceId));
    // The offers' expiry job, enqueued with them (issue 33): it commits with the seat change or not at all, and runs
    // when they expire (the billing interval's sweep of the same queue stays the safety net).
    const expiresAt = new Date(now.getTime() + OFFER_LIFETIME_MS);
    await deps.jobs.enqueueInTransaction(tx, QUEUES.offerExpiry, {}, { startAfter: expiresAt });
  }
  return { offered, mails: later };
}

/**
 * Gives `count` seats back to the licence's pool and offers them on (an offer expired or declined, a claim released,
 * a held seat given back: ./seat-holds.ts), in the caller's transaction; answers the mails for after the commit.
 */
export async function returnSeats(deps: SeatDeps, tx: Tx, licenceId: number, count: number, now: Date) {
  await tx
    .update(licences)
    .set({ availableLicenses: sql`${licences.availableLicenses} + ${count}` })
    .where(eq(licences.id, licenceId));
  return offerFreeSeats(deps, tx, licenceId, now);
}

/** The open, unexpired offers of a licence with the guardian each was made to. */
async function liveOffers(db: Db | Tx, licenceId: number, now: Date) {
  return db
    .select({ id: waitlistOffers.id, entryId: waitlistOffers.entryId, guardianId: waitlistEntries.guardianId })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(
      and(
        eq(waitlistOffers.licenceId, licenceId),
        openOffer(),
        sql`${waitlistOffers.expiresAt} > ${now.toISOString()}`,
      ),
    );
}

/** The live offer whose household `user` belongs to (a guardian of it, or one of its athletes), if any. */
async function offerOfHousehold(db: Db | Tx, user: Pick<UserRow, 'id'>, licenceId: number, now: Date) {
  for (const offer of await liveOffers(db, licenceId, now)) {
    if ((await householdMemberIds(db, { id: offer.guardianId })).includes(user.id)) return offer;
  }
  return null;
}

/** Whether `user`'s household holds a live offer for the licence (the licence is theirs to claim though "full"). */
export async function holdsOpenOffer(
  db: Db | Tx,
  user: Pick<UserRow, 'id'>,
  licenceId: number,
  now: Date,
): Promise<boolean> {
  return (await offerOfHousehold(db, user, licenceId, now)) !== null;
}

/**
 * claimLicence's half of the waitlist, in its transaction after the claim row is inserted: when `user`'s household
 * holds a live offer for the licence, the offer is taken (its held seat becomes the claim's: the caller must not
 * decrement) and true is answered. Either way the household's place in the line ends (it holds a seat now). The
 * offer is taken with a conditional UPDATE, so an expiry job racing it leaves exactly one of the two.
 */
export async function takeHeldSeat(tx: Tx, user: Pick<UserRow, 'id'>, licenceId: number, now: Date) {
  const offer = await offerOfHousehold(tx, user, licenceId, now);
  let held = false;
  if (offer) {
    const taken = await tx
      .update(waitlistOffers)
      .set({ takenAt: now, takenBy: user.id })
      .where(and(eq(waitlistOffers.id, offer.id), openOffer(), sql`${waitlistOffers.expiresAt} > ${now.toISOString()}`))
      .returning({ id: waitlistOffers.id });
    held = taken.length > 0;
  }
  return held;
}

/** After a successful claim: the household's entries in the licence's line end ('claimed'). */
export async function leaveLineOnClaim(tx: Tx, user: Pick<UserRow, 'id'>, licenceId: number, now: Date) {
  const active = await tx
    .select({ id: waitlistEntries.id, guardianId: waitlistEntries.guardianId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.licenceId, licenceId), inArray(waitlistEntries.status, ['waiting', 'offered'])));
  const ours: number[] = [];
  for (const entry of active) {
    if ((await householdMemberIds(tx, { id: entry.guardianId })).includes(user.id)) ours.push(entry.id);
  }
  if (ours.length === 0) return;
  await tx.update(waitlistEntries).set({ status: 'claimed', leftAt: now }).where(inArray(waitlistEntries.id, ours));
}

/**
 * An entry leaves the line (DELETE /api/waitlist): status 'left'; an open offer is declined and its seat passes on.
 * Runs in the caller's transaction, which must hold the licence's row lock first (./waitlist.ts takes it).
 */
export async function leaveLine(deps: SeatDeps, tx: Tx, entryId: number, licenceId: number, now: Date) {
  const declined = await tx
    .update(waitlistOffers)
    .set({ declinedAt: now })
    .where(and(eq(waitlistOffers.entryId, entryId), openOffer()))
    .returning({ id: waitlistOffers.id });
  await tx.update(waitlistEntries).set({ status: 'left', leftAt: now }).where(eq(waitlistEntries.id, entryId));
  return declined.length > 0 ? returnSeats(deps, tx, licenceId, declined.length, now) : NO_CHANGE;
}

/**
 * Releases a user's claim on a licence (issue 22's refunds call it): the claim row goes, its seat returns to the
 * pool and is offered to the first waiting family, in one transaction. False when there was no such claim.
 */
export async function releaseClaim(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'log' | 'now' | 'jobs'>,
  licenceId: number,
  userId: number,
): Promise<boolean> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const released = await tx
      .delete(licenceClaims)
      .where(and(eq(licenceClaims.licenceId, licenceId), eq(licenceClaims.userId, userId)))
      .returning({ id: licenceClaims.id });
    if (released.length === 0) return null;
    return returnSeats(deps, tx, licenceId, released.length, now);
  });
  if (outcome === null) return false;
  await deliverAfterCommit(deps, outcome.mails);
  return true;
}

/**
 * The expiry job (run with the collector): every open offer past its 48 h expires, its family leaves the line
 * ('expired') and its seat is offered to the next waiting family (or returns to the pool). One transaction per
 * licence under its row lock; the offers are expired with a conditional UPDATE, so several processes running the job
 * (or a claim racing it) expire each offer once. `now` is the run's moment (as of a date outside production).
 */
export async function expireWaitlistOffers(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'log' | 'jobs'>,
  now: Date,
): Promise<{ expired: number; offered: number }> {
  const due = await deps.db
    .selectDistinct({ licenceId: waitlistOffers.licenceId })
    .from(waitlistOffers)
    .where(and(openOffer(), lte(waitlistOffers.expiresAt, now)));
  const result = { expired: 0, offered: 0 };
  for (const { licenceId } of due) {
    const change = await deps.db.transaction(async (tx) => {
      await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, licenceId)).for('update');
      const expired = await tx
        .update(waitlistOffers)
        .set({ expiredAt: now })
        .where(and(eq(waitlistOffers.licenceId, licenceId), openOffer(), lte(waitlistOffers.expiresAt, now)))
        .returning({ entryId: waitlistOffers.entryId });
      if (expired.length === 0) return { expired: 0, ...NO_CHANGE };
      const entryIds = expired.map((offer) => offer.entryId);
      await tx
        .update(waitlistEntries)
        .set({ status: 'expired', leftAt: now })
        // An entry that left the line meanwhile (claimed through the pool as its offer lapsed) keeps its status.
        .where(and(inArray(waitlistEntries.id, entryIds), eq(waitlistEntries.status, 'offered')));
      return { expired: expired.length, ...(await returnSeats(deps, tx, licenceId, expired.length, now)) };
    });
    result.expired += change.expired;
    result.offered += change.offered;
    await deliverAfterCommit(deps, change.mails);
  }
  return result;
}
