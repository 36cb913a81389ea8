import { z } from '@hono/zod-openapi';
import { adminDiscountCodeBodySchema } from '../../src/domain/forms/admin-discount-code.ts';
import { adminDraftBodySchema, adminNewDraftBodySchema } from '../../src/domain/forms/admin-draft.ts';
import {
  adminCoachLicenceBodySchema,
  adminLicenceBodySchema,
  adminLicenceUpdateBodySchema,
} from '../../src/domain/forms/admin-licence.ts';
import { adminSeasonBodySchema } from '../../src/domain/forms/admin-season.ts';
import { adminSettingsBodySchema } from '../../src/domain/forms/admin-settings.ts';
import { adminTeamBodySchema } from '../../src/domain/forms/admin-team.ts';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { formBody } from '../http/form-body.ts';
import { EtagHeaders, IfMatchHeaders, ifMatchPrecondition, licenceEtag } from '../http/licence-etag.ts';
import { codeParam, createRouter, errors, idParam, json, jsonBody } from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import { adminDraft, createDraft, listDrafts, updateAdminDraft } from '../services/admin-drafts.ts';
import {
  adminLicence,
  createCoachLicence,
  createDiscountCode,
  createSeason,
  createTeam,
  createTeamLicence,
  listDiscountCodes,
  organizationSetup,
  updateAdminLicence,
  updateOrganizationSettings,
  updateSeason,
  updateTeam,
} from '../services/admin-setup.ts';
import { AgeRuleSchema } from './eligibility.ts';

/**
 * The club console's season set-up (issue 22 point 2) and the draft editor's API (point 6), docs/api.md "Season
 * set-up and the draft editor". Every route starts with the staff gate of its permission; its service checks the scope and role.
 * Bodies are validated with the forms' shared schemas (src/domain/forms/admin-*.ts) through `formBody`.
 */

const int = z.number().int();

const AdminLicenceSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    kind: z.enum(['team', 'coach']),
    team_id: int.nullable(),
    available_licenses: int,
    paused: z.boolean(),
    claimed: int,
    expires_on: z.string().nullable(),
    link: z.string(),
    version: int,
  })
  .openapi('AdminLicence');

const AdminTeamSchema = z
  .object({
    id: int,
    season_id: int,
    name: z.string(),
    total_dues_cents: int,
    athlete_deposit_cents: int,
    payment_plan_fee_cents: int,
    total_app_fee_cents: int,
    is_app_fee_itemized: z.boolean(),
    plan_months: z.array(int),
    protection_plan_id: int.nullable(),
    /** Issue 32 point 2: the documents every membership of the team must provide. */
    required_documents: z.array(z.string()),
    licences: z.array(AdminLicenceSchema),
    /** Issue 32: the team's age rule, only when it has one. */
    age_rule: AgeRuleSchema.optional(),
  })
  .openapi('AdminTeam');

const AdminSeasonSchema = z
  .object({
    id: int,
    name: z.string(),
    start_date: z.string(),
    first_installment_on: z.string(),
    teams: z.array(AdminTeamSchema),
  })
  .openapi('AdminSeason');

const AdminOrganizationSchema = z
  .object({
    id: int,
    name: z.string(),
    waiver: z.string().nullable(),
    /** Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one. */
    waiver_es: z.string().optional(),
    household_discount: z.object({ second_percent: int, further_percent: int }).nullable(),
    /** Issue 32 point 2 (additive, in the set-up's answer): approved documents' files are deleted. */
    delete_documents_after_approval: z.boolean().optional(),
  })
  .openapi('AdminOrganization');

const AdminDiscountCodeSchema = z
  .object({
    code: z.string(),
    percent_off: int.nullable(),
    flat_discount_cents: int.nullable(),
    is_active: z.boolean(),
  })
  .openapi('AdminDiscountCode');

const AdminDraftSchema = z
  .object({
    id: int,
    organization_id: int,
    team_id: int.nullable(),
    season_id: int.nullable(),
    name: z.string(),
    total_dues_cents: int,
    athlete_deposit_cents: int,
    payment_plan_fee_cents: int,
    total_app_fee_cents: int,
    is_app_fee_itemized: z.boolean(),
    plan_months: z.array(int),
    protection_plan_id: int.nullable(),
    waiver: z.string().nullable(),
    /** Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one. */
    waiver_es: z.string().optional(),
    updated_at: z.string(),
    preview_path: z.string(),
  })
  .openapi('AdminDraft');

const SetupSchema = z.object({
  organization: AdminOrganizationSchema,
  seasons: z.array(AdminSeasonSchema),
  coach_licences: z.array(AdminLicenceSchema),
  protection_plans: z.array(z.object({ id: int, name: z.string(), amount_cents: int })),
});

const organizationParams = z.object({ id: idParam('id') });
const idParams = z.object({ id: idParam('id') });

const setupRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/setup',
  permission: 'read_setup',
  summary: "The organization's seasons, teams, licences, coach licences, waiver and household discounts",
  request: { params: organizationParams },
  responses: { 200: json(SetupSchema) },
});

const settingsRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/organizations/{id}/settings',
  permission: 'edit_setup',
  summary: 'Set the waiver (and its Spanish text) and the household discounts (owners)',
  request: { params: organizationParams, body: jsonBody(formBody(adminSettingsBodySchema)) },
  responses: { 200: json(z.object({ organization: AdminOrganizationSchema })) },
});

const createSeasonRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/organizations/{id}/seasons',
  permission: 'edit_setup',
  summary: 'Create a season (owners)',
  request: { params: organizationParams, body: jsonBody(formBody(adminSeasonBodySchema)) },
  responses: {
    201: json(z.object({ season: AdminSeasonSchema }), 'The new season'),
  },
});

const updateSeasonRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/seasons/{id}',
  permission: 'edit_setup',
  summary: "Change a season's name and dates (owners)",
  request: { params: idParams, body: jsonBody(formBody(adminSeasonBodySchema)) },
  responses: { 200: json(z.object({ season: AdminSeasonSchema })) },
});

const createTeamRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/seasons/{id}/teams',
  permission: 'edit_setup',
  summary: 'Create a team of a season with its dues, fees and plans (owners)',
  request: { params: idParams, body: jsonBody(formBody(adminTeamBodySchema)) },
  responses: { 201: json(z.object({ team: AdminTeamSchema }), 'The new team') },
});

const updateTeamRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/teams/{id}',
  permission: 'edit_setup',
  summary: "Change a team's name, dues, fees and plans (owners); paid memberships keep their amounts",
  request: { params: idParams, body: jsonBody(formBody(adminTeamBodySchema)) },
  responses: { 200: json(z.object({ team: AdminTeamSchema })) },
});

const LicenceAnswer = z.object({ licence: AdminLicenceSchema });

const createLicenceRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/teams/{id}/licences',
  permission: 'manage_licences',
  summary: 'Create a team licence (owners, registrars); a code in use answers 422 on code',
  request: { params: idParams, body: jsonBody(formBody(adminLicenceBodySchema)) },
  responses: { 201: json(LicenceAnswer, 'The new licence') },
});

const createCoachLicenceRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/organizations/{id}/coach-licences',
  permission: 'edit_setup',
  summary: 'Create a coach licence of the organization (owners); a code in use answers 422 on code',
  request: { params: organizationParams, body: jsonBody(formBody(adminCoachLicenceBodySchema)) },
  responses: { 201: json(LicenceAnswer, 'The new licence') },
});

const getLicenceRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/licences/{code}',
  permission: 'manage_licences',
  summary: 'A licence with its version as ETag (owners, registrars)',
  request: { params: z.object({ code: codeParam('code') }) },
  responses: { 200: { ...json(LicenceAnswer), headers: EtagHeaders } },
});

const updateLicenceRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/licences/{code}',
  permission: 'manage_licences',
  summary:
    "Change a licence's seats or pause it (owners, registrars); a freed seat goes to the waitlist; a stale " +
    'If-Match answers 412, none 428, and neither changes anything',
  request: {
    params: z.object({ code: codeParam('code') }),
    headers: IfMatchHeaders,
    body: jsonBody(formBody(adminLicenceUpdateBodySchema)),
  },
  responses: { 200: { ...json(LicenceAnswer), headers: EtagHeaders }, ...errors(412, 428) },
});

const listDiscountCodesRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/discount-codes',
  permission: 'manage_discounts',
  summary: "The organization's discount codes (owners, registrars)",
  request: { params: organizationParams },
  responses: {
    200: json(z.object({ discount_codes: z.array(AdminDiscountCodeSchema) })),
  },
});

const createDiscountCodeRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/organizations/{id}/discount-codes',
  permission: 'manage_discounts',
  summary: 'Create a discount code: a percent or an amount off (owners, registrars)',
  request: { params: organizationParams, body: jsonBody(formBody(adminDiscountCodeBodySchema)) },
  responses: {
    201: json(z.object({ discount_code: AdminDiscountCodeSchema }), 'The new code'),
  },
});

const DraftAnswer = z.object({ draft: AdminDraftSchema });

const listDraftsRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/drafts',
  permission: 'manage_drafts',
  summary: "The organization's team drafts (owners, registrars)",
  request: { params: organizationParams },
  responses: { 200: json(z.object({ drafts: z.array(AdminDraftSchema) })) },
});

const createDraftRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/organizations/{id}/drafts',
  permission: 'manage_drafts',
  summary: "Start a draft from one of the organization's teams (owners, registrars)",
  request: { params: organizationParams, body: jsonBody(formBody(adminNewDraftBodySchema)) },
  responses: { 201: json(DraftAnswer, 'The new draft') },
});

const getDraftRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/drafts/{id}',
  permission: 'manage_drafts',
  summary: 'A team draft (owners, registrars)',
  request: { params: idParams },
  responses: { 200: json(DraftAnswer) },
});

const updateDraftRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/drafts/{id}',
  permission: 'manage_drafts',
  summary: "Save a team draft (owners, registrars); sends 'updated' on channel team.draft.{id}",
  request: { params: idParams, body: jsonBody(formBody(adminDraftBodySchema)) },
  responses: { 200: json(DraftAnswer) },
});

export function adminSetupRoutes(deps: AppDeps) {
  const app = createRouter();
  const staff = (c: Parameters<typeof requireStaffSession>[0]) => requireStaffSession(c).staff;

  app.openapi(setupRoute, async (c) => c.json(await organizationSetup(deps, staff(c), c.req.valid('param').id), 200));

  app.openapi(settingsRoute, async (c) =>
    c.json(await updateOrganizationSettings(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(createSeasonRoute, async (c) =>
    c.json(await createSeason(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(updateSeasonRoute, async (c) =>
    c.json(await updateSeason(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(createTeamRoute, async (c) =>
    c.json(await createTeam(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(updateTeamRoute, async (c) =>
    c.json(await updateTeam(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(createLicenceRoute, async (c) =>
    c.json(await createTeamLicence(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(createCoachLicenceRoute, async (c) =>
    c.json(await createCoachLicence(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(getLicenceRoute, async (c) => {
    const answer = await adminLicence(deps, staff(c), c.req.valid('param').code);
    c.header('ETag', licenceEtag(answer.licence.version));
    return c.json(answer, 200);
  });

  app.openapi(updateLicenceRoute, async (c) => {
    const { code } = c.req.valid('param');
    const ifMatch = ifMatchPrecondition(c.req.valid('header')['if-match']);
    const answer = await updateAdminLicence(deps, staff(c), code, c.req.valid('json'), ifMatch);
    c.header('ETag', licenceEtag(answer.licence.version));
    return c.json(answer, 200);
  });

  app.openapi(listDiscountCodesRoute, async (c) =>
    c.json(await listDiscountCodes(deps, staff(c), c.req.valid('param').id), 200),
  );

  app.openapi(createDiscountCodeRoute, async (c) =>
    c.json(await createDiscountCode(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(listDraftsRoute, async (c) => c.json(await listDrafts(deps, staff(c), c.req.valid('param').id), 200));

  app.openapi(createDraftRoute, async (c) =>
    c.json(await createDraft(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(getDraftRoute, async (c) => c.json(await adminDraft(deps, staff(c), c.req.valid('param').id), 200));

  app.openapi(updateDraftRoute, async (c) =>
    c.json(await updateAdminDraft(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  return app;
}
