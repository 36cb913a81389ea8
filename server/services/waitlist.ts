/**
 * The waitlist calls of issue 21 point 3 (docs/api.md "Waitlist (issue 21)"), one function per route of
 * server/routes/waitlist.ts, and the licence info as a visitor with an offer's link sees it. The seats themselves
 * (offers made, taken, expired, declined) are ./waitlist-seats.ts's.
 *
 * An entry is a family's: it is stored with the guardian who joined, and every guardian of that guardian's household
 * (./households.ts) sees and leaves the same entry; another account never finds it (its GET answers null, its DELETE
 * leaves nothing). Athletes and coaches have no place in a line (403).
 */
import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { releasedText } from '../../src/domain/seat-holds.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  type LicenceRow,
  licenceClaims,
  licences,
  memberships,
  teams,
  type UserRow,
  type WaitlistEntryRow,
  waitlistEntries,
  waitlistOffers,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import { english } from '../i18n/index.ts';
import { householdGuardianIds, householdMemberIds } from './households.ts';
import { findLicence, findLicenceInfo, isExpired, LICENCE_TEXTS, type LicenceInfoJson } from './licences.ts';
import { releasedHoldTeam } from './seat-holds.ts';
import { hashToken } from './tokens.ts';
import { deliverAfterCommit, leaveLine, openOffer } from './waitlist-seats.ts';

export const WAITLIST_TEXTS = {
  guardiansOnly: english('waitlist.guardiansOnly'),
  licenceNotFound: english('waitlist.licenceNotFound'),
  seatsLeft: english('waitlist.seatsLeft'),
  alreadyOnTeam: english('waitlist.alreadyOnTeam'),
  teamOnly: english('waitlist.teamOnly'),
} as const;

/** The `WaitlistEntry` of docs/api.md. */
export interface WaitlistEntryJson {
  license: string;
  team: { name: string };
  /** 1 = next in line; 0 while an offer is open for the family. */
  position: number;
  status: 'waiting' | 'offered';
  offer: { expires_at: string } | null;
  joined_at: string;
}

/** The licence info with the offer a visitor's link names (`GET /api/registration-link/info/{code}?offer=`). */
export type LicenceInfoWithOfferJson = LicenceInfoJson & { offer?: { expires_at: string } };

/** Athletes and coaches are refused (403) before anything is looked up. */
export function requireWaitlistGuardian(user: Pick<UserRow, 'kind'>): void {
  if (user.kind !== 'guardian') throw forbidden(WAITLIST_TEXTS.guardiansOnly);
}

async function requireLicence(db: Db | Tx, code: string): Promise<LicenceRow> {
  const licence = await findLicence(db, code);
  if (!licence) throw notFound(WAITLIST_TEXTS.licenceNotFound);
  return licence;
}

/** The household's entry in the licence's line (waiting or offered), if any. */
async function activeEntry(db: Db | Tx, user: Pick<UserRow, 'id'>, licenceId: number) {
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.licenceId, licenceId),
        inArray(waitlistEntries.guardianId, await householdGuardianIds(db, user)),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
    .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id))
    .limit(1);
  return entry ?? null;
}

async function entryJson(db: Db | Tx, entry: WaitlistEntryRow, licence: LicenceRow): Promise<WaitlistEntryJson> {
  const [team] =
    licence.teamId === null
      ? []
      : await db.select({ name: teams.name }).from(teams).where(eq(teams.id, licence.teamId));
  const [offer] =
    entry.status === 'offered'
      ? await db
          .select({ expiresAt: waitlistOffers.expiresAt })
          .from(waitlistOffers)
          .where(and(eq(waitlistOffers.entryId, entry.id), openOffer()))
      : [];
  let position = 0;
  if (!offer) {
    const [ahead] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.licenceId, entry.licenceId),
          eq(waitlistEntries.status, 'waiting'),
          or(
            lt(waitlistEntries.joinedAt, entry.joinedAt),
            and(eq(waitlistEntries.joinedAt, entry.joinedAt), lt(waitlistEntries.id, entry.id)),
          ),
        ),
      );
    position = (ahead?.count ?? 0) + 1;
  }
  return {
    license: licence.code,
    team: { name: team?.name ?? licence.name },
    position,
    status: offer ? 'offered' : 'waiting',
    offer: offer ? { expires_at: offer.expiresAt.toISOString() } : null,
    joined_at: entry.joinedAt.toISOString(),
  };
}

/** Whether the household holds a claim on one of the team's licences or an active membership on the team. */
async function holdsTeamSeat(db: Db | Tx, user: Pick<UserRow, 'id'>, teamId: number): Promise<boolean> {
  const members = await householdMemberIds(db, user);
  const [claim] = await db
    .select({ id: licenceClaims.id })
    .from(licenceClaims)
    .innerJoin(licences, eq(licences.id, licenceClaims.licenceId))
    .where(and(eq(licences.teamId, teamId), inArray(licenceClaims.userId, members)))
    .limit(1);
  if (claim) return true;
  const [membership] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), inArray(memberships.userId, members), eq(memberships.status, 'active')))
    .limit(1);
  return membership !== undefined;
}

/**
 * POST /api/waitlist: the family joins the licence's line (the end of it), under the licence's row lock (so two
 * guardians of one household joining at once make one entry). Already in the line: the same entry, `created: false`
 * (200). Refused (422): a coach licence, a paused or expired one, a licence with seats free and nobody waiting
 * ('This team still has spots: register now.'), a family already holding a claim or an active membership on the team.
 */
export async function joinWaitlist(
  deps: AppDeps,
  user: UserRow,
  body: { license: string },
): Promise<{ entry: WaitlistEntryJson; created: boolean }> {
  requireWaitlistGuardian(user);
  const now = deps.now();
  const found = await requireLicence(deps.db, body.license);
  return deps.db.transaction(async (tx) => {
    const [licence] = await tx.select().from(licences).where(eq(licences.id, found.id)).for('update');
    if (!licence) throw notFound(WAITLIST_TEXTS.licenceNotFound);
    const existing = await activeEntry(tx, user, licence.id);
    if (existing) return { entry: await entryJson(tx, existing, licence), created: false };
    if (licence.kind !== 'team' || licence.teamId === null) throw refusal(WAITLIST_TEXTS.teamOnly);
    if (licence.paused) throw refusal(LICENCE_TEXTS.paused);
    if (isExpired(licence, now)) throw refusal(LICENCE_TEXTS.teamUnavailable);
    if (await holdsTeamSeat(tx, user, licence.teamId)) throw refusal(WAITLIST_TEXTS.alreadyOnTeam);
    if (licence.availableLicenses > 0) {
      const [waiting] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.licenceId, licence.id), eq(waitlistEntries.status, 'waiting')))
        .limit(1);
      if (!waiting) throw refusal(WAITLIST_TEXTS.seatsLeft);
    }
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({ licenceId: licence.id, guardianId: user.id, status: 'waiting', joinedAt: now })
      .returning();
    if (!entry) throw new Error('waitlist entry insert returned nothing');
    return { entry: await entryJson(tx, entry, licence), created: true };
  });
}

function refusal(message: string) {
  return validationError({ license: [message] });
}

/** GET /api/waitlist?license=CODE: the family's entry in the licence's line, or null. */
export async function getWaitlistEntry(
  deps: AppDeps,
  user: UserRow,
  code: string,
): Promise<{ entry: WaitlistEntryJson | null; released?: string }> {
  requireWaitlistGuardian(user);
  const licence = await requireLicence(deps.db, code);
  const entry = await activeEntry(deps.db, user, licence.id);
  const answer = { entry: entry ? await entryJson(deps.db, entry, licence) : null };
  // Issue 30 point 4: the licence page of a family whose held spot was released says so.
  const team = await releasedHoldTeam(deps.db, await householdMemberIds(deps.db, user), licence);
  return team === null ? answer : { ...answer, released: releasedText(team) };
}

/**
 * DELETE /api/waitlist?license=CODE: the family leaves the line; an open offer is declined and its seat passes to
 * the next family (or back to the pool), in one transaction under the licence's row lock. Not in the line: nothing
 * to do (the route answers 204 all the same).
 */
export async function leaveWaitlist(deps: AppDeps, user: UserRow, code: string): Promise<void> {
  requireWaitlistGuardian(user);
  const now = deps.now();
  const licence = await requireLicence(deps.db, code);
  const change = await deps.db.transaction(async (tx) => {
    await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, licence.id)).for('update');
    const entry = await activeEntry(tx, user, licence.id);
    return entry ? leaveLine(deps, tx, entry.id, licence.id, now) : null;
  });
  if (change) await deliverAfterCommit(deps, change.mails);
}

/**
 * GET /api/registration-link/info/{code}(?offer=TOKEN): the licence info; with the token of an open, unexpired offer
 * on this licence it adds `offer: { expires_at }` and answers the held seat as the visitor's (`available_licenses: 1`,
 * available unless paused or expired), so the licence page's usual path runs. Any other token: the usual answer.
 * Null for an unknown code.
 */
export async function licenceInfoForVisitor(
  db: Db,
  code: string,
  offerToken: string | undefined,
  now: Date,
): Promise<{ kind: LicenceRow['kind']; info: LicenceInfoWithOfferJson } | null> {
  const found = await findLicenceInfo(db, code, now);
  if (!found || offerToken === undefined || offerToken === '') return found;
  const [offer] = await db
    .select({ expiresAt: waitlistOffers.expiresAt, paused: licences.paused, expiresOn: licences.expiresOn })
    .from(waitlistOffers)
    .innerJoin(licences, eq(licences.id, waitlistOffers.licenceId))
    .where(
      and(
        eq(waitlistOffers.tokenHash, hashToken(offerToken)),
        eq(licences.code, found.info.license_code),
        openOffer(),
        gt(waitlistOffers.expiresAt, now),
      ),
    );
  if (!offer) return found;
  const open = !offer.paused && !isExpired({ expiresOn: offer.expiresOn }, now);
  return {
    kind: found.kind,
    info: {
      ...found.info,
      available: open,
      available_licenses: 1,
      offer: { expires_at: offer.expiresAt.toISOString() },
    },
  };
}
