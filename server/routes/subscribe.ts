import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, codeParam, createRouter, errors, json, jsonBody, SubscriptionStateSchema } from '../http/openapi.ts';
import { fromEnglish, render, requestLocale } from '../i18n/index.ts';
import type { BillingTerm } from '../providers/types.ts';
import {
  claimLicenceByCode,
  couponDetails,
  organizationAcceptsSubscriptions,
  planPrices,
  purchaseSubscription,
} from '../services/subscribe.ts';

const TERMS = ['annual', 'annual-pm', 'quarterly', 'monthly'] as const satisfies readonly BillingTerm[];

const PlanDetailsSchema = z
  .object({
    monthly_price: z.number().nullable(),
    annual_price: z.number().nullable(),
    annual_price_pm: z.number().nullable(),
    quarterly_price: z.number().nullable(),
    trial_interval_length: z.number().int().nullable(),
    trial_interval_length_annual: z.number().int().nullable(),
    trial_interval_length_annual_pm: z.number().int().nullable(),
    trial_interval_length_quarterly: z.number().int().nullable(),
  })
  .openapi('PlanDetails');

const CouponSchema = z
  .object({
    coupon_code: z.string(),
    discount_type: z.enum(['dollars', 'percent']),
    discount_in_cents: z.number().int().nullable(),
    discount_percent: z.number().nullable(),
    duration: z.enum(['forever', 'single_use', 'temporal']),
    applies_for_months: z.number().int().nullable(),
  })
  .openapi('Coupon');

const validateOrganizationRoute = createRoute({
  method: 'get',
  path: '/api/subscribe/validate-organization/{organization}',
  tags: ['subscribe'],
  summary: 'Whether an organization (by its api_subdomain) offers personal subscriptions',
  request: { params: z.object({ organization: codeParam('organization') }) },
  responses: { 200: json(z.object({ status: z.boolean() })), ...errors(422) },
});

const couponRoute = createRoute({
  method: 'get',
  path: '/api/subscribe/coupon-details/{code}',
  tags: ['subscribe'],
  summary: 'A subscription coupon (404 when unknown)',
  request: { params: z.object({ code: codeParam('code') }) },
  responses: { 200: json(CouponSchema), ...errors(404, 422) },
});

const planDetailsRoute = createRoute({
  method: 'post',
  path: '/api/subscribe/plan-details',
  tags: ['subscribe'],
  summary: 'Subscription prices and trial lengths',
  security: [{}, ...BEARER],
  request: { body: { content: { 'application/json': { schema: z.object({}) } } } },
  responses: { 200: json(PlanDetailsSchema), ...errors(400) },
});

const claimRoute = createRoute({
  method: 'post',
  path: '/api/subscribe/claim-license',
  tags: ['licences'],
  summary: "Claim a licence: status 'OK', or 'PAUSED' / 'UNAVAILABLE' with the text to show",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { body: jsonBody(z.object({ license_code: z.string().trim().min(1).max(64) })) },
  responses: { 200: json(z.object({ status: z.string(), message: z.string() })), ...errors(400, 401, 404, 422) },
});

const processRoute = createRoute({
  method: 'post',
  path: '/api/subscribe/process',
  tags: ['subscribe'],
  summary: 'Buy a personal subscription with a card token from the billing form',
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        term: z.enum(TERMS),
        coupon_code: z.string().trim().max(64).nullable().optional(),
        token: z.string().trim().min(1).max(256),
        first_name: z.string().trim().min(1).max(100),
        last_name: z.string().trim().min(1).max(100),
        address: z.string().trim().min(1).max(200),
        city: z.string().trim().min(1).max(100),
        state: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2}$/, 'The state field must be a two-letter code.'),
        postal_code: z.string().trim().min(1).max(20),
        country: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2}$/, 'The country field must be a two-letter country code.'),
      }),
    ),
  },
  responses: {
    200: json(
      z.union([
        z.object({ status: z.literal('success'), subscription: SubscriptionStateSchema }),
        z.object({ status: z.literal('error'), message: z.string() }),
      ]),
      "'success' with the new subscription state, or 'error' with a card status code or text",
    ),
    ...errors(400, 401, 409, 422),
  },
});

export function subscribeRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(validateOrganizationRoute, async (c) =>
    c.json(await organizationAcceptsSubscriptions(deps, c.req.valid('param').organization), 200),
  );

  app.openapi(couponRoute, async (c) => c.json(await couponDetails(deps, c.req.valid('param').code), 200));

  app.openapi(planDetailsRoute, async (c) => c.json(await planPrices(deps), 200));

  app.openapi(claimRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const claim = await claimLicenceByCode(deps, auth.user, c.req.valid('json').license_code);
    // A refusal's text is shown as it comes (the athlete steps): in the request's language.
    const locale = requestLocale(c.req.header('accept-language'));
    return c.json({ ...claim, message: render(locale, fromEnglish(claim.message)) }, 200);
  });

  app.openapi(processRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await purchaseSubscription(deps, auth.user, c.req.valid('json')), 200);
  });

  return app;
}
