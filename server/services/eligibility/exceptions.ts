/**
 * Exceptions to a team's age rule (issue 32 point 1): an owner or registrar lets one athlete onto one team whatever
 * the rule says, with a reason. Found by the athlete's username, or by a guardian's e-mail and the athlete's name.
 * Through the permission table (`grant_eligibility_exception`: owners and registrars, team scope) and written to the
 * audit log in the same transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { displayName } from '../../../src/domain/names.ts';
import { eligibilityExceptions, staffAccounts, teams, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { fieldErrorOf, notFound } from '../../http/errors.ts';
import { writeAudit } from '../admin-audit.ts';
import { householdAthleteIds } from '../households.ts';
import { authorize, STAFF_TEXTS, type StaffJson, teamTarget } from '../staff/index.ts';
import { teamAgeRule } from './index.ts';

export const GRANT_ACTION = 'grant_eligibility_exception';

export type GrantBody =
  | { athlete_username: string; reason: string }
  | { guardian_email: string; athlete_name: string; reason: string };

export interface ExceptionJson {
  id: number;
  athlete: { id: number; name: string; username: string | null };
  reason: string;
  granted_by: { id: number; name: string } | null;
  granted_at: string;
}

async function teamInScope(deps: AppDeps, staff: StaffJson, teamId: number) {
  const [team] = await deps.db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound(STAFF_TEXTS.teamNotFound);
  authorize(staff, 'grant_eligibility_exception', teamTarget(team));
  return team;
}

/** The athlete the body names, or 422 on the field that named nobody. */
async function findAthlete(deps: AppDeps, body: GrantBody) {
  const { db } = deps;
  if ('athlete_username' in body) {
    const [athlete] = await db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(users)
      .where(and(eq(users.kind, 'athlete'), sql`lower(${users.username}) = ${body.athlete_username.toLowerCase()}`));
    if (!athlete) throw fieldErrorOf('athlete_username', 'eligibility.noSuchAthlete');
    return athlete;
  }
  const [guardian] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, 'guardian'), sql`lower(${users.email}) = ${body.guardian_email.toLowerCase()}`));
  const wanted = displayName(body.athlete_name).toLowerCase();
  if (guardian) {
    for (const id of await householdAthleteIds(db, guardian)) {
      const [athlete] = await db
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(eq(users.id, id));
      if (athlete && displayName(athlete.name ?? '').toLowerCase() === wanted) return athlete;
    }
  }
  throw fieldErrorOf('athlete_name', 'eligibility.noSuchAthlete');
}

function exceptionJson(row: {
  id: number;
  athleteId: number;
  athleteName: string | null;
  username: string | null;
  reason: string;
  staffId: number | null;
  staffName: string | null;
  grantedAt: Date;
}): ExceptionJson {
  return {
    id: row.id,
    athlete: { id: row.athleteId, name: displayName(row.athleteName ?? ''), username: row.username },
    reason: row.reason,
    granted_by: row.staffId === null || row.staffName === null ? null : { id: row.staffId, name: row.staffName },
    granted_at: row.grantedAt.toISOString(),
  };
}

async function exceptionRows(deps: AppDeps, teamId: number) {
  const rows = await deps.db
    .select({
      id: eligibilityExceptions.id,
      athleteId: eligibilityExceptions.athleteId,
      athleteName: users.name,
      username: users.username,
      reason: eligibilityExceptions.reason,
      staffId: eligibilityExceptions.grantedBy,
      staffName: staffAccounts.name,
      grantedAt: eligibilityExceptions.grantedAt,
    })
    .from(eligibilityExceptions)
    .innerJoin(users, eq(users.id, eligibilityExceptions.athleteId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, eligibilityExceptions.grantedBy))
    .where(eq(eligibilityExceptions.teamId, teamId))
    .orderBy(asc(eligibilityExceptions.id));
  return rows.map(exceptionJson);
}

/** GET /api/admin/teams/{team_id}/eligibility: the team's age rule (null: none) and the exceptions granted. */
export async function teamEligibility(deps: AppDeps, staff: StaffJson, teamId: number) {
  const team = await teamInScope(deps, staff, teamId);
  const rule = await teamAgeRule(deps.db, team.id);
  return {
    team: { id: team.id, name: team.name },
    age_rule: rule?.rule ?? null,
    exceptions: await exceptionRows(deps, team.id),
  };
}

/**
 * POST /api/admin/teams/{team_id}/eligibility-exceptions: lets the athlete onto the team (granted again: the new
 * reason replaces the old, and the audit log keeps both).
 */
export async function grantException(deps: AppDeps, staff: StaffJson, teamId: number, body: GrantBody) {
  const team = await teamInScope(deps, staff, teamId);
  const athlete = await findAthlete(deps, body);
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ reason: eligibilityExceptions.reason })
      .from(eligibilityExceptions)
      .where(and(eq(eligibilityExceptions.athleteId, athlete.id), eq(eligibilityExceptions.teamId, team.id)));
    const [row] = await tx
      .insert(eligibilityExceptions)
      .values({ athleteId: athlete.id, teamId: team.id, reason: body.reason, grantedBy: staff.id, grantedAt: now })
      .onConflictDoUpdate({
        target: [eligibilityExceptions.athleteId, eligibilityExceptions.teamId],
        set: { reason: body.reason, grantedBy: staff.id, grantedAt: now },
      })
      .returning({ id: eligibilityExceptions.id });
    if (!row) throw new Error('eligibility exception upsert returned nothing');
    await writeAudit(tx, {
      organizationId: team.organizationId,
      staffId: staff.id,
      membershipId: null,
      action: GRANT_ACTION,
      before: before ? { athlete_id: athlete.id, team_id: team.id } : null,
      after: { athlete_id: athlete.id, team_id: team.id },
      reason: body.reason,
    });
    return row.id;
  });
  const exception = (await exceptionRows(deps, team.id)).find((row) => row.id === id);
  if (!exception) throw new Error('a granted exception is read back');
  return { exception };
}
