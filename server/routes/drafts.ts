import { createRoute, z } from '@hono/zod-openapi';
import { DISCOUNT_NOT_FOUND } from '../../src/domain/payment-rules.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { createRouter, errors, id, json, jsonBody, PaymentDataSchema } from '../http/openapi.ts';
import { draftContext, findDraft } from '../services/drafts.ts';
import { findDiscount, paymentDataJson, plansFor } from '../services/team-dues.ts';

/** Ids arrive as numbers, or as numeric strings when the site copies them from the URL. */
const draftId = z.union([
  id,
  z
    .string()
    .regex(/^\d{1,10}$/, 'The draft id field must be an integer.')
    .transform(Number)
    // Ten digits reach past PostgreSQL's integer (9000000000 answered 500): the same bounds as every id.
    .pipe(id),
]);

const draftPlansRoute = createRoute({
  method: 'post',
  path: '/nova-field/team-draft-payment-plans',
  tags: ['drafts'],
  summary: 'Payment preview of a staff draft (no authorization; is_season_set false without a season)',
  description: 'A discount code that is unknown or inactive is reported in `error`, and the plans are undiscounted.',
  request: {
    body: jsonBody(
      z.object({
        draft_id: draftId,
        discount_code: z.string().trim().max(64).nullable().optional(),
        include_payment_protection_plan: z.boolean().nullable().optional(),
      }),
    ),
  },
  responses: { 200: json(PaymentDataSchema), ...errors(400, 404, 422) },
});

export function draftRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(draftPlansRoute, async (c) => {
    const body = c.req.valid('json');
    const draft = await findDraft(db, body.draft_id);
    if (!draft) throw notFound('Draft not found.');
    const context = await draftContext(db, draft);
    let error: string | null = null;
    let discount = null;
    if (body.discount_code?.trim()) {
      const found = await findDiscount(db, body.discount_code, context.organization.id);
      if (!found) error = DISCOUNT_NOT_FOUND;
      else if (!found.isActive) error = 'This discount code is no longer active.';
      else discount = found;
    }
    const plans = plansFor(context, discount, body.include_payment_protection_plan === true, deps.now());
    return c.json(paymentDataJson(context, plans, error), 200);
  });

  return app;
}
