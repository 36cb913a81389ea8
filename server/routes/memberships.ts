import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { centsToDollarsOrNull } from '../../src/domain/money.ts';
import { DISCOUNT_NOT_FOUND } from '../../src/domain/payment-rules.ts';
import {
  cardOf,
  createPhases,
  decodeSchedule,
  encodeSchedule,
  payerCustomer,
  type ReceiptJson,
  receiptJson,
  SCHEDULE_KEY,
  saveCard,
  sendReceipt,
} from '../billing/phases.ts';
import { licenceClaims, type MembershipRow, memberships, teams, type UserRow } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { planTotalCents } from '../domain/payment-plans.ts';
import { authFirst, optionalUser, requireUser } from '../http/auth.ts';
import { ApiError, conflict, fieldError, notFound } from '../http/errors.ts';
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
import { claimHolderIds } from '../services/licences.ts';
import { type CheckoutLease, recordMembership, withCheckoutLease } from '../services/memberships.ts';
import {
  type DuesContext,
  findDiscount,
  payerDuesContext,
  payerTeamLicence,
  paymentDataJson,
  plansFor,
  requireActiveDiscount,
  requireTeamSeat,
  seasonMembership,
  teamContext,
  teamMembershipOf,
} from '../services/team-dues.ts';

/** Stripe's smallest charge in USD; anything between 0 and this cannot be paid by card. */
const MIN_CARD_CENTS = 50;

export const ALREADY_MEMBER = 'Sorry, this athlete already has a membership for the season.';
export const REFUNDED = 'This payment has been refunded.';
const REPLACED = 'This checkout was replaced by another one. Please try again.';

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

const ReceiptSchema = z
  .object({
    amount_cents: z.number().int(),
    team_name: z.string(),
    season_name: z.string().nullable(),
    plan_name: z.string(),
    email: z.string(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    remaining: z.array(z.object({ due_date: z.string(), amount_cents: z.number().int() })),
  })
  .openapi('Receipt');

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

function hashOf(parts: Record<string, string | number | boolean | null>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const PAID = {
  client_secret: null,
  payment_intent_id: null,
  setup_intent_id: null as string | null,
  payment_complete: 1 as const,
  receipt: null as ReceiptJson | null,
};

export function membershipRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(duplicateRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const athleteId = c.req.valid('param').athlete;
    // The caller or one of their athletes, the same set whose licence claims count for the caller.
    if (!(await claimHolderIds(db, auth.user)).includes(athleteId)) {
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
    const membership = await teamMembershipOf(db, auth.user, licence.team.id);
    return c.json({ payment_complete: membership ? (1 as const) : (0 as const) }, 200);
  });

  app.openapi(paymentPlansRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const body = c.req.valid('json');
    const context = await payerDuesContext(db, auth.user);
    if (!context) throw notFound('There is no team licence to pay for on this account.');
    const discount = await requireActiveDiscount(db, body.discount_code, context.organization.id);
    const plans = plansFor(context, discount, body.include_payment_protection_plan === true, deps.now());
    return c.json(paymentDataJson(context, plans), 200);
  });

  app.openapi(discountRoute, async (c) => {
    const auth = await optionalUser(c, deps);
    const licence = auth ? await payerTeamLicence(db, auth.user) : null;
    const discount = await findDiscount(db, c.req.valid('param').code, licence?.team.organizationId ?? null);
    if (!discount) throw notFound(DISCOUNT_NOT_FOUND);
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
    const payer = auth.user;
    const body = c.req.valid('json');
    const [team] = await db.select().from(teams).where(eq(teams.id, body.team_id));
    if (!team) throw notFound('Team not found.');
    /** Paid already (a repeated Pay Now, another tab, the family paid): nothing to pay and no new intent. */
    const paidAlready = async () => {
      // The payer's own season first, in one read: a membership recorded between two reads (a concurrent
      // checkout-success) must read as paid for this team, never as another team's membership.
      const own = await seasonMembership(db, payer.id, team.seasonId);
      if (own) {
        if (own.teamId === team.id) return true;
        throw conflict(ALREADY_MEMBER);
      }
      return (await teamMembershipOf(db, payer, team.id)) !== null;
    };
    if (await paidAlready()) return c.json(PAID, 200);
    const seat = await requireTeamSeat(db, payer, team.id, { allowPaused: false, now: deps.now() });

    const context = await teamContext(db, team);
    const discount = await requireActiveDiscount(db, body.discount_code, context.organization.id);
    const protection = body.include_payment_protection_plan === true && context.protectionPlan !== null;
    const plan = plansFor(context, discount, protection, deps.now()).find((p) => p.month === body.payment_plan_month);
    if (!plan) throw fieldError('payment_plan_month', 'The selected payment plan is not offered.');
    const todayCents = plan.phases[0]?.amountCents ?? 0;
    const membership = membershipFields(
      payer.id,
      context,
      seat.licenceId,
      plan.month,
      todayCents,
      planTotalCents(plan),
      discount?.code ?? null,
      protection,
    );
    if (todayCents > 0 && todayCents < MIN_CARD_CENTS) {
      throw fieldError('discount_code', 'The amount due today is below the smallest card payment ($0.50).');
    }
    const metadata = {
      user_id: String(payer.id),
      team_id: String(team.id),
      season_id: String(membership.seasonId),
      licence_id: String(seat.licenceId),
      payment_plan_month: String(plan.month),
      plan_total_cents: String(membership.planTotalCents),
      discount_code: discount?.code ?? '',
      protection: protection ? '1' : '0',
      // The later phases the family agrees to by paying: recorded as the membership's schedule (server/billing).
      [SCHEDULE_KEY]: encodeSchedule(plan.phases.slice(1).map((p) => ({ dueOn: p.dueOn, amountCents: p.amountCents }))),
    };
    const paramsKey = hashOf({ ...metadata, amount: todayCents });

    // One checkout at a time per payer and season, so there is never more than one open intent to pay.
    const key = { userId: payer.id, seasonId: membership.seasonId };
    const answer = await withCheckoutLease(db, key, deps.now, async (lease) => {
      // Again under the lease: a checkout or checkout-success that just finished may have paid the season.
      if (await paidAlready()) return PAID;
      const open = await settleOpenIntent(lease, paramsKey);
      if (open.kind === 'kept') return intentAnswer(open.intent);
      if (open.kind === 'paid') {
        // The payer's earlier checkout was paid before it could be replaced: that payment is the membership.
        await recordSucceeded(payer, open.intent);
        await lease.save({ paymentIntentId: null, paramsKey: null, attempt: lease.open.attempt });
        if (open.intent.metadata.team_id !== String(team.id)) throw conflict(ALREADY_MEMBER);
        return PAID;
      }
      const laterCents = plan.phases.slice(1).reduce((sum, phase) => sum + phase.amountCents, 0);
      if (todayCents === 0 && laterCents > 0) {
        // Nothing to charge today, but the instalments need a saved card: a SetupIntent saves it without a charge.
        // Each checkout may make its own; none moves money, and checkout-success records only the first confirmed.
        const customerId = await payerCustomer(deps, payer.id);
        const setup = await deps.providers.payments.createSetupIntent({
          customerId,
          metadata: { ...metadata, customer_id: customerId },
        });
        return {
          client_secret: setup.clientSecret,
          payment_intent_id: null,
          setup_intent_id: setup.id,
          payment_complete: 0 as const,
          receipt: null,
        };
      }
      if (todayCents === 0) {
        const recorded = await recordMembership(db, { ...membership, stripePaymentIntentId: null });
        if (recorded.kind === 'season-taken') throw conflict(ALREADY_MEMBER);
        const later = decodeSchedule(metadata[SCHEDULE_KEY]);
        const created = await createPhases(
          db,
          recorded.membership.id,
          { amountCents: 0, paidAt: deps.now(), chargeId: null },
          later,
        );
        if (created) await sendReceipt(deps, recorded.membership.id, { amountCents: 0, card: null });
        return { ...PAID, receipt: await receiptJson(deps, recorded.membership.id, null) };
      }
      const attempt = lease.open.attempt + 1;
      // A plan with later phases keeps the card on the payer's customer for the collector's off-session charges.
      const saveCardForLater = plan.phases.length > 1;
      const customerId = saveCardForLater ? await payerCustomer(deps, payer.id) : undefined;
      const intent = await deps.providers.payments.createIntent({
        amountCents: todayCents,
        currency: 'usd',
        metadata: customerId ? { ...metadata, customer_id: customerId } : metadata,
        // Same checkout and attempt, same intent: a retried request never opens a second one.
        idempotencyKey: `checkout-${hashOf({ ...metadata, amount: todayCents, attempt })}`,
        customerId,
        saveCard: saveCardForLater,
      });
      if (!(await lease.save({ paymentIntentId: intent.id, paramsKey, attempt }))) {
        // The lease expired and a newer checkout took over: this intent must not stay open beside its one.
        await deps.providers.payments.cancelIntent(intent.id);
        throw conflict(REPLACED);
      }
      return intentAnswer(intent);
    });
    return c.json(answer, 200);
  });

  app.openapi(checkoutSuccessRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const body = c.req.valid('json');
    if (body.stripe_setup_intent_id !== undefined && body.stripe_payment_intent_id === undefined) {
      const membership = await recordSetup(auth.user, body, body.stripe_setup_intent_id);
      const card = await cardOf(db, membership.id);
      const summary = card ? { brand: card.brand, last4: card.last4 } : null;
      const receipt = await receiptJson(deps, membership.id, summary);
      return c.json({ payment_complete: 1 as const, membership_id: membership.id, refunded: false, receipt }, 200);
    }
    if (body.stripe_payment_intent_id === undefined || body.stripe_setup_intent_id !== undefined) {
      throw fieldError('stripe_payment_intent_id', 'Send either stripe_payment_intent_id or stripe_setup_intent_id.');
    }
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
    // Checkout took the seat's claim; it must still be there. A pause since then does not undo a payment made.
    await requireTeamSeat(db, auth.user, body.team_id, { allowPaused: true, now: deps.now() });
    const { membership, refunded } = await recordSucceeded(auth.user, intent);
    const card = intent.paymentMethodId ? await deps.providers.payments.cardSummary(intent.paymentMethodId) : null;
    const receipt = refunded ? null : await receiptJson(deps, membership.id, card);
    return c.json({ payment_complete: 1 as const, membership_id: membership.id, refunded, receipt }, 200);
  });

  /**
   * Records the membership of a plan with nothing due today once its SetupIntent saved the card: the $0.00 phase
   * paid, the later ones scheduled, the card saved and the receipt e-mailed, once (the SetupIntent id is the
   * membership's unique provider id). Nothing was charged, so nothing is ever refunded.
   */
  async function recordSetup(
    payer: UserRow,
    body: { team_id: number; payment_plan_month: number },
    setupIntentId: string,
  ): Promise<MembershipRow> {
    const setup = await deps.providers.payments.retrieveSetupIntent(setupIntentId);
    if (!setup || setup.metadata.user_id !== String(payer.id) || !setup.metadata.team_id) {
      throw notFound('Card setup not found.');
    }
    if (
      setup.metadata.team_id !== String(body.team_id) ||
      setup.metadata.payment_plan_month !== String(body.payment_plan_month)
    ) {
      throw new ApiError(422, 'The card setup does not match this checkout.', {
        stripe_setup_intent_id: ['The card setup does not match this checkout.'],
      });
    }
    const customerId = setup.customerId ?? setup.metadata.customer_id;
    if (setup.status !== 'succeeded' || !setup.paymentMethodId || !customerId) {
      throw conflict('The card has not been confirmed yet.');
    }
    await requireTeamSeat(db, payer, body.team_id, { allowPaused: true, now: deps.now() });
    const fields = membershipFromMetadata(setup.id, setup.metadata, 0);
    const family = await teamMembershipOf(db, payer, fields.teamId);
    if (family && family.userId !== payer.id) return family;
    const recorded = await recordMembership(db, fields);
    if (recorded.kind !== 'recorded') {
      if (recorded.membership.teamId === fields.teamId) return recorded.membership;
      throw conflict(ALREADY_MEMBER);
    }
    const membership = recorded.membership;
    if (membership.stripePaymentIntentId !== setup.id) return membership;
    const card = await deps.providers.payments.cardSummary(setup.paymentMethodId);
    if (card) {
      await saveCard(db, membership.id, { customerId, paymentMethodId: setup.paymentMethodId, ...card }, deps.now());
    }
    const later = decodeSchedule(setup.metadata[SCHEDULE_KEY]);
    const created = await createPhases(
      db,
      membership.id,
      { amountCents: 0, paidAt: deps.now(), chargeId: null },
      later,
    );
    if (created) await sendReceipt(deps, membership.id, { amountCents: 0, card });
    return membership;
  }

  /**
   * The payer's open intent: kept when it pays for this same checkout; otherwise canceled through the provider, so
   * that only one intent can ever be paid. `paid`: it was paid before the cancel arrived (or elsewhere).
   */
  async function settleOpenIntent(
    lease: CheckoutLease,
    paramsKey: string,
  ): Promise<{ kind: 'none' } | { kind: 'kept' | 'paid'; intent: PaymentIntent }> {
    const { paymentIntentId, attempt } = lease.open;
    if (paymentIntentId === null) return { kind: 'none' };
    if (lease.open.paramsKey === paramsKey) {
      const intent = await deps.providers.payments.retrieveIntent(paymentIntentId);
      if (intent?.status === 'succeeded') return { kind: 'paid', intent };
      if (intent && intent.status !== 'canceled') return { kind: 'kept', intent };
      // Canceled outside this server (or gone): the checkout makes a new one.
      return { kind: 'none' };
    }
    const intent = await deps.providers.payments.cancelIntent(paymentIntentId);
    if (intent?.status === 'succeeded') return { kind: 'paid', intent };
    // Money is moving (processing): neither replace it nor open a second one.
    if (intent && intent.status !== 'canceled') throw conflict(NOT_SUCCEEDED[intent.status]);
    if (!(await lease.save({ paymentIntentId: null, paramsKey: null, attempt }))) throw conflict(REPLACED);
    return { kind: 'none' };
  }

  /**
   * Records the membership a succeeded intent paid for. When the team (or, for another team, the season) is paid
   * already by another membership, this intent took the money a second time and is refunded through the provider.
   */
  async function recordSucceeded(
    payer: UserRow,
    intent: PaymentIntent,
  ): Promise<{ membership: MembershipRow; refunded: boolean }> {
    const fields = membershipFromMetadata(intent.id, intent.metadata, intent.amountCents);
    const family = await teamMembershipOf(db, payer, fields.teamId);
    if (family && family.userId !== payer.id) {
      // A guardian paid for a team one of their athletes is already a member of.
      await deps.providers.payments.refundIntent(intent.id);
      return { membership: family, refunded: true };
    }
    const recorded = await recordMembership(db, fields);
    if (recorded.kind === 'recorded') {
      await recordSchedule(recorded.membership, intent);
      return { membership: recorded.membership, refunded: false };
    }
    await deps.providers.payments.refundIntent(intent.id);
    if (recorded.membership.teamId === fields.teamId) return { membership: recorded.membership, refunded: true };
    throw conflict(`${ALREADY_MEMBER} ${REFUNDED}`);
  }

  /**
   * The phases of a membership just paid, its saved card (plans with later phases) and the receipt e-mail. Runs for
   * every call that finds the intent recorded; only the one that inserts the phases e-mails the receipt.
   */
  async function recordSchedule(membership: MembershipRow, intent: PaymentIntent): Promise<void> {
    if (membership.stripePaymentIntentId !== intent.id) return;
    const card = intent.paymentMethodId ? await deps.providers.payments.cardSummary(intent.paymentMethodId) : null;
    const later = decodeSchedule(intent.metadata[SCHEDULE_KEY]);
    const customerId = intent.metadata.customer_id;
    if (later.length > 0 && card && customerId && intent.paymentMethodId) {
      await saveCard(db, membership.id, { customerId, paymentMethodId: intent.paymentMethodId, ...card }, deps.now());
    }
    const created = await createPhases(
      db,
      membership.id,
      { amountCents: intent.amountCents, paidAt: deps.now(), chargeId: intent.id },
      later,
    );
    if (created) await sendReceipt(deps, membership.id, { amountCents: intent.amountCents, card });
  }

  return app;
}

function intentAnswer(intent: PaymentIntent) {
  return {
    client_secret: intent.clientSecret,
    payment_intent_id: intent.id,
    setup_intent_id: null,
    payment_complete: 0 as const,
    receipt: null,
  };
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

/** The membership a provider intent (payment or setup) was made for, from the metadata checkout gave it. */
function membershipFromMetadata(providerId: string, metadata: Record<string, string>, paidTodayCents: number) {
  const number = (key: string) => {
    const value = Number(metadata[key]);
    if (!Number.isInteger(value)) throw new Error(`intent ${providerId} lacks metadata ${key}`);
    return value;
  };
  return {
    userId: number('user_id'),
    teamId: number('team_id'),
    seasonId: number('season_id'),
    licenceId: number('licence_id'),
    paymentPlanMonth: number('payment_plan_month'),
    paidTodayCents,
    planTotalCents: number('plan_total_cents'),
    discountCode: metadata.discount_code || null,
    includesProtection: metadata.protection === '1',
    // A SetupIntent's id for a plan with nothing due today: unique all the same, so recording stays idempotent.
    stripePaymentIntentId: providerId,
  };
}
