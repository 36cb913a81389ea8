import { createRoute, z } from '@hono/zod-openapi';
import { MEMBERSHIP_STATUSES } from '../../src/domain/membership-figures.ts';
import type { AppDeps } from '../deps.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, createRouter, errors, idParam, json, jsonBody } from '../http/openapi.ts';
import { requestLocale } from '../i18n/index.ts';
import { collectAuthenticated, finishCardUpdate, startCardUpdate } from '../services/card-updates.ts';
import { familyMembershipsWithFiles } from '../services/family-files.ts';

/**
 * The family's payments (docs/api.md "Payments"): the memberships they pay for with their schedules, and the card
 * update that charges whatever failed at once; the work is services/card-updates.ts's.
 */

const CardSchema = z.object({ brand: z.string(), last4: z.string() }).openapi('CardSummary');

const PhaseSchema = z
  .object({
    id: z.number().int(),
    due_date: z.string(),
    amount_cents: z.number().int(),
    status: z.enum(['paid', 'scheduled', 'failed', 'overdue', 'cancelled']),
    attempts: z.number().int(),
    paid_at: z.string().nullable(),
    failure_message: z.string().nullable(),
    refunded_cents: z.number().int().describe("Refunded to the family on this phase's charge (issue 22 point 4)"),
  })
  .openapi('MembershipPhase');

const MembershipSummarySchema = z
  .object({
    id: z.number().int(),
    team_name: z.string(),
    season_name: z.string().nullable(),
    athlete_name: z.string().nullable(),
    plan_name: z.string(),
    payment_plan_month: z.number().int(),
    total_cents: z.number().int(),
    paid_cents: z.number().int().describe('Paid by the family, net of refunds (src/domain/membership-figures.ts)'),
    remaining_cents: z.number().int(),
    next_payment: z.object({ due_date: z.string(), amount_cents: z.number().int() }).nullable(),
    status: z
      .enum(MEMBERSHIP_STATUSES)
      .describe("The membership's status (src/domain/membership-figures.ts): 'cancelled' once its schedule is"),
    phases: z.array(PhaseSchema),
    refunded_cents: z.number().int().describe('Refunded to the family on this membership (issue 22 point 4)'),
    card: CardSchema.nullable(),
    needs_card_update: z.boolean(),
    sibling_discount_cents: z.number().int(),
    household_checkout_id: z.number().int().nullable(),
    has_questions: z
      .boolean()
      .describe('Issue 32 point 4: the team asks its own questions (GET/PUT /api/memberships/{id}/answers)'),
    waiver_signed: z
      .boolean()
      .describe('Issue 32 point 3: a signed waiver is on record (GET /api/memberships/{id}/waiver.pdf)'),
    financial_assistance_cents: z
      .number()
      .int()
      .optional()
      .describe('Issue 34: the financial assistance in the amounts (only with an award)'),
    awaiting_payment: z
      .object({ hold_until: z.string(), instructions: z.string() })
      .optional()
      .describe('Issue 34 point 4: a check or cash is awaited (nothing received yet); the seat is held until then'),
  })
  .openapi('MembershipSummary');

const CollectAnswerSchema = z
  .object({
    card: CardSchema.nullable(),
    outcome: z.enum(['nothing_due', 'paid', 'failed', 'requires_action']),
    message: z.string().nullable(),
    amount_cents: z.number().int(),
    payment_intent: z.object({ id: z.string(), client_secret: z.string() }).nullable(),
  })
  .openapi('CollectAnswer');

const providerId = (prefix: string) => z.string().trim().min(1).max(255).describe(`a ${prefix}… id`);

const listRoute = createRoute({
  method: 'get',
  path: '/api/memberships',
  tags: ['payments'],
  summary: "The memberships the caller pays for (and their athletes'), newest first, with schedule and saved card",
  security: BEARER,
  middleware: [authFirst] as const,
  responses: { 200: json(z.object({ memberships: z.array(MembershipSummarySchema) })), ...errors(401) },
});

const membershipParam = { params: z.object({ id: idParam('id') }) };

const cardSetupRoute = createRoute({
  method: 'post',
  path: '/api/memberships/{id}/card-setup',
  tags: ['payments'],
  summary: 'Start a card update: a SetupIntent (usage off_session) for the browser to confirm with the new card',
  security: BEARER,
  middleware: [authFirst] as const,
  // The site sends `{}` (docs/api.md); a body is optional and, when sent as JSON, must be an object.
  request: {
    ...membershipParam,
    body: { content: { 'application/json': { schema: z.object({}).openapi('EmptyBody') } }, required: false },
  },
  responses: {
    200: json(z.object({ client_secret: z.string(), setup_intent_id: z.string() })),
    ...errors(400, 401, 404, 422),
  },
});

const cardRoute = createRoute({
  method: 'post',
  path: '/api/memberships/{id}/card',
  tags: ['payments'],
  summary:
    "Save the confirmed SetupIntent's card as the membership's card, then charge every failed or overdue phase at once",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { ...membershipParam, body: jsonBody(z.object({ setup_intent_id: providerId('seti_') })) },
  responses: { 200: json(CollectAnswerSchema), ...errors(400, 401, 404, 409, 422) },
});

const collectRoute = createRoute({
  method: 'post',
  path: '/api/memberships/{id}/collect',
  tags: ['payments'],
  summary: 'Record the outcome of a catch-up charge the family authenticated in the browser (idempotent)',
  security: BEARER,
  middleware: [authFirst] as const,
  request: { ...membershipParam, body: jsonBody(z.object({ payment_intent_id: providerId('pi_') })) },
  responses: { 200: json(CollectAnswerSchema), ...errors(400, 401, 404, 422) },
});

export function paymentRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(listRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const locale = requestLocale(c.req.header('accept-language'));
    return c.json(await familyMembershipsWithFiles(deps, auth.user, locale), 200);
  });

  app.openapi(cardSetupRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await startCardUpdate(deps, auth.user, c.req.valid('param').id), 200);
  });

  app.openapi(cardRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const { id } = c.req.valid('param');
    const locale = requestLocale(c.req.header('accept-language'));
    return c.json(await finishCardUpdate(deps, auth.user, id, c.req.valid('json').setup_intent_id, locale), 200);
  });

  app.openapi(collectRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const { id } = c.req.valid('param');
    const locale = requestLocale(c.req.header('accept-language'));
    return c.json(await collectAuthenticated(deps, auth.user, id, c.req.valid('json').payment_intent_id, locale), 200);
  });

  return app;
}
