import { createRoute, z } from '@hono/zod-openapi';
import { addDays, addMonthsToInstant } from '../../src/domain/dates.ts';
import { centsToDollarsOrNull } from '../../src/domain/money.ts';
import { INVALID_APPLIED_COUPON_TEXT } from '../../src/domain/subscribe-texts.ts';
import { SUBSCRIPTION_STATUS } from '../../src/domain/subscription-status.ts';
import type { AppDeps } from '../deps.ts';
import { paidThrough, statusMessage } from '../domain/subscription-status.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { conflict, fieldError, notFound } from '../http/errors.ts';
import { BEARER, codeParam, createRouter, errors, json, jsonBody, SubscriptionStateSchema } from '../http/openapi.ts';
import type { BillingTerm } from '../providers/types.ts';
import { claimLicence, findLicence, LICENCE_TEXTS, normalizeCode } from '../services/licences.ts';
import {
  acceptsSubscriptions,
  currentPlan,
  findCoupon,
  saveSubscription,
  subscriptionOf,
} from '../services/subscriptions.ts';

const TERMS = ['annual', 'annual-pm', 'quarterly', 'monthly'] as const satisfies readonly BillingTerm[];

/** How long one payment of each term lasts. annual-pm is billed monthly under a 12-month commitment. */
const TERM_MONTHS: Record<BillingTerm, number> = { annual: 12, 'annual-pm': 1, quarterly: 3, monthly: 1 };

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
  const { db } = deps;
  const app = createRouter();

  app.openapi(validateOrganizationRoute, async (c) => {
    const subdomain = c.req.valid('param').organization.toLowerCase();
    return c.json({ status: await acceptsSubscriptions(db, subdomain) }, 200);
  });

  app.openapi(couponRoute, async (c) => {
    const coupon = await findCoupon(db, normalizeCode(c.req.valid('param').code));
    if (!coupon) throw notFound(INVALID_APPLIED_COUPON_TEXT);
    return c.json(
      {
        coupon_code: coupon.code,
        discount_type: coupon.discountType,
        discount_in_cents: coupon.discountInCents,
        discount_percent: coupon.discountPercent,
        duration: coupon.duration,
        applies_for_months: coupon.appliesForMonths,
      },
      200,
    );
  });

  app.openapi(planDetailsRoute, async (c) => {
    const plan = await currentPlan(db);
    return c.json(
      {
        monthly_price: centsToDollarsOrNull(plan?.monthlyPriceCents ?? null),
        annual_price: centsToDollarsOrNull(plan?.annualPriceCents ?? null),
        annual_price_pm: centsToDollarsOrNull(plan?.annualPmPriceCents ?? null),
        quarterly_price: centsToDollarsOrNull(plan?.quarterlyPriceCents ?? null),
        trial_interval_length: plan?.trialDaysMonthly ?? null,
        trial_interval_length_annual: plan?.trialDaysAnnual ?? null,
        trial_interval_length_annual_pm: plan?.trialDaysAnnualPm ?? null,
        trial_interval_length_quarterly: plan?.trialDaysQuarterly ?? null,
      },
      200,
    );
  });

  app.openapi(claimRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const licence = await findLicence(db, c.req.valid('json').license_code);
    if (!licence) throw notFound(LICENCE_TEXTS.notFound);
    return c.json(await claimLicence(deps, auth.user, licence), 200);
  });

  app.openapi(processRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const body = c.req.valid('json');
    const plan = await currentPlan(db);
    const offer = plan
      ? {
          annual: { price: plan.annualPriceCents, trialDays: plan.trialDaysAnnual },
          'annual-pm': { price: plan.annualPmPriceCents, trialDays: plan.trialDaysAnnualPm },
          quarterly: { price: plan.quarterlyPriceCents, trialDays: plan.trialDaysQuarterly },
          monthly: { price: plan.monthlyPriceCents, trialDays: plan.trialDaysMonthly },
        }[body.term]
      : null;
    if (!offer || offer.price === null) return c.json({ status: 'error' as const, message: 'nosubplan' }, 200);

    const couponCode = body.coupon_code?.trim() ? normalizeCode(body.coupon_code) : null;
    if (couponCode) {
      if (!(await findCoupon(db, couponCode))) throw fieldError('coupon_code', INVALID_APPLIED_COUPON_TEXT);
    }

    const now = deps.now();
    const current = await subscriptionOf(db, auth.user.id);
    if (current?.kind === 'subscription') {
      const message = statusMessage(current, now);
      if (message === SUBSCRIPTION_STATUS.subscriptionActive || message === SUBSCRIPTION_STATUS.trialActive) {
        throw conflict('You already have an active subscription.');
      }
    }

    let result: Awaited<ReturnType<typeof deps.providers.billing.purchase>>;
    try {
      result = await deps.providers.billing.purchase({
        accountCode: `user-${auth.user.id}`,
        email: auth.user.email ?? `user-${auth.user.id}@accounts.invalid`,
        firstName: body.first_name,
        lastName: body.last_name,
        term: body.term,
        couponCode,
        tokenId: body.token,
      });
    } catch (error) {
      // The billing provider failed, not the request: the card form shows the §8 'error' text.
      deps.log.error({ err: error }, 'subscription purchase failed');
      return c.json({ status: 'error' as const, message: 'error' }, 200);
    }
    if (!result.ok) return c.json({ status: 'error' as const, message: result.code }, 200);

    const trialEndsAt = offer.trialDays ? addDays(now, offer.trialDays) : null;
    const access = {
      kind: 'subscription' as const,
      active: true,
      disabled: false,
      term: body.term,
      couponCode,
      providerSubscriptionId: result.subscriptionId,
      trialEndsAt,
      // With a trial the first charge is at its end; that is when the paid period starts.
      paidThrough: trialEndsAt ?? addMonthsToInstant(now, TERM_MONTHS[body.term]),
      updatedAt: now,
    };
    const saved = await saveSubscription(db, auth.user.id, access);
    return c.json(
      {
        status: 'success' as const,
        subscription: {
          status_message: statusMessage(saved, now),
          paid_through: paidThrough(saved)?.toISOString() ?? null,
        },
      },
      200,
    );
  });

  return app;
}
