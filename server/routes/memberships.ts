import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { athleteGuardians, licenceClaims, licences, memberships, teams, type UserRow } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { centsToDollarsOrNull } from '../domain/money.ts';
import { planTotalCents } from '../domain/payment-plans.ts';
import { authFirst, optionalUser, requireUser } from '../http/auth.ts';
import { ApiError, conflict, fieldError, forbidden, notFound } from '../http/errors.ts';
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
import type { IntentStatus, PaymentIntent } from '../providers/types.ts';
import { recordMembership } from '../services/memberships.ts';
import {
  activeMembership,
  type DuesContext,
  findDiscount,
  payerTeamLicence,
  paymentDataJson,
  plansFor,
  requireActiveDiscount,
  teamContext,
} from '../services/team-dues.ts';

/** Stripe's smallest charge in USD; anything between 0 and this cannot be paid by card. */
const MIN_CARD_CENTS = 50;

export const ALREADY_MEMBER = 'Sorry, this athlete already has a membership for the season.';

const NOT_SUCCEEDED: Record<Exclude<IntentStatus, 'succeeded'>, string> = {
  processing: 'Your payment is processing.',
  requires_payment_method: 'Your payment was not successful, please try again.',
  requires_confirmation: 'The payment has not been confirmed yet.',
  requires_action: 'The payment still needs authentication.',
  requires_capture: 'The payment has not been captured yet.',
  canceled: 'The payment was canceled.',
};

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

const checkoutBody = {
  payment_plan_month: z.number().int().min(0).max(24),
  team_id: id,
  discount_code: discountCode,
  include_payment_protection_plan: includeProtection,
};

const checkoutRoute = createRoute({
  method: 'post',
  path: '/api/memberships/checkout',
  tags: ['memberships'],
  summary: 'Start paying team dues: a client secret to confirm by card, or (nothing to pay) the recorded membership',
  security: BEARER,
  middleware: [authFirst] as const,
  request: { body: jsonBody(z.object(checkoutBody)) },
  responses: {
    200: json(
      z.object({
        client_secret: z.string().nullable(),
        payment_intent_id: z.string().nullable(),
        payment_complete: z.union([z.literal(0), z.literal(1)]),
      }),
    ),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

const checkoutSuccessRoute = createRoute({
  method: 'post',
  path: '/api/memberships/checkout-success',
  tags: ['memberships'],
  summary: 'Record the membership once the provider says the intent succeeded (idempotent per intent)',
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(z.object({ ...checkoutBody, stripe_payment_intent_id: z.string().trim().min(1).max(255) })),
  },
  responses: {
    200: json(z.object({ payment_complete: z.literal(1), membership_id: z.number().int() })),
    ...errors(400, 401, 404, 409, 422),
  },
});

/** The athletes a guardian registered, as ids. */
async function athleteIds(db: Db, guardianId: number): Promise<number[]> {
  const rows = await db
    .select({ id: athleteGuardians.athleteId })
    .from(athleteGuardians)
    .where(eq(athleteGuardians.guardianId, guardianId));
  return rows.map((row) => row.id);
}

/** Whether the payer holds a licence for the team: their latest licence, or a claim on one of its licences. */
async function mayPayFor(db: Db, payer: UserRow, teamId: number): Promise<{ licenceId: number } | null> {
  const latest = await payerTeamLicence(db, payer);
  if (latest?.team.id === teamId) return { licenceId: latest.licence.id };
  const [claim] = await db
    .select({ licenceId: licences.id })
    .from(licenceClaims)
    .innerJoin(licences, eq(licences.id, licenceClaims.licenceId))
    .where(and(eq(licenceClaims.userId, payer.id), eq(licences.teamId, teamId)))
    .limit(1);
  return claim ?? null;
}

function idempotencyKey(parts: Record<string, string | number | boolean | null>): string {
  return `checkout-${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;
}

export function membershipRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(duplicateRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const athleteId = c.req.valid('param').athlete;
    if (athleteId !== auth.user.id && !(await athleteIds(db, auth.user.id)).includes(athleteId)) {
      throw notFound('Athlete not found.');
    }
    const licence = await payerTeamLicence(db, auth.user);
    if (!licence) return c.json({ license_claimed: false, has_active_season_membership: false }, 200);
    const [claim] = await db
      .select({ id: licenceClaims.id })
      .from(licenceClaims)
      .where(and(eq(licenceClaims.licenceId, licence.licence.id), eq(licenceClaims.userId, athleteId)));
    const [membership] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, athleteId),
          eq(memberships.seasonId, licence.team.seasonId),
          eq(memberships.status, 'active'),
        ),
      )
      .limit(1);
    return c.json(
      { license_claimed: claim !== undefined, has_active_season_membership: membership !== undefined },
      200,
    );
  });

  app.openapi(statusRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const licence = await payerTeamLicence(db, auth.user);
    if (!licence) return c.json({ payment_complete: 1 as const }, 200);
    // A guardian's dues count as paid when they or one of their athletes is a member of the team.
    const members =
      auth.user.kind === 'athlete' ? [auth.user.id] : [auth.user.id, ...(await athleteIds(db, auth.user.id))];
    const [membership] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          inArray(memberships.userId, members),
          eq(memberships.teamId, licence.team.id),
          eq(memberships.status, 'active'),
        ),
      )
      .limit(1);
    return c.json({ payment_complete: membership ? (1 as const) : (0 as const) }, 200);
  });

  app.openapi(paymentPlansRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const body = c.req.valid('json');
    const licence = await payerTeamLicence(db, auth.user);
    if (!licence) throw notFound('There is no team licence to pay for on this account.');
    const context = await teamContext(db, licence.team);
    const discount = await requireActiveDiscount(db, body.discount_code, context.organization.id);
    const plans = plansFor(context, discount, body.include_payment_protection_plan === true, deps.now());
    return c.json(paymentDataJson(context, plans, null, discount), 200);
  });

  app.openapi(discountRoute, async (c) => {
    const auth = await optionalUser(c, deps);
    const licence = auth ? await payerTeamLicence(db, auth.user) : null;
    const discount = await findDiscount(db, c.req.valid('param').code, licence?.team.organizationId ?? null);
    if (!discount) throw notFound('Code not found.');
    return c.json(
      {
        discount_code: discount.code,
        percent_off: discount.percentOff,
        flat_discount_amount: centsToDollarsOrNull(discount.flatDiscountCents),
        is_active: discount.isActive,
      },
      200,
    );
  });

  app.openapi(checkoutRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const body = c.req.valid('json');
    const [team] = await db.select().from(teams).where(eq(teams.id, body.team_id));
    if (!team) throw notFound('Team not found.');
    const holder = await mayPayFor(db, auth.user, team.id);
    if (!holder) throw forbidden('You have no licence for this team.');
    if (await activeMembership(db, auth.user.id, team.id)) throw conflict(ALREADY_MEMBER);

    const context = await teamContext(db, team);
    const discount = await requireActiveDiscount(db, body.discount_code, context.organization.id);
    const protection = body.include_payment_protection_plan === true && context.protectionPlan !== null;
    const plan = plansFor(context, discount, protection, deps.now()).find((p) => p.month === body.payment_plan_month);
    if (!plan) throw fieldError('payment_plan_month', 'The selected payment plan is not offered.');
    const todayCents = plan.phases[0]?.amountCents ?? 0;
    const membership = membershipFields(
      auth.user.id,
      context,
      holder.licenceId,
      plan.month,
      todayCents,
      planTotalCents(plan),
      discount?.code ?? null,
      protection,
    );

    if (todayCents === 0) {
      await recordMembership(db, { ...membership, stripePaymentIntentId: null });
      return c.json({ client_secret: null, payment_intent_id: null, payment_complete: 1 as const }, 200);
    }
    if (todayCents < MIN_CARD_CENTS) {
      throw fieldError('discount_code', 'The amount due today is below the smallest card payment ($0.50).');
    }

    const metadata = {
      user_id: String(auth.user.id),
      team_id: String(team.id),
      season_id: String(context.season?.id ?? ''),
      licence_id: String(holder.licenceId),
      payment_plan_month: String(plan.month),
      plan_total_cents: String(membership.planTotalCents),
      discount_code: discount?.code ?? '',
      protection: protection ? '1' : '0',
    };
    // Same payer, team, plan and amounts: the same intent, so a repeated click never opens a second charge.
    const intent = await deps.providers.payments.createIntent({
      amountCents: todayCents,
      currency: 'usd',
      metadata,
      idempotencyKey: idempotencyKey({ ...metadata, amount: todayCents }),
    });
    if (intent.status === 'succeeded') {
      // Paid earlier but checkout-success never arrived (closed tab): record it now instead of asking again.
      await recordMembership(db, { ...membership, stripePaymentIntentId: intent.id });
      return c.json({ client_secret: null, payment_intent_id: intent.id, payment_complete: 1 as const }, 200);
    }
    return c.json(
      { client_secret: intent.clientSecret, payment_intent_id: intent.id, payment_complete: 0 as const },
      200,
    );
  });

  app.openapi(checkoutSuccessRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const body = c.req.valid('json');
    // The provider is the only source of truth for the payment; the client's fields are checked against it.
    const intent = await deps.providers.payments.retrieveIntent(body.stripe_payment_intent_id);
    if (!intent || intent.metadata.user_id !== String(auth.user.id)) throw notFound('Payment not found.');
    if (
      intent.metadata.team_id !== String(body.team_id) ||
      intent.metadata.payment_plan_month !== String(body.payment_plan_month)
    ) {
      throw new ApiError(422, 'The payment does not match this checkout.', {
        stripe_payment_intent_id: ['The payment does not match this checkout.'],
      });
    }
    if (intent.status !== 'succeeded') throw conflict(NOT_SUCCEEDED[intent.status]);
    const membership = await recordMembership(db, membershipFromIntent(intent));
    return c.json({ payment_complete: 1 as const, membership_id: membership.id }, 200);
  });

  return app;
}

function membershipFields(
  userId: number,
  context: DuesContext,
  licenceId: number,
  month: number,
  paidTodayCents: number,
  planTotal: number,
  discountCode: string | null,
  includesProtection: boolean,
) {
  if (!context.season) throw new Error('a team always has a season');
  return {
    userId,
    teamId: context.teamId,
    seasonId: context.season.id,
    licenceId,
    paymentPlanMonth: month,
    paidTodayCents,
    planTotalCents: planTotal,
    discountCode,
    includesProtection,
  };
}

function membershipFromIntent(intent: PaymentIntent) {
  const number = (key: string) => {
    const value = Number(intent.metadata[key]);
    if (!Number.isInteger(value)) throw new Error(`payment intent ${intent.id} lacks metadata ${key}`);
    return value;
  };
  return {
    userId: number('user_id'),
    teamId: number('team_id'),
    seasonId: number('season_id'),
    licenceId: number('licence_id'),
    paymentPlanMonth: number('payment_plan_month'),
    paidTodayCents: intent.amountCents,
    planTotalCents: number('plan_total_cents'),
    discountCode: intent.metadata.discount_code || null,
    includesProtection: intent.metadata.protection === '1',
    stripePaymentIntentId: intent.id,
  };
}
