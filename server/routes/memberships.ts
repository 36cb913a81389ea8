import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { authFirst, optionalUser, requireUser } from '../http/auth.ts';
import { clientIp } from '../http/client-ip.ts';
import { AwaitingPaymentSchema } from '../http/help-paying-schemas.ts';
import {
  BEARER,
  codeParam,
  createRouter,
  errors,
  id,
  idParam,
  json,
  jsonBody,
  PaymentDataSchema,
} from '../http/openapi.ts';
import { requestLocale } from '../i18n/index.ts';
import {
  athleteDuplicateStatus,
  checkout,
  checkoutSuccess,
  discountDetails,
  duesPaymentPlans,
  duesPaymentStatus,
} from '../services/checkout/index.ts';

const discountCode = z.string().trim().max(64).nullable().optional();
const includeProtection = z.boolean().nullable().optional();

const duplicateRoute = createRoute({
  method: 'get',
  path: '/api/memberships/duplicate-status/{athlete}',
  tags: ['memberships'],
  summary: "Whether the athlete claimed the guardian's latest licence and already has a membership in its season",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { params: z.object({ athlete: idParam('athlete') }) },
  responses: {
    200: json(z.object({ license_claimed: z.boolean(), has_active_season_membership: z.boolean() })),
    ...errors(401, 404, 422),
  },
});

const statusRoute = createRoute({
  method: 'get',
  path: '/api/memberships/subscription-status',
  tags: ['memberships'],
  summary: '1 when the payer owes nothing for their latest team licence, else 0',
  security: BEARER,
  middleware: [authFirst] as const,
  responses: { 200: json(z.object({ payment_complete: z.union([z.literal(0), z.literal(1)]) })), ...errors(401) },
});

const paymentPlansRoute = createRoute({
  method: 'post',
  path: '/api/memberships/payment-plans',
  tags: ['memberships'],
  summary: "Payment data for the payer's latest team licence",
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(z.object({ discount_code: discountCode, include_payment_protection_plan: includeProtection })),
  },
  responses: { 200: json(PaymentDataSchema), ...errors(400, 401, 404, 422) },
});

const discountRoute = createRoute({
  method: 'get',
  path: '/api/discount-codes/{code}',
  tags: ['memberships'],
  summary: 'A discount code for team dues',
  security: [{}, ...BEARER],
  request: { params: z.object({ code: codeParam('code') }) },
  responses: {
    200: json(
      z
        .object({
          discount_code: z.string(),
          percent_off: z.number().nullable(),
          flat_discount_amount: z.number().nullable(),
          is_active: z.boolean(),
        })
        .openapi('ServerDiscount'),
    ),
    ...errors(404, 422),
  },
});

const ReceiptSchema = z
  .object({
    amount_cents: z.number().int(),
    team_name: z.string(),
    season_name: z.string().nullable(),
    plan_name: z.string(),
    email: z.string(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    remaining: z.array(z.object({ due_date: z.string(), amount_cents: z.number().int() })),
    /** The household discount in the membership's amounts (issue 20), 0 when none. */
    sibling_discount_cents: z.number().int(),
    /** Issue 34 (additive): the financial assistance in the membership's amounts, only when there is some. */
    financial_assistance_cents: z.number().int().optional(),
  })
  .openapi('Receipt');

const checkoutBody = {
  payment_plan_month: z.number().int().min(0).max(24),
  team_id: id,
  discount_code: discountCode,
  include_payment_protection_plan: includeProtection,
  /** Issue 32 point 3 (additive): the waiver version read and agreed to (the current one); null: not agreed. */
  waiver_version: z.number().int().min(1).max(1_000_000).nullable().optional(),
  // Issue 32 point 4: answers to the team's own questions by question id (src/domain/team-questions.ts).
  answers: z.record(z.string().max(12), z.string().max(1000)).optional(),
  /** Issue 34 point 4 (additive): 'check_or_cash' where the organization accepts it; absent: card. */
  payment_method: z.enum(['card', 'check_or_cash']).optional(),
};

const checkoutRoute = createRoute({
  method: 'post',
  path: '/api/memberships/checkout',
  tags: ['memberships'],
  summary:
    'Start paying team dues: a client secret to confirm by card, or (nothing to pay, or paid already) payment_complete 1',
  security: BEARER,
  middleware: [authFirst] as const,
  request: { body: jsonBody(z.object(checkoutBody)) },
  responses: {
    200: json(
      z.object({
        client_secret: z.string().nullable(),
        payment_intent_id: z.string().nullable(),
        /**
         * Set instead of payment_intent_id when nothing is due today but later phases are: the client secret is a
         * SetupIntent's, confirmed with the card to save it for the instalments.
         */
        setup_intent_id: z.string().nullable(),
        payment_complete: z.union([z.literal(0), z.literal(1)]),
        /** Only for a checkout with nothing to pay (full discount) that recorded the membership now. */
        receipt: ReceiptSchema.nullable(),
        /** Issue 34 point 4: only for a checkout by check or cash ('Awaiting payment'). */
        awaiting_payment: AwaitingPaymentSchema.optional(),
      }),
    ),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

const checkoutSuccessRoute = createRoute({
  method: 'post',
  path: '/api/memberships/checkout-success',
  tags: ['memberships'],
  summary:
    'Record the membership once the provider says the intent succeeded (idempotent per intent); a second payment ' +
    'for a team already paid is refunded (`refunded: true`). A plan with nothing due today sends the confirmed ' +
    'SetupIntent (`stripe_setup_intent_id`) instead of the payment intent.',
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        ...checkoutBody,
        stripe_payment_intent_id: z.string().trim().min(1).max(255).optional(),
        stripe_setup_intent_id: z.string().trim().min(1).max(255).optional(),
      }),
    ),
  },
  responses: {
    200: json(
      z.object({
        payment_complete: z.literal(1),
        membership_id: z.number().int(),
        refunded: z.boolean(),
        receipt: ReceiptSchema.nullable(),
      }),
    ),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

export function membershipRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(duplicateRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await athleteDuplicateStatus(deps, auth.user, c.req.valid('param').athlete), 200);
  });

  app.openapi(statusRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await duesPaymentStatus(deps, auth.user), 200);
  });

  app.openapi(paymentPlansRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(
      await duesPaymentPlans(deps, auth.user, c.req.valid('json'), requestLocale(c.req.header('accept-language'))),
      200,
    );
  });

  app.openapi(discountRoute, async (c) => {
    const auth = await optionalUser(c, deps);
    return c.json(await discountDetails(deps, auth?.user ?? null, c.req.valid('param').code), 200);
  });

  app.openapi(checkoutRoute, async (c) => {
    const auth = await requireUser(c, deps);
    // Issue 31 point 4: the request's language decides which language's waiver text the membership records as agreed.
    // Issue 32 point 3: Pay Now records the waiver agreement with the request's address and browser.
    const client = { ip: clientIp(c, deps.env.TRUST_PROXY), userAgent: c.req.header('user-agent') ?? '' };
    return c.json(
      await checkout(deps, auth.user, c.req.valid('json'), requestLocale(c.req.header('accept-language')), client),
      200,
    );
  });

  app.openapi(checkoutSuccessRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const locale = requestLocale(c.req.header('accept-language'));
    return c.json(await checkoutSuccess(deps, auth.user, c.req.valid('json'), locale), 200);
  });

  return app;
}
