import { createRoute, z } from '@hono/zod-openapi';
import { centsToDollars, dollarsToCents } from '../../src/domain/money.ts';
import type { AppDeps } from '../deps.ts';
import { staffFirst } from '../http/auth.ts';
import { fieldError, notFound, validationError } from '../http/errors.ts';
import { createRouter, dollars, errors, id, idParam, json, jsonBody } from '../http/openapi.ts';
import { type DraftRow, draftReferenceErrors, findDraft, updateDraft } from '../services/drafts.ts';

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
        })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change.'),
    ),
  },
  responses: { 200: json(DraftSchema), ...errors(400, 401, 404, 422) },
});

function draftJson(draft: DraftRow) {
  return {
    id: draft.id,
    organization_id: draft.organizationId,
    team_id: draft.teamId,
    season_id: draft.seasonId,
    name: draft.name,
    total_dues: centsToDollars(draft.totalDuesCents),
    athlete_deposit: centsToDollars(draft.athleteDepositCents),
    payment_plan_fee: centsToDollars(draft.paymentPlanFeeCents),
    total_app_fee: centsToDollars(draft.appFeeCents),
    is_app_fee_itemized: draft.isAppFeeItemized,
    plan_months: draft.planMonths,
    protection_plan_id: draft.protectionPlanId,
    waiver: draft.waiver,
    updated_at: draft.updatedAt.toISOString(),
  };
}

export function staffRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(getDraftRoute, async (c) => {
    const draft = await findDraft(db, c.req.valid('param').id);
    if (!draft) throw notFound('Draft not found.');
    return c.json(draftJson(draft), 200);
  });

  app.openapi(updateDraftRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const draft = await findDraft(db, id);
    if (!draft) throw notFound('Draft not found.');
    const messages = await draftReferenceErrors(db, draft, body);
    if (Object.keys(messages).length > 0) throw validationError(messages);
    const dues = body.total_dues === undefined ? draft.totalDuesCents : dollarsToCents(body.total_dues);
    const deposit =
      body.athlete_deposit === undefined ? draft.athleteDepositCents : dollarsToCents(body.athlete_deposit);
    if (deposit > dues) throw fieldError('athlete_deposit', 'The athlete deposit may not exceed the total dues.');

    const now = deps.now();
    const saved = await updateDraft(
      db,
      id,
      {
        ...(body.name === undefined ? {} : { name: body.name }),
        totalDuesCents: dues,
        athleteDepositCents: deposit,
        ...(body.payment_plan_fee === undefined ? {} : { paymentPlanFeeCents: dollarsToCents(body.payment_plan_fee) }),
        ...(body.total_app_fee === undefined ? {} : { appFeeCents: dollarsToCents(body.total_app_fee) }),
        ...(body.is_app_fee_itemized === undefined ? {} : { isAppFeeItemized: body.is_app_fee_itemized }),
        ...(body.season_id === undefined ? {} : { seasonId: body.season_id }),
        ...(body.protection_plan_id === undefined ? {} : { protectionPlanId: body.protection_plan_id }),
        ...(body.plan_months === undefined ? {} : { planMonths: [...new Set(body.plan_months)].sort((a, b) => a - b) }),
        ...(body.waiver === undefined ? {} : { waiver: body.waiver }),
      },
      now,
    );
    if (!saved) throw notFound('Draft not found.');
    try {
      await deps.providers.realtime.trigger(`team.draft.${id}`, 'updated', { draft_id: id });
    } catch (error) {
      // The draft is saved; a preview that misses the push still shows the change on its next load.
      deps.log.warn({ err: error, draftId: id }, 'could not announce the draft update');
    }
    return c.json(draftJson(saved), 200);
  });

  return app;
}
