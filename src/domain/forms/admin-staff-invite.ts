/**
 * The console's 'Invite staff' form (issue 22 point 1, owners): POST /api/admin/organizations/{id}/invites with
 * `{ name, email, role, team_id }`; a coach is invited to one team, the other roles to none. The server checks the
 * same (server/services/staff-invites.ts, with these texts) and whether the person already holds the role.
 */
import { z } from 'zod/mini';
import { STAFF_ROLES, type StaffRole } from '../staff.ts';
import { textField } from './admin-fields.ts';

export const INVITE_STAFF_NAME_REQUIRED = 'Enter the name of the person you invite.';
export const INVITE_STAFF_EMAIL_INVALID = 'Enter a valid e-mail address.';
export const INVITE_STAFF_ROLE_REQUIRED = 'Choose a role.';
/** The server's text too (server/services/staff-invites.ts STAFF_INVITE_TEXTS.coachNeedsTeam). */
export const INVITE_STAFF_COACH_NEEDS_TEAM = 'Choose the team this coach works with.';

// A type alias, not an interface: it then fits useForm's Record<string, string>.
export type AdminStaffInviteValues = { name: string; email: string; role: string; team_id: string };

export const EMPTY_ADMIN_STAFF_INVITE: AdminStaffInviteValues = { name: '', email: '', role: 'registrar', team_id: '' };

export interface AdminStaffInviteBody {
  name: string;
  email: string;
  role: StaffRole;
  team_id: number | null;
}

const isRole = (value: string): value is StaffRole => STAFF_ROLES.some((role) => role === value);

export const adminStaffInviteFormSchema = z
  .object({
    name: textField(INVITE_STAFF_NAME_REQUIRED),
    email: z
      .string()
      .check(z.trim(), z.email(INVITE_STAFF_EMAIL_INVALID), z.maxLength(255, INVITE_STAFF_EMAIL_INVALID)),
    role: z.string().check(z.refine(isRole, INVITE_STAFF_ROLE_REQUIRED)),
    team_id: z.string(),
  })
  .check(
    z.refine((values) => values.role !== 'coach' || /^\d+$/.test(values.team_id), {
      message: INVITE_STAFF_COACH_NEEDS_TEAM,
      path: ['team_id'],
    }),
  );

/** The call's body for valid form values (a team only for a coach), else null. */
export function toAdminStaffInviteBody(values: AdminStaffInviteValues): AdminStaffInviteBody | null {
  const result = adminStaffInviteFormSchema.safeParse(values);
  if (!result.success) return null;
  const { name, email, role, team_id } = result.data;
  if (!isRole(role)) return null;
  return { name, email, role, team_id: role === 'coach' ? Number(team_id) : null };
}
