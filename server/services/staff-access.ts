/**
 * Who may do what in the club's console (issue 22 point 1): the staff member a staff session opens, with their
 * organizations, and the scope checks every `/api/admin` service runs before it reads or writes anything.
 *
 * - `requireOrganizationRole(staff, organizationId, roles)`: an organization the staff member has no role in answers
 *   404 (it does not exist for them: never its data, nor whether it exists); a role not in `roles` answers 403.
 * - `requireTeamScope(staff, team, roles)`: the same for a team's organization, and a coach sees only the teams they
 *   coach (another team of the organization: 404).
 *
 * Pure functions over the loaded staff member (services/staff-accounts.ts `staffAccess` builds it), so a later route
 * checks its scope with the rows it already read.
 */
import type { StaffRole } from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';

/** Every role, highest first (the API's enum). */
export const STAFF_ROLES = ['owner', 'registrar', 'coach'] as const satisfies readonly StaffRole[];

export const STAFF_TEXTS = {
  staffOnly: 'This page is for club staff.',
  organizationNotFound: 'Organization not found.',
  teamNotFound: 'Team not found.',
  roleRefused: 'Your role in this organization does not allow this.',
} as const;

/** A team the staff member may see, as the API names it. */
export interface StaffTeam {
  id: number;
  name: string;
}

/** One organization of a staff member: their role there and, for a coach, the teams they coach (else null: all). */
export interface StaffOrganization {
  id: number;
  name: string;
  role: StaffRole;
  teams: StaffTeam[] | null;
}

/** The staff member of a staff session (docs/api.md "Club console"): what `GET /api/admin/me` answers. */
export interface StaffJson {
  id: number;
  name: string;
  email: string;
  organizations: StaffOrganization[];
}

/** What the staff middleware hands to the routes: the staff member and the session token in clear (logout). */
export interface StaffAuthenticated {
  staff: StaffJson;
  token: string;
}

/** An organization-wide role outranks a coach's team rows: owner > registrar > coach. */
export const ROLE_RANK: Record<StaffRole, number> = { owner: 3, registrar: 2, coach: 1 };

/**
 * The staff member's place in `organizationId` if their role is one of `roles`; 404 when they have none there, 403
 * when their role may not do this.
 */
export function requireOrganizationRole(
  staff: StaffJson,
  organizationId: number,
  roles: readonly StaffRole[],
): StaffOrganization {
  const organization = staff.organizations.find((candidate) => candidate.id === organizationId);
  if (!organization) throw notFound(STAFF_TEXTS.organizationNotFound);
  if (!roles.includes(organization.role)) throw forbidden(STAFF_TEXTS.roleRefused);
  return organization;
}

/**
 * The staff member's place in the organization of `team`, if their role is one of `roles` and, for a coach, the team
 * is one they coach. 404 'Team not found.' for a team of an organization they have no role in and for another team
 * of a coach's organization; 403 for a role not in `roles`.
 */
export function requireTeamScope(
  staff: StaffJson,
  team: { id: number; organizationId: number },
  roles: readonly StaffRole[],
): StaffOrganization {
  const organization = staff.organizations.find((candidate) => candidate.id === team.organizationId);
  if (!organization) throw notFound(STAFF_TEXTS.teamNotFound);
  if (organization.teams !== null && !organization.teams.some((own) => own.id === team.id)) {
    throw notFound(STAFF_TEXTS.teamNotFound);
  }
  if (!roles.includes(organization.role)) throw forbidden(STAFF_TEXTS.roleRefused);
  return organization;
}

/** One role row of a staff member (a coach's names a team). */
export interface RoleRow {
  key: number;
  role: StaffRole;
  teamId: number | null;
  teamName: string | null;
}

/**
 * Folds role rows into one place per key (an organization, or a staff member of one organization), in the rows'
 * order: the highest role wins; a coach's place lists the teams they coach, any other role's `teams` is null (all).
 */
export function highestRoles(rows: readonly RoleRow[]): Map<number, { role: StaffRole; teams: StaffTeam[] | null }> {
  const places = new Map<number, { role: StaffRole; teams: StaffTeam[] | null }>();
  for (const row of rows) {
    const known = places.get(row.key);
    const team = row.teamId !== null && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null;
    if (!known || ROLE_RANK[row.role] > ROLE_RANK[known.role]) {
      places.set(row.key, { role: row.role, teams: row.role === 'coach' ? (team ? [team] : []) : null });
    } else if (known.role === 'coach' && row.role === 'coach' && team) {
      known.teams?.push(team);
    }
  }
  return places;
}
