/**
 * Who may do what in the club's console (issue 30 point 2): role × action × scope in ONE table, with each role's rank
 * and reach. Every `/api/admin` route names its action (http/admin-route.ts `createAdminRoute({ permission })`); the
 * staff middleware (http/staff-auth.ts) refuses a staff member whose roles allow it nowhere, and the route's service
 * asks `authorize(staff, action, target)` about the row it found (its organization, or its team), which reads the
 * action's scope here. `GET /api/admin/me` answers each organization's flags (`can`, computed here), from which the
 * console shows and hides; the authorization matrix (server/test/authz-matrix.test.ts) derives the status every
 * caller must get from this table, its scopes included.
 *
 * Scope: 'organization' — the organization a row belongs to (a team's row: the team's organization); 'team' — the
 * team a row belongs to, within the caller's reach (ROLE_REACH: a coach reaches only the teams they coach, another
 * team of the organization does not exist for them, 404), and asked of the whole organization only by a caller who
 * reaches every team; 'account' — the staff member's own account, allowed when one of their roles allows it
 * somewhere (the middleware's check is the whole check). A row that moves money is refused (403) to a staff member
 * without a second factor in an organization whose owner requires one.
 */
import { STAFF_ACTIONS, type StaffAction, type StaffCan, staffCanSchema } from '../../../src/domain/staff.ts';
import type { StaffRole } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { STAFF_TEXTS, type StaffJson, type StaffOrganization, type StaffTeam } from './access.ts';

export type { StaffAction };
export type PermissionScope = 'account' | 'organization' | 'team';

export interface Permission {
  scope: PermissionScope;
  owner: boolean;
  registrar: boolean;
  coach: boolean;
  /**
   * Refunds, retries, offline payments, cancelling, approving financial assistance: a second factor when the
   * organization requires it.
   */
  movesMoney: boolean;
}

const row = (scope: PermissionScope, owner: boolean, registrar: boolean, coach: boolean, movesMoney = false) => ({
  scope,
  owner,
  registrar,
  coach,
  movesMoney,
});

/** The table. Read a row as: scope, owner, registrar, coach, moves money. */
export const PERMISSIONS: { readonly [A in StaffAction]: Permission } = {
  /** Invite staff, list the organization's staff and invitations. */
  manage_staff: row('organization', true, false, false),
  /** Read the season set-up (seasons, teams, licences, settings). */
  read_setup: row('organization', true, true, false),
  /** Seasons, teams, coach licences, the waiver and household discounts. */
  edit_setup: row('organization', true, false, false),
  /** A team's licences: create one, change its seats, pause it. */
  manage_licences: row('organization', true, true, false),
  manage_discounts: row('organization', true, true, false),
  manage_drafts: row('organization', true, true, false),
  /** A team's roster: athletes, guardians' names, e-mails and phones, a standing (paid, owes, …); its CSV. */
  read_roster: row('team', true, true, true),
  /** Amounts, plans, card details, the e-mail log, the audit log, the payments export: the membership page. */
  read_money: row('team', true, true, false),
  refund: row('team', true, true, false, true),
  retry: row('team', true, true, false, true),
  mark_offline: row('team', true, true, false, true),
  cancel: row('team', true, true, false, true),
  /** Give a held seat (a claim with nothing paid, issue 30 point 4) back before its 96 hours are up. */
  release_hold: row('team', true, true, false),
  /** Turn on a second factor (TOTP) for one's own account. */
  use_two_factor: row('account', true, true, false),
  /** Require a second factor of everyone who can move money in the organization. */
  require_two_factor: row('organization', true, false, false),
  /** Issue 32: let one athlete onto a team whatever its age rule says, with a reason (audited). */
  grant_eligibility_exception: row('team', true, true, false),
  /**
   * Issue 32 point 2: the documents queue: view an uploaded document, approve or reject it. Never coaches: a proof of
   * age is a family's private paper.
   */
  verify_documents: row('organization', true, true, false),
  /**
   * Issue 33: the job engine's dead-letter jobs (background work whose retries are spent: their queue, date and last
   * error; no family's data). The engine serves the whole server, so the row's scope is the staff member's own.
   */
  read_jobs: row('account', true, true, false),
  /**
   * Issue 33 point 4: a dead-letter job sent to its queue again ('Try again' on the console's billing page). Its work
   * claims its own rows, so a job run twice charges or mails nothing twice.
   */
  retry_jobs: row('account', true, true, false),
  /**
   * Issue 34: the financial assistance queue (with each family's reason, shown only here) and the season's budget.
   * Never coaches: a family's reason for asking is private.
   */
  read_assistance: row('organization', true, true, false),
  /**
   * Issue 34: approve a request, the share asked or another amount (audited). It moves money: the award is taken off
   * what the family owes, as a refund gives back what it paid, so it needs a second factor where the owner requires one.
   */
  approve_assistance: row('organization', true, true, false, true),
  /**
   * Issue 34: decline a request with a message (audited). No money moves: the family owes the dues as priced, and the
   * budget is untouched.
   */
  decide_assistance: row('organization', true, true, false),
  /**
   * Issue 34: the organization's offer (assistance, check or cash, instructions, hold days) and each season's budget.
   * No money moves: the budget is a ceiling, and every amount under it is awarded by an approval (which does move it).
   */
  edit_help_paying: row('organization', true, false, false),
};

/** A role's reach inside an organization: every team, or only the teams the staff member coaches (their role rows). */
export type RoleReach = 'organization' | 'team';

/** Each role's reach (a coach's role row names their team; any other role's names none). */
export const ROLE_REACH: Record<StaffRole, RoleReach> = {
  owner: 'organization',
  registrar: 'organization',
  coach: 'team',
};

/** An organization-wide role outranks a coach's team rows: owner > registrar > coach. */
export const ROLE_RANK: Record<StaffRole, number> = { owner: 3, registrar: 2, coach: 1 };

/** Whether `role` may do `action` at all (the table's cell). */
export function roleAllows(role: StaffRole, action: StaffAction): boolean {
  return PERMISSIONS[action][role];
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
 * order: the highest role wins; a place of a team-reach role lists its teams, an organization-reach role's `teams` is
 * null (all).
 */
export function highestRoles(rows: readonly RoleRow[]): Map<number, { role: StaffRole; teams: StaffTeam[] | null }> {
  const places = new Map<number, { role: StaffRole; teams: StaffTeam[] | null }>();
  for (const row of rows) {
    const known = places.get(row.key);
    const team = row.teamId !== null && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null;
    if (!known || ROLE_RANK[row.role] > ROLE_RANK[known.role]) {
      places.set(row.key, { role: row.role, teams: ROLE_REACH[row.role] === 'team' ? (team ? [team] : []) : null });
    } else if (known.role === row.role && known.teams !== null && team) {
      known.teams.push(team);
    }
  }
  return places;
}

/** Whether the staff member may do `action` in an organization they hold `place` in (the `can` flag). */
function placeAllows(staff: { two_factor_enabled: boolean }, place: PlaceFacts, action: StaffAction): boolean {
  if (!roleAllows(place.role, action)) return false;
  return !(PERMISSIONS[action].movesMoney && place.two_factor_required && !staff.two_factor_enabled);
}

interface PlaceFacts {
  role: StaffRole;
  two_factor_required: boolean;
}

/** An organization's `can` flags for a staff member (GET /api/admin/me). */
export function canFlags(staff: { two_factor_enabled: boolean }, place: PlaceFacts): StaffCan {
  return staffCanSchema.parse(
    Object.fromEntries(STAFF_ACTIONS.map((action) => [action, placeAllows(staff, place, action)])),
  );
}

/** What an action is asked about: a row of an organization, or of one of its teams (`teamId`). */
export interface PermissionTarget {
  organizationId: number;
  teamId: number | null;
}

/** A row of the organization itself (a season, its settings, its billing day). */
export function organizationTarget(organizationId: number): PermissionTarget {
  return { organizationId, teamId: null };
}

/** A row of one team (the team, its licences, a membership on it). */
export function teamTarget(team: { id: number; organizationId: number }): PermissionTarget {
  return { organizationId: team.organizationId, teamId: team.id };
}

/** Whether the place reaches the target's team (an organization-reach place reaches every team). */
function reaches(place: StaffOrganization, teamId: number | null): boolean {
  if (place.teams === null) return true;
  return teamId !== null && place.teams.some((own) => own.id === teamId);
}

/**
 * How the table answers `action` on `target`: 'absent' when the target does not exist for the staff member (no role
 * in its organization; a team-scoped action on a team out of their reach), 'refused' when their role or the
 * organization's second-factor rule refuses it (or a team-scoped action is asked of the whole organization by a
 * caller who does not reach every team), else their place there.
 */
function decide(
  staff: StaffJson,
  action: StaffAction,
  target: PermissionTarget,
): { kind: 'absent' } | { kind: 'refused'; place: StaffOrganization } | { kind: 'allowed'; place: StaffOrganization } {
  const place = staff.organizations.find((candidate) => candidate.id === target.organizationId);
  if (!place) return { kind: 'absent' };
  const { scope } = PERMISSIONS[action];
  if (scope === 'team' && target.teamId !== null && !reaches(place, target.teamId)) return { kind: 'absent' };
  if (!place.can[action]) return { kind: 'refused', place };
  if (scope === 'team' && target.teamId === null && place.teams !== null) return { kind: 'refused', place };
  return { kind: 'allowed', place };
}

/**
 * The middleware's check, before the request is read: 403 when none of the staff member's roles allows `action`
 * anywhere (a coach asking for a refund). Where it is allowed is the service's check (`authorize`).
 */
export function authorizeAnywhere(staff: StaffJson, action: StaffAction): void {
  if (!staff.organizations.some((place) => roleAllows(place.role, action))) throw forbidden(STAFF_TEXTS.roleRefused);
}

/**
 * The one check of a console row: the staff member's place in the target's organization if the table lets them do
 * `action` on it (see `decide`). 404 `notFoundText` where the target does not exist for them; 403 where it is
 * refused, with the second factor's text when only the organization's second-factor rule refuses it.
 */
export function authorize(
  staff: StaffJson,
  action: StaffAction,
  target: PermissionTarget,
  notFoundText: string = target.teamId === null ? STAFF_TEXTS.organizationNotFound : STAFF_TEXTS.teamNotFound,
): StaffOrganization {
  const decision = decide(staff, action, target);
  if (decision.kind === 'absent') throw notFound(notFoundText);
  if (decision.kind === 'refused') {
    const { place } = decision;
    const secondFactorOnly = roleAllows(place.role, action) && !place.can[action];
    throw forbidden(secondFactorOnly ? STAFF_TEXTS.twoFactorNeeded : STAFF_TEXTS.roleRefused);
  }
  return decision.place;
}

/** Whether the table lets the staff member do `action` on `target` (a projection's choice, e.g. a roster's money). */
export function allows(staff: StaffJson, action: StaffAction, target: PermissionTarget): boolean {
  return decide(staff, action, target).kind === 'allowed';
}
