import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../deps.ts';
import { authFirst, bearerToken, requireUser } from '../http/auth.ts';
import { clientIp } from '../http/client-ip.ts';
import { unauthenticated, validationHook } from '../http/errors.ts';
import { AwaitingPaymentSchema } from '../http/help-paying-schemas.ts';
import { BEARER, createRouter, errors, id, json, jsonBody } from '../http/openapi.ts';
import { requestLocale } from '../i18n/index.ts';
import {
  householdCheckout as checkout,
  householdCheckoutSuccess as checkoutSuccess,
  quoteForSession,
} from '../services/checkout/index.ts';
import { guardianFirst } from './household.ts';

/**
 * The family checkout of issue 20 (docs/api.md "Family checkout"): quote, checkout and checkout-success for several
 * athletes of the caller's household in one payment. The work is services/checkout/'s (household.ts).
 */

/** A checkout holds 1 to 8 athletes, each once. */
const MAX_ATHLETES = 8;
const month = z.number().int().min(0).max(24);
const includeProtection = z.boolean().nullable().optional();
const discountCode = z.string().trim().max(64).nullable().optional();

const uniqueAthletes = <T extends { athlete_id: number }>(lines: T[]) =>
  new Set(lines.map((line) => line.athlete_id)).size === lines.length;
const UNIQUE_ATHLETES = 'Each athlete may be in the checkout once.';

const quoteLine = z.object({
  athlete_id: id,
  payment_plan_month: month.nullable().optional(),
  include_payment_protection_plan: includeProtection,
});

const checkoutLine = z.object({
  athlete_id: id,
  payment_plan_month: month,
  include_payment_protection_plan: includeProtection,
  // Issue 32 point 4: answers to the athlete's team's own questions by question id (src/domain/team-questions.ts).
  answers: z.record(z.string().max(12), z.string().max(1000)).optional(),
});

const quoteLines = z.array(quoteLine).min(1).max(MAX_ATHLETES).refine(uniqueAthletes, UNIQUE_ATHLETES);
const checkoutLines = z.array(checkoutLine).min(1).max(MAX_ATHLETES).refine(uniqueAthletes, UNIQUE_ATHLETES);

const cents = z.number().int();
const PhaseSchema = z.object({ due_on: z.string(), amount_cents: cents });

const QuoteLineSchema = z
  .object({
    athlete_id: z.number().int(),
    name: z.string(),
    license_code: z.string().nullable(),
    /** Null only for a line whose problem is that it has no team ('Athlete not found.', no team licence). */
    team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    season: z.object({ id: z.number().int(), name: z.string(), start_date: z.string() }).nullable(),
    organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    injury_protection_insurance: z
      .object({ id: z.number().int(), description: z.string(), amount_cents: cents })
      .nullable(),
    payment_plans: z.array(
      z.object({
        month: z.number().int(),
        name: z.string(),
        additional_cents: cents.nullable(),
        phases: z.array(
          z.object({
            due_on: z.string(),
            start_time_formatted: z.string(),
            amount_cents: cents,
            base_amount_cents: cents,
          }),
        ),
      }),
    ),
    payment_plan_month: z.number().int().nullable(),
    include_payment_protection_plan: z.boolean(),
    dues_cents: cents,
    code_discount_cents: cents,
    /** Issue 34 (additive): the award taken off this athlete's dues, only when there is one. */
    financial_assistance_cents: cents.optional(),
    sibling_discount_cents: cents,
    sibling_discount_percent: z.number(),
    position: z.number().int(),
    app_fee_cents: cents,
    protection_cents: cents,
    plan_fee_cents: cents,
    today_cents: cents,
    later_cents: cents,
    total_cents: cents,
    later_phases: z.array(PhaseSchema),
    problem: z.string().nullable(),
  })
  .openapi('QuoteLine');

const QuoteSchema = z
  .object({
    athletes: z.array(QuoteLineSchema),
    waivers: z.array(
      z.object({
        organization_id: z.number().int(),
        organization_name: z.string(),
        waiver: z.string(),
        // Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one.
        waiver_es: z.string().optional(),
        // Issue 32 point 3 (additive): the version of this waiver shown; the checkout sends it as `waiver_version`.
        version: z.number().int(),
      }),
    ),
    discount: z
      .object({ code: z.string(), percent_off: z.number().nullable(), flat_discount_cents: cents.nullable() })
      .nullable(),
    sibling_discount_cents: cents,
    today_cents: cents,
    later_cents: cents,
    total_cents: cents,
    ready: z.boolean(),
  })
  .openapi('Quote');

/** One athlete of a family checkout as its receipt (and, by check or cash, its 'Awaiting payment') names it. */
const CheckoutAthlete = z.object({
  membership_id: z.number().int(),
  athlete_id: z.number().int(),
  name: z.string(),
  team_name: z.string(),
  season_name: z.string(),
  plan_name: z.string(),
});

const HouseholdReceiptSchema = z
  .object({
    checkout_id: z.string(),
    amount_cents: cents,
    sibling_discount_cents: cents,
    email: z.string(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    athletes: z.array(
      CheckoutAthlete.extend({
        amount_cents: cents,
        dues_cents: cents,
        code_discount_cents: cents,
        sibling_discount_cents: cents,
        /** Issue 34 (additive): the award taken off this athlete's dues; present only with one. */
        financial_assistance_cents: cents.optional(),
        protection_cents: cents,
        app_fee_cents: cents,
      }),
    ),
    remaining: z.array(z.object({ due_date: z.string(), amount_cents: cents })),
  })
  .openapi('HouseholdReceipt');

/** Issue 34 point 4: a family checkout by check or cash: every athlete 'Awaiting payment' (docs/api.md). */
const HouseholdAwaitingSchema = AwaitingPaymentSchema.omit({ membership_id: true, plan_name: true })
  .extend({
    athletes: z.array(
      CheckoutAthlete.extend(AwaitingPaymentSchema.pick({ amount_due_cents: true, total_cents: true }).shape),
    ),
  })
  .openapi('HouseholdAwaiting');

/**
 * The quote's session is looked up in the quote's own statement (services/checkout/quote.ts quoteForSession:
 * one round trip instead of two, issue 20's 50 ms p99), so the answers' order (401, then 403, then 400/422) is kept
 * here without a lookup of its own on the way in: no bearer token is 401 at once; a body that will not parse as JSON
 * (or is not sent as JSON) and a body the schema refuses (the route's hook) check the session first, as
 * authFirst and guardianFirst do on the other routes.
 */
const sessionFirstOnBadBodies = createMiddleware<AppEnv>(async (c, next) => {
  if (!bearerToken(c)) throw unauthenticated();
  if (!(await parsesAsJson(c))) await checkSession(c);
  await next();
});

const JSON_TYPE = /^application\/([a-z-.]+\+)?json(;|$)/i;

/** Whether the body will reach the route's validator: sent as JSON and parsing (Hono keeps the parsed body). */
async function parsesAsJson(c: Context): Promise<boolean> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) return false;
  try {
    await c.req.json();
    return true;
  } catch {
    return false;
  }
}

/** authFirst then guardianFirst, as functions: 401 for a token that opens no session, 403 for an athlete's. */
async function checkSession(c: Context): Promise<void> {
  await guardianFirst(c, async () => {});
}

/** The shared validation hook, after the session check a refused request owes (see sessionFirstOnBadBodies). */
async function refusedAfterSession(result: Parameters<typeof validationHook>[0], c: Context): Promise<never> {
  await checkSession(c);
  validationHook(result, c);
  throw new Error('validationHook accepted a refused body');
}

const quoteRoute = createRoute({
  method: 'post',
  path: '/api/household/quote',
  tags: ['household'],
  summary: "A family checkout's lines and totals, computed from the server's data (writes nothing)",
  security: BEARER,
  middleware: [sessionFirstOnBadBodies] as const,
  request: { body: jsonBody(z.object({ athletes: quoteLines, discount_code: discountCode })) },
  responses: { 200: json(QuoteSchema), ...errors(400, 401, 403, 422) },
});

const checkoutRoute = createRoute({
  method: 'post',
  path: '/api/household/checkout',
  tags: ['household'],
  summary:
    'Start paying a family checkout: one PaymentIntent for everything due today (a SetupIntent when only ' +
    'instalments are due), or, with nothing to pay, the memberships recorded now (payment_complete 1)',
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        athletes: checkoutLines,
        discount_code: discountCode,
        checkout_key: z
          .string()
          .regex(/^[A-Za-z0-9_-]{8,64}$/, 'The checkout key must be 8 to 64 letters, digits, - or _.'),
        /** Issue 32 point 3 (additive): the waiver version read and agreed to (the current one); null: not agreed. */
        waiver_version: z.number().int().min(1).max(1_000_000).nullable().optional(),
        /** Issue 34 point 4 (additive): 'check_or_cash' where the organization accepts it; absent: card. */
        payment_method: z.enum(['card', 'check_or_cash']).optional(),
      }),
    ),
  },
  responses: {
    200: json(
      z.object({
        checkout_id: z.string(),
        client_secret: z.string().nullable(),
        payment_intent_id: z.string().nullable(),
        setup_intent_id: z.string().nullable(),
        payment_complete: z.union([z.literal(0), z.literal(1)]),
        amount_today_cents: cents,
        receipt: HouseholdReceiptSchema.nullable(),
        /** Issue 34 point 4: by check or cash, every athlete 'Awaiting payment'. */
        awaiting_payment: HouseholdAwaitingSchema.optional(),
      }),
    ),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

const providerId = z.string().trim().min(1).max(255);

const checkoutSuccessRoute = createRoute({
  method: 'post',
  path: '/api/household/checkout-success',
  tags: ['household'],
  summary:
    "Record a family checkout's memberships once the provider says its intent succeeded (idempotent); when another " +
    'checkout paid one of the athletes meanwhile, the payment is refunded whole (`refunded: true`)',
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        checkout_id: z.string().trim().min(1).max(64),
        stripe_payment_intent_id: providerId.optional(),
        stripe_setup_intent_id: providerId.optional(),
      }),
    ),
  },
  responses: {
    200: json(
      z.object({
        payment_complete: z.literal(1),
        membership_ids: z.array(z.number().int()),
        refunded: z.boolean(),
        receipt: HouseholdReceiptSchema.nullable(),
      }),
    ),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

export function householdCheckoutRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(
    quoteRoute,
    async (c) => {
      const token = bearerToken(c);
      if (!token) throw unauthenticated();
      return c.json(
        await quoteForSession(deps, token, c.req.valid('json'), requestLocale(c.req.header('accept-language'))),
        200,
      );
    },
    // The shared validation hook, after the session check a refused body owes (see sessionFirstOnBadBodies).
    (result, c) => (result.success ? validationHook(result, c) : refusedAfterSession(result, c)),
  );

  app.openapi(checkoutRoute, async (c) => {
    const auth = await requireUser(c, deps);
    // Issue 31 point 4: the request's language decides which language's waiver text the membership records as agreed.
    // Issue 32 point 3: Pay Now records the waiver agreements with the request's address and browser.
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
