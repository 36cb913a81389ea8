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

export const staffOrganizationSchema = z.object({
  id,
  name: z.string(),
  role: staffRoleSchema,
  /** A coach's own teams; null: every team of the organization. */
  teams: z.nullable(z.array(staffTeamSchema)),
});
export type StaffOrganization = z.infer<typeof staffOrganizationSchema>;

export const staffSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  organizations: z.array(staffOrganizationSchema),
});
export type Staff = z.infer<typeof staffSchema>;

/** A staff session: the bearer token of every `/api/admin` call and who it belongs to. */
export const staffSessionSchema = z.object({ token: z.string().check(z.minLength(1)), staff: staffSchema });
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** The role names as the console shows them. */
export const STAFF_ROLE_LABEL: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  registrar: 'Registrar',
  coach: 'Coach',
};
