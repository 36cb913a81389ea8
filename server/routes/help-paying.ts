import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import {
  AssistanceBudgetSchema,
  AssistanceRequestSchema,
  HelpPayingSettingsSchema,
  StaffAssistanceRequestSchema,
} from '../http/help-paying-schemas.ts';
import { BEARER, createRouter, errors, id, idParam, idQuery, json, jsonBody } from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import { assistanceQueue, decideAssistance, setAssistanceBudget } from '../services/assistance-queue.ts';
import {
  familyAssistanceRequests,
  helpPayingSettings,
  requestAssistance,
  setHelpPayingSettings,
} from '../services/help-paying.ts';

/**
 * Issue 34 (docs/api.md "Help paying"): the family's request for financial assistance, and the console's queue,
 * decisions, budget and settings. The work is services/help-paying.ts's and services/assistance-queue.ts's; checkout by check or cash is the checkout's
 * (`payment_method`, routes/memberships.ts).
 */

const requestRoute = createRoute({
  method: 'post',
  path: '/api/memberships/assistance-requests',
  tags: ['memberships'],
  summary:
    "Ask the team's organization for financial assistance (one request per athlete and season); the seat stays held " +
    'while it waits and 96 hours after the decision',
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        team_id: id,
        share_percent: z.number().int().min(0).max(100),
        free_or_reduced_meals: z.boolean(),
        reason: z.string().max(2000),
      }),
    ),
  },
  responses: {
    201: json(z.object({ request: AssistanceRequestSchema }), 'The request, pending'),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

const familyListRoute = createRoute({
  method: 'get',
  path: '/api/memberships/assistance-requests',
  tags: ['memberships'],
  summary: "The caller's requests for financial assistance (an athlete's own; a guardian's household's), newest first",
  security: BEARER,
  middleware: [authFirst] as const,
  responses: { 200: json(z.object({ requests: z.array(AssistanceRequestSchema) })), ...errors(401) },
});

const settingsRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/help-paying',
  permission: 'read_assistance',
  summary: "The organization's offer: financial assistance, check or cash, its instructions and hold days",
  request: { params: z.object({ id: idParam('id') }) },
  responses: { 200: json(z.object({ settings: HelpPayingSettingsSchema })) },
});

const setSettingsRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/organizations/{id}/help-paying',
  permission: 'edit_help_paying',
  summary: "Set the organization's offer (owners; audited)",
  request: {
    params: z.object({ id: idParam('id') }),
    body: jsonBody(
      z.object({
        offers_assistance: z.boolean(),
        accepts_check_or_cash: z.boolean(),
        check_or_cash_instructions: z.string().max(1000).nullable(),
        // Any number reaches the service, whose one check answers 'Enter a number of days from 1 to 60.' (1.5, 1e20).
        check_or_cash_hold_days: z.number().openapi({ type: 'integer', minimum: 1, maximum: 60 }),
      }),
    ),
  },
  responses: { 200: json(z.object({ settings: HelpPayingSettingsSchema })) },
});

const queueRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/assistance',
  permission: 'read_assistance',
  summary:
    "A season's requests for financial assistance (pending first; the family's reason shown only here) and its budget",
  request: {
    params: z.object({ id: idParam('id') }),
    query: z.object({ season_id: idQuery('season_id') }),
  },
  responses: {
    200: json(
      z.object({
        season: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        seasons: z.array(z.object({ id: z.number().int(), name: z.string() })),
        budget: AssistanceBudgetSchema.nullable(),
        requests: z.array(StaffAssistanceRequestSchema),
        can_edit_budget: z.boolean(),
      }),
    ),
  },
});

const budgetRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/seasons/{id}/assistance-budget',
  permission: 'edit_help_paying',
  summary: "Set the season's assistance budget (owners; never below what is approved; audited)",
  request: {
    params: z.object({ id: idParam('id') }),
    body: jsonBody(z.object({ budget_cents: z.number().int().min(0).max(100_000_000) })),
  },
  responses: { 200: json(z.object({ budget: AssistanceBudgetSchema })) },
});

const decisionAnswer = z.object({ request: StaffAssistanceRequestSchema, budget: AssistanceBudgetSchema });

const approveRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/assistance-requests/{id}/approve',
  permission: 'approve_assistance',
  summary:
    "Approve a request: the share asked, or `amount_cents`; refused beyond the season's budget (two at once never " +
    'exceed it); audited; the family is e-mailed',
  request: {
    params: z.object({ id: idParam('id') }),
    body: jsonBody(z.object({ amount_cents: z.number().int().min(-100_000_000).max(100_000_000).optional() })),
  },
  responses: { 200: json(decisionAnswer), ...errors(409) },
});

const declineRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/assistance-requests/{id}/decline',
  permission: 'decide_assistance',
  summary: 'Decline a request with a message to the family (audited; the family is e-mailed)',
  request: {
    params: z.object({ id: idParam('id') }),
    body: jsonBody(z.object({ message: z.string().max(2000) })),
  },
  responses: { 200: json(decisionAnswer), ...errors(409) },
});

export function helpPayingRoutes(deps: AppDeps) {
  const app = createRouter();
  const staff = (c: Parameters<typeof requireStaffSession>[0]) => requireStaffSession(c).staff;

  app.openapi(requestRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await requestAssistance(deps, auth.user, c.req.valid('json')), 201);
  });

  app.openapi(familyListRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await familyAssistanceRequests(deps, auth.user), 200);
  });

  app.openapi(settingsRoute, async (c) =>
    c.json(await helpPayingSettings(deps, staff(c), c.req.valid('param').id), 200),
  );

  app.openapi(setSettingsRoute, async (c) =>
    c.json(await setHelpPayingSettings(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(queueRoute, async (c) =>
    c.json(await assistanceQueue(deps, staff(c), c.req.valid('param').id, c.req.valid('query').season_id), 200),
  );

  app.openapi(budgetRoute, async (c) =>
    c.json(await setAssistanceBudget(deps, staff(c), c.req.valid('param').id, c.req.valid('json').budget_cents), 200),
  );

  app.openapi(approveRoute, async (c) =>
    c.json(
      await decideAssistance(deps, staff(c), c.req.valid('param').id, {
        kind: 'approve',
        amountCents: c.req.valid('json').amount_cents,
      }),
      200,
    ),
  );

  app.openapi(declineRoute, async (c) =>
    c.json(
      await decideAssistance(deps, staff(c), c.req.valid('param').id, {
        kind: 'decline',
        message: c.req.valid('json').message,
      }),
      200,
    ),
  );

  return app;
}
