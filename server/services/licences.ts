import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { addDays, endOfDate, formatDisplayDate, toIsoDate } from '../../src/domain/dates.ts';
import { type Db, preparedPerDb, type Tx } from '../db/client.ts';
import {
  type LicenceRow,
  licenceClaims,
  licences,
  organizations,
  seasons,
  subscriptions,
  teamQuestions,
  teams,
  type UserRow,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { english } from '../i18n/index.ts';
import { teamAgeRule } from './eligibility/index.ts';
import { householdMemberIds } from './households.ts';
import { holdsOpenOffer, leaveLineOnClaim, takeHeldSeat } from './waitlist-seats.ts';

export const LICENCE_TEXTS = {
  paused: english('licence.paused'),
  teamUnavailable: english('licence.teamUnavailable'),
  coachUnavailable: english('licence.coachUnavailable'),
  notFound: english('licence.notFound'),
} as const;

/** Codes are stored upper-case and compared that way, so `tigers-2027` finds `TIGERS-2027`. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function findLicence(db: Db | Tx, code: string): Promise<LicenceRow | null> {
  const [licence] = await db
    .select()
    .from(licences)
    .where(eq(licences.code, normalizeCode(code)))
    .limit(1);
  return licence ?? null;
}

/** Sets how many seats of a licence are left to claim (staff; the check constraint keeps it at 0 or more). */
export async function setAvailableLicences(db: Db | Tx, licenceId: number, available: number): Promise<void> {
  await db.update(licences).set({ availableLicenses: available }).where(eq(licences.id, licenceId));
}

/** Pauses or resumes a licence (staff): a paused licence takes no claims and makes no waitlist offers. */
export async function setLicencePaused(db: Db | Tx, licenceId: number, paused: boolean): Promise<void> {
  await db.update(licences).set({ paused }).where(eq(licences.id, licenceId));
}

export function isExpired(licence: Pick<LicenceRow, 'expiresOn'>, now: Date): boolean {
  return licence.expiresOn !== null && licence.expiresOn < toIsoDate(now);
}

export function isAvailable(
  licence: Pick<LicenceRow, 'paused' | 'availableLicenses' | 'expiresOn'>,
  now: Date,
): boolean {
  return !licence.paused && licence.availableLicenses > 0 && !isExpired(licence, now);
}

/** The `LicenceInfo` response of docs/api.md. */
export interface LicenceInfoJson {
  license_code: string;
  name: string;
  available: boolean;
  available_licenses: number;
  expiration_date_formatted: string | null;
  paused: boolean;
  organization_id: number | null;
  organization_name: string | null;
  season_name: string | null;
  team_name: string | null;
  team_id: number | null;
  is_coach: boolean;
}

function licenceInfo(
  licence: LicenceRow,
  organization: { id: number; name: string },
  team: { id: number; name: string; seasonName: string } | null,
  now: Date,
): LicenceInfoJson {
  return {
    license_code: licence.code,
    name: licence.name,
    available: isAvailable(licence, now),
    available_licenses: licence.availableLicenses,
    expiration_date_formatted: licence.expiresOn === null ? null : formatDisplayDate(licence.expiresOn),
    paused: licence.paused,
    organization_id: organization.id,
    organization_name: organization.name,
    season_name: team?.seasonName ?? null,
    team_name: team?.name ?? null,
    team_id: team?.id ?? null,
    is_coach: licence.kind === 'coach',
  };
}

/**
 * The licence page's first call (a whole team opens the coach's link at once): the licence with its organization,
 * team and season in one statement, read fresh every time (seats left and paused change under the families' feet).
 */
const licenceViewStatement = preparedPerDb((db) =>
  db
    .select({
      licence: licences,
      organization: { id: organizations.id, name: organizations.name },
      // Flat: drizzle turns a nested object into null only when all its columns come from one table.
      teamId: teams.id,
      teamName: teams.name,
      seasonName: seasons.name,
    })
    .from(licences)
    .innerJoin(organizations, eq(organizations.id, licences.organizationId))
    .leftJoin(teams, eq(teams.id, licences.teamId))
    .leftJoin(seasons, eq(seasons.id, teams.seasonId))
    .where(eq(licences.code, sql.placeholder('code')))
    .limit(1)
    .prepare('licence_view'),
);

/** The `LicenceInfo` of a licence code with the licence's kind, or null for an unknown code. */
export async function findLicenceInfo(
  db: Db,
  code: string,
  now: Date,
): Promise<{ kind: LicenceRow['kind']; info: LicenceInfoJson } | null> {
  const [row] = await licenceViewStatement(db).execute({ code: normalizeCode(code) });
  if (!row) return null;
  // A team licence always has a team with a season (licences_team_check, not-null foreign keys).
  const team =
    row.teamId === null || row.teamName === null || row.seasonName === null
      ? null
      : { id: row.teamId, name: row.teamName, seasonName: row.seasonName };
  return { kind: row.licence.kind, info: licenceInfo(row.licence, row.organization, team, now) };
}

/**
 * Whose licence claims and memberships count for a user: their own, and for a guardian those of their household's
 * other guardians and athletes (the athlete claims the seat and may pay with the guardian's token, spec §4, §6; a
 * second guardian sees, pays and updates what the first one registered or paid, issue 20).
 */
export async function claimHolderIds(db: Db | Tx, user: Pick<UserRow, 'id'>): Promise<number[]> {
  return householdMemberIds(db, user);
}

/** Whether the user, or one of their athletes, holds a claim on the licence. */
export async function holdsClaim(db: Db | Tx, user: Pick<UserRow, 'id'>, licenceId: number): Promise<boolean> {
  const [claim] = await db
    .select({ id: licenceClaims.id })
    .from(licenceClaims)
    .where(and(eq(licenceClaims.licenceId, licenceId), inArray(licenceClaims.userId, await claimHolderIds(db, user))))
    .limit(1);
  return claim !== undefined;
}

/**
 * Why a user may not make a licence their latest one (POST /api/user/latest-license), or null when they may: a
 * licence they or their athletes hold is always fine (its seat is theirs, even when none is left now); otherwise it
 * must be one they could still claim.
 */
export async function latestLicenceRefusal(
  db: Db | Tx,
  user: Pick<UserRow, 'id'>,
  licence: LicenceRow,
  now: Date,
): Promise<string | null> {
  if (await holdsClaim(db, user, licence.id)) return null;
  // A seat the waitlist holds for the user's household is theirs to claim (issue 21 point 3).
  if (!licence.paused && !isExpired(licence, now) && (await holdsOpenOffer(db, user, licence.id, now))) return null;
  return claimRefusal(licence, now);
}

/** Why nobody can claim the licence now (paused, none left, expired), or null when it can be claimed. */
export function claimRefusal(licence: LicenceRow, now: Date): string | null {
  if (licence.paused) return LICENCE_TEXTS.paused;
  if (!isAvailable(licence, now)) {
    return licence.kind === 'coach' ? LICENCE_TEXTS.coachUnavailable : LICENCE_TEXTS.teamUnavailable;
  }
  return null;
}

export interface ClaimResult {
  status: 'OK' | 'PAUSED' | 'UNAVAILABLE';
  message: string;
}

class NoneLeft extends Error {}
class PausedMeanwhile extends Error {}

/** Whether the licence is paused now, read with the row locked (the claim's transaction). */
async function isPausedNow(tx: Tx, licenceId: number): Promise<boolean> {
  const [row] = await tx
    .select({ paused: licences.paused })
    .from(licences)
    .where(eq(licences.id, licenceId))
    .for('update');
  return row?.paused ?? true;
}

/** Coach access lasts until the end of the licence's last day (UTC). */
function accessEnd(expiresOn: string | null, now: Date): Date {
  if (expiresOn === null) return addDays(now, 365);
  return endOfDate(expiresOn);
}

/**
 * Claims a licence for a user (spec §4 licence claiming). A user who already holds it gets 'OK' again without using
 * another seat. Otherwise one seat is taken with a single `UPDATE ... WHERE available_licenses > 0 RETURNING`, so
 * concurrent claims never take more seats than there are; the claim row and the decrement commit together. A family
 * the waitlist offered a seat (issue 21 point 3, ./waitlist-seats.ts) claims with that held seat instead: no
 * decrement, and the offer is marked taken in the same transaction.
 */
export async function claimLicence(deps: AppDeps, user: UserRow, licence: LicenceRow): Promise<ClaimResult> {
  const now = deps.now();
  const unavailable: ClaimResult = {
    status: 'UNAVAILABLE',
    message: licence.kind === 'coach' ? LICENCE_TEXTS.coachUnavailable : LICENCE_TEXTS.teamUnavailable,
  };
  if (licence.paused) return { status: 'PAUSED', message: LICENCE_TEXTS.paused };
  if (isExpired(licence, now)) return unavailable;

  try {
    return await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(licenceClaims)
        .values({ licenceId: licence.id, userId: user.id, claimedAt: now })
        .onConflictDoNothing()
        .returning({ id: licenceClaims.id });
      const heldSeat = inserted.length > 0 && (await takeHeldSeat(tx, user, licence.id, now));
      // A held seat is taken without touching the pool, so whether staff paused the licence meanwhile is read again.
      if (heldSeat && (await isPausedNow(tx, licence.id))) throw new PausedMeanwhile();
      if (inserted.length > 0 && !heldSeat) {
        const taken = await tx
          .update(licences)
          .set({ availableLicenses: sql`${licences.availableLicenses} - 1` })
          .where(and(eq(licences.id, licence.id), gt(licences.availableLicenses, 0), eq(licences.paused, false)))
          .returning({ id: licences.id });
        if (taken.length === 0) throw new NoneLeft();
      }
      if (inserted.length > 0) await leaveLineOnClaim(tx, user, licence.id, now);
      await tx.update(users).set({ latestLicenseId: licence.id, updatedAt: now }).where(eq(users.id, user.id));
      if (licence.kind === 'coach') await grantCoachAccess(tx, user, licence, now);
      return {
        status: 'OK' as const,
        message: inserted.length > 0 ? 'License claimed.' : 'License already claimed.',
      };
    });
  } catch (error) {
    if (error instanceof NoneLeft) return unavailable;
    if (error instanceof PausedMeanwhile) return { status: 'PAUSED', message: LICENCE_TEXTS.paused };
    throw error;
  }
}

async function grantCoachAccess(tx: Tx, user: UserRow, licence: LicenceRow, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ isCoach: true, kind: user.kind === 'athlete' ? 'athlete' : 'coach' })
    .where(eq(users.id, user.id));
  const access = {
    kind: 'license' as const,
    active: true,
    disabled: false,
    term: null,
    couponCode: null,
    providerSubscriptionId: null,
    paidThrough: accessEnd(licence.expiresOn, now),
    trialEndsAt: null,
    updatedAt: now,
  };
  await tx
    .insert(subscriptions)
    .values({ userId: user.id, ...access })
    .onConflictDoUpdate({ target: subscriptions.userId, set: access });
}

/** The `LatestLicense` response of docs/api.md for a licence id; null when there is no such licence. */
export async function latestLicenceJson(db: Db, licenceId: number) {
  const [row] = await db
    .select({ code: licences.code, organizationId: licences.organizationId, teamId: licences.teamId })
    .from(licences)
    .where(eq(licences.id, licenceId));
  if (!row) return null;
  let team: { name: string; seasonName: string } | undefined;
  if (row.teamId !== null) {
    [team] = await db
      .select({ name: teams.name, seasonName: seasons.name })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .where(eq(teams.id, row.teamId));
  }
  // Issue 32 (additive): the team's age rule, only when it has one (the athlete steps then check each athlete), and
  // `has_questions` only when the team asks its own questions (the athlete steps then ask them).
  const rule = row.teamId === null ? null : await teamAgeRule(db, row.teamId);
  const asks =
    row.teamId === null
      ? []
      : await db
          .select({ id: teamQuestions.id })
          .from(teamQuestions)
          .where(eq(teamQuestions.teamId, row.teamId))
          .limit(1);
  return {
    license_code: row.code,
    season_name: team?.seasonName ?? null,
    team_name: team?.name ?? null,
    organization_id: row.organizationId,
    ...(rule === null ? {} : { age_rule: { born_from: rule.range.from, born_to: rule.range.to } }),
    ...(asks.length === 0 ? {} : { has_questions: true as const }),
  };
}
