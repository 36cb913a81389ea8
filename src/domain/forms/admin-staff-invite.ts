/**
 * The console's 'Invite staff' form (issue 22 point 1, owners): POST /api/admin/organizations/{id}/invites with
 * `{ name, email, role, team_id }`; a coach is invited to one team, the other roles to none. The server validates the
 * body with the same schema (`adminStaffInviteBodySchema`) and checks the team and whether the person already holds
 * the role (server/services/staff/invites.ts).
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { STAFF_ROLES } from '../staff.ts';
import { ADMIN_ID_MAX, idTextToId, SELECTION_INVALID, textField } from './admin-fields.ts';

export const INVITE_STAFF_NAME_REQUIRED = 'form.inviteStaffNameRequired' satisfies FormKey;
export const INVITE_STAFF_EMAIL_INVALID = 'form.inviteStaffEmailInvalid' satisfies FormKey;
export const INVITE_STAFF_ROLE_REQUIRED = 'form.roleRequired' satisfies FormKey;
/** The server's text too (server/services/staff/invites.ts STAFF_INVITE_TEXTS.coachNeedsTeam). */
export const INVITE_STAFF_COACH_NEEDS_TEAM = 'form.coachNeedsTeam' satisfies FormKey;

// A type alias, not an interface: it then fits useForm's Record<string, string>.
export type AdminStaffInviteValues = { name: string; email: string; role: string; team_id: string };

export const EMPTY_ADMIN_STAFF_INVITE: AdminStaffInviteValues = { name: '', email: '', role: 'registrar', team_id: '' };

/** The server's text too (server/services/staff/invites.ts STAFF_INVITE_TEXTS.teamOnlyForCoach). */
export const INVITE_STAFF_TEAM_ONLY_FOR_COACH = 'form.teamOnlyForCoach' satisfies FormKey;

/**
 * The wire body, validated by the server with this schema (server/routes/admin.ts through formBody): a coach comes
 * with the team they work with, another role without one. Whether the team is the organization's and whether the
 * person already holds the role are the server's checks (server/services/staff/invites.ts).
 */
export const adminStaffInviteBodySchema = z
  .object({
    name: textField(INVITE_STAFF_NAME_REQUIRED),
    email: z
      .string({ error: INVITE_STAFF_EMAIL_INVALID })
      .check(
        z.trim(),
        z.regex(z.regexes.email, INVITE_STAFF_EMAIL_INVALID),
        z.maxLength(254, INVITE_STAFF_EMAIL_INVALID),
      ),
    // Any text in (a form's select), one of the roles out.
    role: z.pipe(
      z.string({ error: INVITE_STAFF_ROLE_REQUIRED }),
      z.enum(STAFF_ROLES, { error: INVITE_STAFF_ROLE_REQUIRED }),
    ),
    team_id: z.optional(
      z.nullable(
        z
          .int({ error: SELECTION_INVALID })
          .check(z.minimum(1, SELECTION_INVALID), z.maximum(ADMIN_ID_MAX, SELECTION_INVALID)),
      ),
    ),
  })
  .check(
    z.refine((body) => body.role !== 'coach' || (body.team_id !== undefined && body.team_id !== null), {
      message: INVITE_STAFF_COACH_NEEDS_TEAM,
      path: ['team_id'],
    }),
    z.refine((body) => body.role === 'coach' || body.team_id === undefined || body.team_id === null, {
      message: INVITE_STAFF_TEAM_ONLY_FOR_COACH,
      path: ['team_id'],
    }),
  );

export type AdminStaffInviteBody = z.output<typeof adminStaffInviteBodySchema>;

/** The form's schema: its values as the body (a team only for a coach), then the body's rules, keyed by the same fields. */
export const adminStaffInviteFormSchema = z.pipe(
  z.transform(
    (values: AdminStaffInviteValues): z.input<typeof adminStaffInviteBodySchema> => ({
      name: values.name,
      email: values.email,
      role: values.role,
      team_id: values.role === 'coach' ? idTextToId(values.team_id) : null,
    }),
  ),
  adminStaffInviteBodySchema,
);

/** The call's body for valid form values (a team only for a coach), else null. */
export function toAdminStaffInviteBody(values: AdminStaffInviteValues): AdminStaffInviteBody | null {
  const result = adminStaffInviteFormSchema.safeParse(values);
  return result.success ? result.data : null;
}
