/**
 * The club console's season set-up wire shapes (issue 22 point 2; docs/api.md "Season set-up and the draft editor";
 * server/routes/admin-setup.ts): an organization's seasons, teams, licences, coach licences, settings and discount
 * codes. Money is integer cents. zod/mini only, no `z.extend` (see src/api/admin.schemas.ts).
 */
import { z } from 'zod/mini';
import { staffRoleSchema } from '../domain/staff';
import { id } from '../domain/wire';
import { ageRuleSchema } from './eligibility.schemas';

const cents = z.int().check(z.gte(0));
const whole = z.int().check(z.gte(0));

export const adminLicenceSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['team', 'coach']),
  team_id: z.nullable(id),
  available_licenses: whole,
  paused: z.boolean(),
  claimed: whole,
  expires_on: z.nullable(z.string()),
  /** The licence page families follow (absolute URL). */
  link: z.string(),
  /** Issue 30 point 4: the licence's version, sent back as `If-Match` with a seat change. */
  version: z.optional(whole),
});
export type AdminLicence = z.infer<typeof adminLicenceSchema>;

/** A team's name and dues as the console reads them: on a team of the set-up and on a draft (./admin-drafts.schemas.ts). */
export const teamDuesFields = {
  name: z.string(),
  total_dues_cents: cents,
  athlete_deposit_cents: cents,
  payment_plan_fee_cents: cents,
  total_app_fee_cents: cents,
  is_app_fee_itemized: z.boolean(),
};

export const adminSetupTeamSchema = z.object({
  id,
  season_id: id,
  ...teamDuesFields,
  plan_months: z.array(z.int()),
  protection_plan_id: z.nullable(id),
  licences: z.array(adminLicenceSchema),
  /** Issue 32: the team's age rule, only when it has one (./eligibility.schemas.ts). */
  age_rule: z.optional(ageRuleSchema),
  /** Issue 32 point 2: the documents every membership of the team provides (an older server does not send them). */
  required_documents: z.optional(z.array(z.string())),
});
export type AdminSetupTeam = z.infer<typeof adminSetupTeamSchema>;

export const adminSeasonSchema = z.object({
  id,
  name: z.string(),
  start_date: z.string(),
  first_installment_on: z.string(),
  teams: z.array(adminSetupTeamSchema),
});
export type AdminSeason = z.infer<typeof adminSeasonSchema>;

export const adminOrganizationSchema = z.object({
  id,
  name: z.string(),
  waiver: z.nullable(z.string()),
  /** Issue 31 point 4: the waiver's Spanish text (null: none); an older server may not send it. */
  waiver_es: z.optional(z.nullable(z.string())),
  household_discount: z.nullable(z.object({ second_percent: whole, further_percent: whole })),
  /** Issue 32 point 2: approved documents' files are deleted (the set-up's answer only). */
  delete_documents_after_approval: z.optional(z.boolean()),
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

export const protectionPlanOptionSchema = z.object({ id, name: z.string(), amount_cents: cents });
export type ProtectionPlanOption = z.infer<typeof protectionPlanOptionSchema>;

export const adminSetupSchema = z.object({
  organization: adminOrganizationSchema,
  seasons: z.array(adminSeasonSchema),
  coach_licences: z.array(adminLicenceSchema),
  protection_plans: z.array(protectionPlanOptionSchema),
});
export type AdminSetup = z.infer<typeof adminSetupSchema>;

export const adminDiscountCodeSchema = z.object({
  code: z.string(),
  percent_off: z.nullable(whole),
  flat_discount_cents: z.nullable(cents),
  is_active: z.boolean(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const seasonAnswerSchema = z.object({ season: adminSeasonSchema });
export const teamAnswerSchema = z.object({ team: adminSetupTeamSchema });
export const licenceAnswerSchema = z.object({ licence: adminLicenceSchema });
export const organizationAnswerSchema = z.object({ organization: adminOrganizationSchema });
export const discountCodesAnswerSchema = z.object({ discount_codes: z.array(adminDiscountCodeSchema) });
export const discountCodeAnswerSchema = z.object({ discount_code: adminDiscountCodeSchema });

/** POST /api/admin/organizations/{id}/invites → `{ invite }` (the invitation as e-mailed). */
export const staffInvitationSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  expires_at: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export const staffInviteAnswerSchema = z.object({ invite: staffInvitationSchema });

const staffTeamSchema = z.object({ id, name: z.string() });

/** GET /api/admin/organizations/{id}/staff → the organization's staff (each with their highest role) and pending invitations. */
export const staffListAnswerSchema = z.object({
  staff: z.array(
    z.object({
      id,
      name: z.string(),
      email: z.string(),
      role: staffRoleSchema,
      teams: z.nullable(z.array(staffTeamSchema)),
    }),
  ),
  invites: z.array(
    z.object({
      id,
      name: z.string(),
      email: z.string(),
      role: staffRoleSchema,
      team: z.nullable(staffTeamSchema),
      expires_at: z.string(),
    }),
  ),
});
export type StaffList = z.infer<typeof staffListAnswerSchema>;
