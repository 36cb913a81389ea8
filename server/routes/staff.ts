import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { staffFirst } from '../http/auth.ts';
import { EtagHeaders, IfMatchHeaders, ifMatchPrecondition, licenceEtag } from '../http/licence-etag.ts';
import {
  codeParam,
  createRouter,
  dollars,
  errors,
  id,
  idParam,
  json,
  jsonBody,
  LicenceInfoSchema,
} from '../http/openapi.ts';
import { saveStaffDraft, staffDraft } from '../services/staff-drafts.ts';
import { licenceWithVersion, updateLicenceSeats } from '../services/staff-licences.ts';

const DraftSchema = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    team_id: z.number().int().nullable(),
    season_id: z.number().int().nullable(),
    name: z.string(),
    total_dues: z.number(),
    athlete_deposit: z.number(),
    payment_plan_fee: z.number(),
    total_app_fee: z.number(),
    is_app_fee_itemized: z.boolean(),
    plan_months: z.array(z.number().int()),
    protection_plan_id: z.number().int().nullable(),
    waiver: z.string().nullable(),
    /** Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one. */
    waiver_es: z.string().optional(),
    updated_at: z.string(),
  })
  .openapi('Draft');

const STAFF_SECURITY = [{ staffToken: [] }];

const getDraftRoute = createRoute({
  method: 'get',
  path: '/api/staff/drafts/{id}',
  tags: ['staff'],
  summary: 'A team draft (staff token)',
  security: STAFF_SECURITY,
  middleware: [staffFirst] as const,
  request: { params: z.object({ id: idParam('id') }) },
  responses: { 200: json(DraftSchema), ...errors(401, 404, 422) },
});

const updateDraftRoute = createRoute({
  method: 'put',
  path: '/api/staff/drafts/{id}',
  tags: ['staff'],
  summary: "Update a team draft (staff token); sends 'updated' on channel team.draft.{id}",
  security: STAFF_SECURITY,
  middleware: [staffFirst] as const,
  request: {
    params: z.object({ id: idParam('id') }),
    body: jsonBody(
      z
        .object({
          name: z.string().trim().min(1).max(255).optional(),
          total_dues: dollars.optional(),
          athlete_deposit: dollars.optional(),
          payment_plan_fee: dollars.optional(),
          total_app_fee: dollars.optional(),
          is_app_fee_itemized: z.boolean().optional(),
          season_id: id.nullable().optional(),
          protection_plan_id: id.nullable().optional(),
          plan_months: z.array(z.number().int().min(1).max(24)).max(6).optional(),
          waiver: z.string().max(20_000).nullable().optional(),
          waiver_es: z.string().max(20_000).nullable().optional(),
        })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change.'),
    ),
  },
  responses: { 200: json(DraftSchema), ...errors(400, 401, 404, 422) },
});

const getLicenceRoute = createRoute({
  method: 'get',
  path: '/api/staff/licences/{code}',
  tags: ['staff'],
  summary: 'The licence info with its version as ETag (staff token)',
  security: STAFF_SECURITY,
  middleware: [staffFirst] as const,
  request: { params: z.object({ code: codeParam('code') }) },
  responses: { 200: { ...json(LicenceInfoSchema), headers: EtagHeaders }, ...errors(401, 404, 422) },
});

const updateLicenceRoute = createRoute({
  method: 'put',
  path: '/api/staff/licences/{code}',
  tags: ['staff'],
  summary:
    'Set how many seats of a licence are left to claim (staff token); answers the licence info and its ETag; ' +
    'a stale If-Match answers 412, none 428, and neither changes anything',
  security: STAFF_SECURITY,
  middleware: [staffFirst] as const,
  request: {
    params: z.object({ code: codeParam('code') }),
    headers: IfMatchHeaders,
    body: jsonBody(z.object({ available_licenses: z.number().int().min(0).max(100_000) })),
  },
  responses: { 200: { ...json(LicenceInfoSchema), headers: EtagHeaders }, ...errors(400, 401, 404, 412, 422, 428) },
});

export function staffRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(getDraftRoute, async (c) => c.json(await staffDraft(deps, c.req.valid('param').id), 200));

  app.openapi(updateDraftRoute, async (c) =>
    c.json(await saveStaffDraft(deps, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(getLicenceRoute, async (c) => {
    const { info, version } = await licenceWithVersion(deps, c.req.valid('param').code);
    c.header('ETag', licenceEtag(version));
    return c.json(info, 200);
  });

  app.openapi(updateLicenceRoute, async (c) => {
    const ifMatch = ifMatchPrecondition(c.req.valid('header')['if-match']);
    const { info, version } = await updateLicenceSeats(deps, c.req.valid('param').code, c.req.valid('json'), ifMatch);
    c.header('ETag', licenceEtag(version));
    return c.json(info, 200);
  });

  return app;
}
