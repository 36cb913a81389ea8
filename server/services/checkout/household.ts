/**
 * The family checkout of issue 20 (POST /api/household/quote, /checkout, /checkout-success): several athletes of one
 * household, one payment. Everything is computed by the server from its own data (`priceLines`: the athletes of the
 * caller's household, each athlete's team from their latest team licence, their claim on it, the discount code and
 * the household discount of src/domain/household.ts); the site's amounts are never read.
 *
 * Checkouts of one household run one at a time under a lease (`household_checkout_leases`, as `checkouts` is for one
 * payer), so two guardians pressing Pay Now at once get one open intent: a checkout cancels the household's other
 * open intent through the provider first, and when that one turns out paid it is recorded instead. Each checkout is
 * a `household_checkouts` row holding the computed lines, so checkout-success records exactly what was charged:
 * every membership in one transaction, or (when another checkout recorded one of the athletes meanwhile) nothing,
 * and the payment is refunded whole. The routes (server/routes/household-checkout.ts) parse and answer.
 *
 * Issue 34 point 4: with `payment_method: 'check_or_cash'` (where the organization accepts it) no intent is opened:
 * any open card intent of the household is cancelled, and the checkout records every athlete 'Awaiting payment' at
 * once (check-or-cash.ts shares the terms, hold, instructions e-mail and answer with the one-athlete path).
 */

import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, or } from 'drizzle-orm';
import {
  type HouseholdReceiptJson,
  householdReceiptJson,
  linesOf,
  type StoredLine,
} from '../../billing/household-receipts.ts';
import type { Db } from '../../db/client.ts';
import {
  type DiscountCodeRow,
  type HouseholdCheckoutRow,
  householdCheckouts,
  type UserRow,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, conflict, type ErrorText, fieldError, notFound, text, validationError } from '../../http/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/index.ts';
import type { CardSummary, SetupIntent } from '../../providers/types.ts';
import { requireEligible } from '../eligibility/index.ts';
import { ensureHousehold, householdAthleteIds, householdIdOf } from '../households.ts';
import { reclaimReleasedSeats } from '../seat-holds.ts';
import { requireTeamAnswers } from '../team-questions.ts';
import { type AgreementClient, LOCAL_CLIENT, recordWaiverAgreements } from '../waivers.ts';
import { openIntent, openSetup } from './charge.ts';
import {
  CHECK_OR_CASH_KEY,
  type CheckOrCashTerms,
  type HouseholdAwaitingJson,
  holdUntilOf,
  householdAwaiting,
  requireCheckOrCash,
} from './check-or-cash.ts';
import {
  allPaid,
  alreadyPaid,
  problemMessages,
  type Recorded,
  recordCheckout,
  recordIntent,
} from './household-record.ts';
import { withHouseholdLease } from './lease.ts';
import {
  ALREADY_PAID,
  ATHLETE_NOT_FOUND,
  athleteRows,
  CHECKOUT_NOT_FOUND,
  type CheckoutRequest,
  type CheckoutSuccessRequest,
  lineOf,
  PLAN_NOT_OFFERED,
  type Priced,
  type PricedLine,
  priceLines,
  requireGuardian,
  sum,
} from './lines.ts';
import { MIN_CARD_CENTS, NOT_SUCCEEDED, REPLACED } from './one-athlete.ts';
import { ALREADY_MEMBER, agreedIn, agreedLocale } from './record.ts';

// ---------------------------------------------------------------------------------------------------------------
// Checkout

export interface CheckoutAnswer {
  checkout_id: string;
  client_secret: string | null;
  payment_intent_id: string | null;
  setup_intent_id: string | null;
  payment_complete: 0 | 1;
  amount_today_cents: number;
  receipt: HouseholdReceiptJson | null;
  /** Issue 34 point 4: by check or cash: every athlete 'Awaiting payment' (absent for a card or a full discount). */
  awaiting_payment?: HouseholdAwaitingJson;
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function storedLine(line: PricedLine, discount: DiscountCodeRow | null): StoredLine {
  const { context } = line;
  const plan = line.plans.find((candidate) => candidate.month === line.month);
  if (!context?.season || line.seatLicenceId === null || !plan) {
    throw new Error('only a priced line without a problem is stored');
  }
  return {
    ...lineOf(line.athleteId, context, line.seatLicenceId, plan, {
      discountCode: discount?.code ?? null,
      includesProtection: line.includeProtection,
      siblingDiscountCents: line.household?.siblingDiscount ?? 0,
      ...(line.assistanceCents > 0 ? { financialAssistanceCents: line.assistanceCents } : {}),
    }),
    name: line.name,
    teamName: context.teamName,
    seasonName: context.season.name,
    duesCents: context.fees.totalDuesCents,
    codeDiscountCents: line.household?.codeDiscount ?? 0,
    protectionCents: line.protectionCents,
    appFeeCents: line.appFeeCents,
  };
}

function openAnswer(
  row: HouseholdCheckoutRow,
  intent: { clientSecret: string; id: string },
  kind: 'payment' | 'setup',
): CheckoutAnswer {
  return {
    checkout_id: row.publicId,
    client_secret: intent.clientSecret,
    payment_intent_id: kind === 'payment' ? intent.id : null,
    setup_intent_id: kind === 'setup' ? intent.id : null,
    payment_complete: 0,
    amount_today_cents: row.amountTodayCents,
    receipt: null,
  };
}

/** The card a checkout was paid (or its card saved) with, as its receipt names it; null when none was used. */
async function checkoutCard(deps: AppDeps, row: HouseholdCheckoutRow): Promise<CardSummary | null> {
  const payments = deps.providers.payments;
  const used = row.paymentIntentId
    ? await payments.retrieveIntent(row.paymentIntentId)
    : row.setupIntentId
      ? await payments.retrieveSetupIntent(row.setupIntentId)
      : null;
  return used?.paymentMethodId ? payments.cardSummary(used.paymentMethodId) : null;
}

/**
 * A checkout already paid, answered again (a repeated Pay Now): its receipt as checkout-success gave it, or for a
 * checkout by check or cash what it recorded 'Awaiting payment'.
 */
async function paidAnswer(deps: AppDeps, row: HouseholdCheckoutRow, locale: Locale): Promise<CheckoutAnswer> {
  const awaiting = await householdAwaiting(deps, row, linesOf(row), null, locale);
  if (awaiting) return awaitingAnswer(row, awaiting);
  return {
    checkout_id: row.publicId,
    client_secret: null,
    payment_intent_id: row.paymentIntentId,
    setup_intent_id: row.setupIntentId,
    payment_complete: 1,
    amount_today_cents: row.amountTodayCents,
    receipt: await householdReceiptJson(deps.db, row.id, await checkoutCard(deps, row), locale),
  };
}

function awaitingAnswer(row: HouseholdCheckoutRow, awaiting: HouseholdAwaitingJson): CheckoutAnswer {
  return {
    checkout_id: row.publicId,
    client_secret: null,
    payment_intent_id: null,
    setup_intent_id: null,
    payment_complete: 1,
    amount_today_cents: 0,
    receipt: null,
    awaiting_payment: awaiting,
  };
}

/**
 * Issue 34 point 4: the checkout recorded by check or cash: every athlete 'Awaiting payment' with its plan in one
 * transaction, each seat held the club's days, nothing charged; the instructions e-mailed once for the household.
 */
async function recordByCheckOrCash(
  deps: AppDeps,
  row: HouseholdCheckoutRow,
  terms: CheckOrCashTerms,
  locale: Locale,
): Promise<CheckoutAnswer> {
  const holdUntil = holdUntilOf(deps.now(), terms);
  const recorded = await recordCheckout(deps, row, {
    chargeId: null,
    card: null,
    summary: null,
    locale,
    checkOrCash: { holdUntil },
  });
  const awaiting = await householdAwaiting(deps, row, linesOf(row), terms, locale, recorded.created);
  if (!awaiting) throw new Error(`household checkout ${row.id} was not recorded by check or cash`);
  return awaitingAnswer(row, awaiting);
}

async function markCanceled(db: Db, row: HouseholdCheckoutRow): Promise<void> {
  await db
    .update(householdCheckouts)
    .set({ status: 'canceled' })
    .where(and(eq(householdCheckouts.id, row.id), eq(householdCheckouts.status, 'open')));
}

type Settled = { kind: 'kept'; answer: CheckoutAnswer } | { kind: 'paid'; row: HouseholdCheckoutRow } | null;

/**
 * The household's open checkouts before a new one: this same checkout (key and lines) keeps its intent; any other is
 * canceled through the provider, and one that turns out paid is recorded. Answers the kept one, or the caller's own
 * checkout recorded now.
 */
async function settleOpen(
  deps: AppDeps,
  householdId: number,
  key: string,
  paramsKey: string,
  locale: Locale,
): Promise<Settled> {
  const { db } = deps;
  const payments = deps.providers.payments;
  const open = await db
    .select()
    .from(householdCheckouts)
    .where(and(eq(householdCheckouts.householdId, householdId), eq(householdCheckouts.status, 'open')))
    .orderBy(asc(householdCheckouts.id));
  let settled: Settled = null;
  for (const row of open) {
    const same = row.checkoutKey === key && row.paramsKey === paramsKey;
    if (row.paymentIntentId !== null) {
      const intent = same
        ? await payments.retrieveIntent(row.paymentIntentId)
        : await payments.cancelIntent(row.paymentIntentId);
      if (intent?.status === 'succeeded') {
        const recorded = await recordIntent(deps, row, intent, locale);
        if (same && !recorded.refunded) settled = { kind: 'paid', row };
        continue;
      }
      if (same && intent && intent.status !== 'canceled' && settled === null) {
        settled = { kind: 'kept', answer: openAnswer(row, intent, 'payment') };
        continue;
      }
      // Money is moving (processing): neither replace it nor open a second one.
      if (intent && intent.status !== 'canceled' && !same) throw conflict(NOT_SUCCEEDED[intent.status]);
      await markCanceled(db, row);
      continue;
    }
    if (row.setupIntentId !== null) {
      const setup: SetupIntent | null =
        same && settled === null ? await payments.retrieveSetupIntent(row.setupIntentId) : null;
      if (setup && setup.status !== 'canceled') {
        settled = { kind: 'kept', answer: openAnswer(row, setup, 'setup') };
        continue;
      }
    }
    // A SetupIntent moves no money; replaced, it can no longer be recorded (recordOnce).
    await markCanceled(db, row);
  }
  return settled;
}

/**
 * POST /api/household/checkout: one PaymentIntent for everything due today (a SetupIntent when nothing is due today
 * but instalments are; nothing to pay at all records the memberships now), under the household's lease.
 */
export async function checkout(
  deps: AppDeps,
  caller: UserRow,
  body: CheckoutRequest,
  locale: Locale = DEFAULT_LOCALE,
  client: AgreementClient = LOCAL_CLIENT,
): Promise<CheckoutAnswer> {
  requireGuardian(caller);
  const { db } = deps;
  const household = await householdAthleteIds(db, caller);
  const stranger = body.athletes.find((line) => !household.includes(line.athlete_id));
  if (stranger) throw notFound(ATHLETE_NOT_FOUND);
  const householdId = await ensureHousehold(db, caller.id);

  return withHouseholdLease(db, householdId, deps.now, async (stillHeld) => {
    // Issue 30 point 4: a released hold is claimed again (none left: the line's problem says so).
    await reclaimReleasedSeats(
      deps,
      body.athletes.map((line) => line.athlete_id),
      undefined,
      { quiet: true },
    );
    let priced = await priceLines(deps, body, athleteRows(db, caller.id));
    // Issue 34 point 4: by check or cash only where the organization accepts it (422 on payment_method).
    const offline =
      body.payment_method === 'check_or_cash' && priced.organizationId !== null
        ? await requireCheckOrCash(db, priced.organizationId)
        : null;
    // Issue 32 point 3: Pay Now is the agreement to the waiver, for each athlete line with a team; recorded (or
    // refused) before any money moves, and linked to each membership as it is recorded.
    await recordWaiverAgreements(db, {
      guardianId: caller.id,
      lines: priced.lines.flatMap((line) =>
        line.context === null ? [] : [{ athleteId: line.athleteId, teamId: line.context.teamId }],
      ),
      locale,
      sentVersion: body.waiver_version,
      client,
      at: deps.now(),
    });
    const paramsOf = (current: Priced) =>
      hashOf({
        discount: current.discount?.code ?? null,
        lines: current.lines.map((line) => [line.athleteId, line.month, line.includeProtection, line.todayCents]),
      });
    // By check or cash, any open card intent of the household is cancelled (no card checkout has its key).
    const paramsKey = offline ? CHECK_OR_CASH_KEY : paramsOf(priced);
    const settled = await settleOpen(deps, householdId, body.checkout_key, paramsKey, locale);
    if (settled?.kind === 'kept') return settled.answer;
    if (settled?.kind === 'paid') return paidAnswer(deps, settled.row, locale);
    // Priced again whatever settleOpen saw: a success of another checkout may have recorded these athletes between
    // the first pricing and its look at the open checkouts (then it found none open to record).
    priced = await priceLines(deps, body, athleteRows(db, caller.id));
    // Issue 32: each athlete's team age rule, checked again (422 naming the first athlete it refuses).
    for (const line of priced.lines) {
      if (line.context) await requireEligible(db, { id: line.athleteId, name: line.name }, line.context.teamId);
    }

    const problems = priced.lines.filter((line) => line.problem !== null);
    if (problems.length > 0) {
      if (problems.length === priced.lines.length && problems.every((line) => line.problem === ALREADY_MEMBER)) {
        // This same checkout paid already (a repeated Pay Now): its receipt, not a refusal.
        const [own] = await db
          .select()
          .from(householdCheckouts)
          .where(
            and(
              eq(householdCheckouts.householdId, householdId),
              eq(householdCheckouts.checkoutKey, body.checkout_key),
              eq(householdCheckouts.status, 'paid'),
            ),
          )
          .limit(1);
        if (own) return paidAnswer(deps, own, locale);
        throw alreadyPaid(problems.map((line) => line.athleteId));
      }
      throw conflict(problems[0]?.problem ?? ALREADY_PAID, problemMessages(problems));
    }
    const unpriced = priced.lines.filter((line) => line.month === null);
    if (unpriced.length > 0) {
      throw validationError(
        Object.fromEntries(unpriced.map((line) => [`athletes.${line.athleteId}`, [PLAN_NOT_OFFERED]])),
      );
    }
    // Issue 32 point 4: each athlete's answers to their team's questions (422 on `athletes.<id>.answers.<question>`).
    for (const line of priced.lines) {
      const teamId = line.context?.teamId;
      const sent = body.athletes.find((request) => request.athlete_id === line.athleteId)?.answers;
      if (teamId !== undefined)
        await requireTeamAnswers(db, teamId, line.athleteId, sent, `athletes.${line.athleteId}.`);
    }
    const lines = priced.lines.map((line) => storedLine(line, priced.discount));
    const todayCents = sum(lines.map((line) => line.todayCents));
    const laterCents = sum(lines.flatMap((line) => line.laterPhases.map((phase) => phase.amountCents)));
    const byCheckOrCash = offline !== null && todayCents + laterCents > 0;
    if (todayCents > 0 && todayCents < MIN_CARD_CENTS && !byCheckOrCash) {
      throw fieldError('discount_code', text('checkout.belowMinimum'));
    }
    if (priced.organizationId === null) throw new Error('a priced line always has an organization');
    const [row] = await db
      .insert(householdCheckouts)
      .values({
        publicId: `hc_${randomBytes(18).toString('base64url')}`,
        householdId,
        payerId: caller.id,
        organizationId: priced.organizationId,
        checkoutKey: body.checkout_key,
        lines,
        paramsKey: offline ? CHECK_OR_CASH_KEY : paramsOf(priced),
        amountTodayCents: todayCents,
      })
      .returning();
    if (!row) throw new Error('household checkout insert returned nothing');

    if (offline !== null && byCheckOrCash) return recordByCheckOrCash(deps, row, offline, locale);
    if (todayCents === 0 && laterCents === 0) {
      // Full discounts: nothing to charge now or later; the memberships are recorded now.
      await recordCheckout(deps, row, { chargeId: null, card: null, summary: null, locale });
      return paidAnswer(deps, row, locale);
    }
    const metadata = { household_checkout: row.publicId, payer_id: String(caller.id), ...agreedIn(locale) };
    const payments = deps.providers.payments;
    if (todayCents === 0) {
      // Nothing to charge today, but the instalments need the card: a SetupIntent saves it without a charge.
      const setup = await openSetup(deps, caller.id, metadata);
      await db.update(householdCheckouts).set({ setupIntentId: setup.id }).where(eq(householdCheckouts.id, row.id));
      return openAnswer({ ...row, setupIntentId: setup.id }, setup, 'setup');
    }
    const intent = await openIntent(deps, caller.id, {
      amountCents: todayCents,
      // Later phases are charged off-session on the card saved to the payer's customer.
      keepCard: laterCents > 0,
      metadata,
      idempotencyKey: `household-checkout-${row.publicId}`,
    });
    await db.update(householdCheckouts).set({ paymentIntentId: intent.id }).where(eq(householdCheckouts.id, row.id));
    if (!(await stillHeld())) {
      // The lease expired and a newer checkout took over: this intent must not stay open beside its one.
      await payments.cancelIntent(intent.id);
      await markCanceled(db, row);
      throw conflict(REPLACED);
    }
    return openAnswer({ ...row, paymentIntentId: intent.id }, intent, 'payment');
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Checkout success

export interface CheckoutSuccessAnswer {
  payment_complete: 1;
  membership_ids: number[];
  refunded: boolean;
  receipt: HouseholdReceiptJson | null;
}

/**
 * POST /api/household/checkout-success: the provider says whether the checkout's intent succeeded; then every
 * membership is recorded in one transaction (idempotent), or, when another checkout recorded one of the athletes
 * meanwhile, the payment is refunded whole.
 */
export async function checkoutSuccess(
  deps: AppDeps,
  caller: UserRow,
  body: CheckoutSuccessRequest,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CheckoutSuccessAnswer> {
  requireGuardian(caller);
  const { db } = deps;
  const payments = deps.providers.payments;
  const paymentId = body.stripe_payment_intent_id;
  const setupId = body.stripe_setup_intent_id;
  if ((paymentId === undefined) === (setupId === undefined)) {
    throw fieldError('stripe_payment_intent_id', text('checkout.eitherIntent'));
  }
  const householdId = await householdIdOf(db, caller.id);
  // A checkout of the caller's household, or one the caller started (a guardian removed after paying still records
  // the payment their card made).
  const [row] = await db
    .select()
    .from(householdCheckouts)
    .where(
      and(
        eq(householdCheckouts.publicId, body.checkout_id),
        householdId === null
          ? eq(householdCheckouts.payerId, caller.id)
          : or(eq(householdCheckouts.householdId, householdId), eq(householdCheckouts.payerId, caller.id)),
      ),
    );
  if (!row) throw notFound(CHECKOUT_NOT_FOUND);
  const lines = linesOf(row);
  const notSucceeded = async (text: ErrorText) => {
    if (await allPaid(db, lines)) throw alreadyPaid(lines.map((line) => line.athleteId));
    return conflict(text);
  };

  let recorded: Recorded;
  let card: CardSummary | null = null;
  if (paymentId !== undefined) {
    if (row.paymentIntentId !== paymentId) {
      throw new ApiError(422, text('checkout.paymentMismatch'), {
        stripe_payment_intent_id: [text('checkout.paymentMismatch')],
      });
    }
    // The provider is the only source of truth for the payment.
    const intent = await payments.retrieveIntent(paymentId);
    if (!intent || intent.metadata.household_checkout !== row.publicId)
      throw notFound(text('checkout.paymentNotFound'));
    if (intent.status !== 'succeeded') throw await notSucceeded(NOT_SUCCEEDED[intent.status]);
    recorded = await recordIntent(deps, row, intent, locale);
    card = intent.paymentMethodId ? await payments.cardSummary(intent.paymentMethodId) : null;
  } else {
    if (row.setupIntentId !== setupId || setupId === undefined) {
      throw new ApiError(422, text('checkout.setupMismatch'), {
        stripe_setup_intent_id: [text('checkout.setupMismatch')],
      });
    }
    const setup = await payments.retrieveSetupIntent(setupId);
    if (!setup || setup.metadata.household_checkout !== row.publicId) throw notFound(text('checkout.setupNotFound'));
    const customerId = setup.customerId ?? setup.metadata.customer_id;
    if (setup.status !== 'succeeded' || !setup.paymentMethodId || !customerId) {
      throw await notSucceeded(text('checkout.cardNotConfirmed'));
    }
    card = await payments.cardSummary(setup.paymentMethodId);
    const saved = card ? { customerId, paymentMethodId: setup.paymentMethodId, ...card } : null;
    recorded = await recordCheckout(deps, row, {
      chargeId: null,
      card: saved,
      summary: card,
      locale: agreedLocale(setup.metadata, locale),
    });
  }
  return {
    payment_complete: 1,
    membership_ids: recorded.membershipIds,
    refunded: recorded.refunded,
    receipt: recorded.refunded ? null : await householdReceiptJson(db, row.id, card, locale),
  };
}
