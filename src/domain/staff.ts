/**
 * The staff member of the club's console (issue 22 point 1; docs/api.md "Club console") as `POST /api/admin/login`,
 * `GET /api/admin/me` and accepting an invitation answer it, and as the console keeps it on this device
 * (src/session/staff.ts): one schema for both, so the session validates what it reads back without the api layer.
 */
import { z } from 'zod/mini';
import { id } from './wire';

export const STAFF_ROLES = ['owner', 'registrar', 'coach'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffTeamSchema = z.object({ id, name: z.string() });
export type StaffTeam = z.infer<typeof staffTeamSchema>;

/**
 * What a staff member may do in the console (issue 30 point 2), the keys of `can` in `GET /api/admin/me`: the server's
 * permission table (server/services/staff/permissions.ts) decides each flag; the console shows and hides from them
 * and keeps no role list of its own.
 */
export const STAFF_ACTIONS = [
  'manage_staff',
  'read_setup',
  'edit_setup',
  'manage_licences',
  'manage_discounts',
  'manage_drafts',
  'read_roster',
  'read_money',
  'refund',
  'retry',
  'mark_offline',
  'cancel',
  'release_hold',
  'use_two_factor',
  'require_two_factor',
  'grant_eligibility_exception',
  'verify_documents',
  'read_jobs',
  'retry_jobs',
  'read_assistance',
  'approve_assistance',
  'decide_assistance',
  'edit_help_paying',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
const flag = z.boolean();
/**
 * One boolean per action, every action present. An object rather than `z.record(z.enum(STAFF_ACTIONS), …)`: zod's
 * record schema would land in the app shell every family page loads (~0.4 KB brotli) for this one console schema.
 */
export const staffCanSchema = z.object({
  manage_staff: flag,
  read_setup: flag,
  edit_setup: flag,
  manage_licences: flag,
  manage_discounts: flag,
  manage_drafts: flag,
  read_roster: flag,
  read_money: flag,
  refund: flag,
  retry: flag,
  mark_offline: flag,
  cancel: flag,
  release_hold: flag,
  use_two_factor: flag,
  require_two_factor: flag,
  grant_eligibility_exception: flag,
  verify_documents: flag,
  read_jobs: flag,
  retry_jobs: flag,
  read_assistance: flag,
  approve_assistance: flag,
  decide_assistance: flag,
  edit_help_paying: flag,
} satisfies Record<StaffAction, typeof flag>);
export type StaffCan = z.infer<typeof staffCanSchema>;

export const staffOrganizationSchema = z.object({
  id,
  name: z.string(),
  role: staffRoleSchema,
  /** A coach's own teams; null: every team of the organization. */
  teams: z.nullable(z.array(staffTeamSchema)),
  /** The organization's owner requires a second factor of everyone who can move money (issue 30 point 2). */
  two_factor_required: z.boolean(),
  can: staffCanSchema,
});
export type StaffOrganization = z.infer<typeof staffOrganizationSchema>;

export const staffSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  /** The staff member has turned on a second factor (TOTP). */
  two_factor_enabled: z.boolean(),
  organizations: z.array(staffOrganizationSchema),
  /**
   * Issue 31: the staff member's saved language ('en', 'es'), the console's at start and after a login; older stored
   * sessions and servers may not send it.
   */
  language: z.optional(z.string()),
});
export type Staff = z.infer<typeof staffSchema>;

/** A staff session: the bearer token of every `/api/admin` call and who it belongs to. */
export const staffSessionSchema = z.object({ token: z.string().check(z.minLength(1)), staff: staffSchema });
export type StaffSession = z.infer<typeof staffSessionSchema>;

/**
 * What a coach's roster row says of a family's money (issue 30 point 2): a standing, never an amount. The console
 * names roles and standings from its catalogue (`admin.role`, `admin.teamStatus`; issue 31).
 */
export {
  MEMBERSHIP_STANDINGS as TEAM_STATUSES,
  type MembershipStanding as TeamStatus,
} from './membership-figures';

/** Whether the staff member may do `action` in `organizationId` (the server's flag; false outside it). */
export function staffCan(organizations: readonly StaffOrganization[], organizationId: number, action: StaffAction) {
  return organizations.find((organization) => organization.id === organizationId)?.can[action] === true;
}

/** Whether any of the staff member's organizations lets them do `action` (e.g. turn on a second factor). */
export function staffCanAnywhere(organizations: readonly StaffOrganization[], action: StaffAction): boolean {
  return organizations.some((organization) => organization.can[action]);
}
