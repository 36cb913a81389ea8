import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createRouter, errors, id, json, jsonBody, PaymentDataSchema } from '../http/openapi.ts';
import { requestLocale } from '../i18n/index.ts';
import { draftPaymentPlans } from '../services/checkout/index.ts';

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
  const app = createRouter();

  app.openapi(draftPlansRoute, async (c) =>
    c.json(await draftPaymentPlans(deps, c.req.valid('json'), requestLocale(c.req.header('accept-language'))), 200),
  );

  return app;
}
