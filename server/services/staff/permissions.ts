/**
 * Who may do what in the club's console (issue 30 point 2): role × action × scope in ONE table. Every `/api/admin`
 * route names its action (http/admin-route.ts `createAdminRoute({ permission })`); the staff middleware
 * (http/staff-auth.ts) refuses a staff member whose roles allow it nowhere, and the route's service checks the row's
 * organization or team with `authorizeOrganization` / `authorizeTeam`. `GET /api/admin/me` answers each
 * organization's flags (`can`, computed here), from which the console shows and hides; the authorization matrix
 * (server/test/authz-matrix.test.ts) derives the status every caller must get from this table.
 *
 * Scope: 'organization' — the whole organization (a coach's role is checked there too); 'team' — a coach reaches only
 * the teams they coach (another team of the organization: 404); 'account' — the staff member's own account, allowed
 * when one of their roles allows it somewhere. A row that moves money is refused (403) to a staff member without a
 * second factor in an organization whose owner requires one.
 */
import { STAFF_ACTIONS, type StaffAction, type StaffCan, staffCanSchema } from '../../../src/domain/staff.ts';
import type { StaffRole } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { STAFF_TEXTS, type StaffJson, type StaffOrganization } from './access.ts';

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

/** Whether `role` may do `action` at all (the table's cell). */
export function roleAllows(role: StaffRole, action: StaffAction): boolean {
  return PERMISSIONS[action][role];
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

/** 403 with the reason: the role, or the organization's second-factor rule. */
function refuse(place: StaffOrganization, action: StaffAction): void {
  if (place.can[action]) return;
  if (roleAllows(place.role, action)) throw forbidden(STAFF_TEXTS.twoFactorNeeded);
  throw forbidden(STAFF_TEXTS.roleRefused);
}

/**
 * The middleware's check, before the request is read: 403 when none of the staff member's roles allows `action`
 * anywhere (a coach asking for a refund). Where it is allowed is the service's check (authorizeOrganization/Team).
 */
export function authorizeAnywhere(staff: StaffJson, action: StaffAction): void {
  if (!staff.organizations.some((place) => roleAllows(place.role, action))) throw forbidden(STAFF_TEXTS.roleRefused);
}

/**
 * The staff member's place in `organizationId` if they may do `action` there: 404 `notFoundText` when they have no
 * role there (it does not exist for them), 403 when their role may not, or the organization's second-factor rule.
 */
export function authorizeOrganization(
  staff: StaffJson,
  organizationId: number,
  action: StaffAction,
  notFoundText: string = STAFF_TEXTS.organizationNotFound,
): StaffOrganization {
  const place = staff.organizations.find((candidate) => candidate.id === organizationId);
  if (!place) throw notFound(notFoundText);
  refuse(place, action);
  return place;
}

/**
 * The staff member's place in the organization of `team` if they may do `action` there: 404 `notFoundText` for a
 * team of an organization they have no role in and, for a coach, for a team they do not coach; then as
 * `authorizeOrganization`.
 */
export function authorizeTeam(
  staff: StaffJson,
  team: { id: number; organizationId: number },
  action: StaffAction,
  notFoundText: string = STAFF_TEXTS.teamNotFound,
): StaffOrganization {
  const place = staff.organizations.find((candidate) => candidate.id === team.organizationId);
  if (!place) throw notFound(notFoundText);
  if (place.teams !== null && !place.teams.some((own) => own.id === team.id)) throw notFound(notFoundText);
  refuse(place, action);
  return place;
}

/** Whether the staff member may do `action` on `team` (a projection's choice, e.g. a coach's roster without money). */
export function mayOnTeam(staff: StaffJson, team: { organizationId: number }, action: StaffAction): boolean {
  return staff.organizations.find((place) => place.id === team.organizationId)?.can[action] === true;
}
