/**
 * The staff member a staff session opens (issue 22 point 1), as `GET /api/admin/me` answers it: their organizations,
 * their role in each and, from the permission table (./permissions.ts), what they may do there (`can`).
 */
import type { StaffCan } from '../../../src/domain/staff.ts';
import type { StaffRole } from '../../db/schema/index.ts';
import { english, type Locale } from '../../i18n/index.ts';

/** Every role, highest first (the API's enum). */
export const STAFF_ROLES = ['owner', 'registrar', 'coach'] as const satisfies readonly StaffRole[];

export const STAFF_TEXTS = {
  staffOnly: english('staff.staffOnly'),
  organizationNotFound: english('staff.organizationNotFound'),
  teamNotFound: english('staff.teamNotFound'),
  roleRefused: english('staff.roleRefused'),
  twoFactorNeeded: english('staff.twoFactorNeeded'),
} as const;

/** A team the staff member may see, as the API names it. */
export interface StaffTeam {
  id: number;
  name: string;
}

/**
 * One organization of a staff member: their role there and, for a coach, the teams they coach (else null: all);
 * whether its owner requires a second factor of who moves money, and what the staff member may do there.
 */
export interface StaffOrganization {
  id: number;
  name: string;
  role: StaffRole;
  teams: StaffTeam[] | null;
  two_factor_required: boolean;
  can: StaffCan;
}

/** The staff member of a staff session (docs/api.md "Club console"): what `GET /api/admin/me` answers. */
export interface StaffJson {
  id: number;
  name: string;
  email: string;
  two_factor_enabled: boolean;
  /** The staff member's language for the console and its e-mails (issue 31). */
  language: Locale;
  organizations: StaffOrganization[];
}

/** What the staff middleware hands to the routes: the staff member and the session token in clear (logout). */
export interface StaffAuthenticated {
  staff: StaffJson;
  token: string;
}
