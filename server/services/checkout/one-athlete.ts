/**
 * Paying team dues (POST /api/memberships/checkout and /checkout-success): the intent (or SetupIntent) a checkout
 * opens under the payer's lease for the season, and the membership recorded once the provider says it succeeded.
 * The route validates the request and answers what these return.
 */

import { createHash } from 'node:crypto';
import type { TeamAnswers } from '../../../src/domain/team-questions.ts';
import {
  cardOf,
  decodeSchedule,
  encodeSchedule,
  type ReceiptJson,
  receiptJson,
  SCHEDULE_KEY,
  sendReceipt,
} from '../../billing/phases.ts';
import type { MembershipRow, UserRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, conflict, fieldError, forbidden, notFound, text } from '../../http/errors.ts';
import { DEFAULT_LOCALE, english, type Locale } from '../../i18n/index.ts';
import type { IntentStatus, PaymentIntent } from '../../providers/types.ts';
import { requireEligible } from '../eligibility/index.ts';
import { approvedAwardCents } from '../help-paying.ts';
import { LICENCE_TEXTS } from '../licences.ts';
import { reclaimReleasedSeats } from '../seat-holds.ts';
import { requireTeamAnswers } from '../team-questions.ts';
import { type AgreementClient, LOCAL_CLIENT, recordWaiverAgreements } from '../waivers.ts';
import { openIntent, openSetup } from './charge.ts';
import {
  type AwaitingPaymentJson,
  CHECK_OR_CASH_KEY,
  checkOrCashCheckout,
  requireCheckOrCash,
} from './check-or-cash.ts';
import { type CheckoutLease, withCheckoutLease } from './lease.ts';
import { lineOf } from './lines.ts';
import {
  ALREADY_MEMBER,
  agreedIn,
  agreedLocale,
  type RecordLine,
  recordMembership,
  seasonMembership,
} from './record.ts';
import {
  assistanceTaken,
  athleteHousehold,
  findTeam,
  plansFor,
  requireActiveDiscount,
  requireTeamSeat,
  teamContext,
  teamMembershipOf,
} from './team-dues.ts';

/** Stripe's smallest charge in USD; anything between 0 and this cannot be paid by card. */
export const MIN_CARD_CENTS = 50;

export const REFUNDED = english('checkout.refunded');
export const REPLACED = english('checkout.replaced');

/** Metadata key of the household discount (issue 20) in the intent's amounts, in cents; absent for none. */
const SIBLING_KEY = 'sibling_discount_cents';
/** Metadata key of the financial assistance (issue 34) in the intent's amounts, in cents; absent for none. */
const ASSISTANCE_KEY = 'financial_assistance_cents';

export const NOT_SUCCEEDED: Record<Exclude<IntentStatus, 'succeeded'>, string> = {
  processing: english('checkout.processing'),
  requires_payment_method: english('checkout.notSuccessful'),
  requires_confirmation: english('checkout.notConfirmed'),
  requires_action: english('checkout.needsAuthentication'),
  requires_capture: english('checkout.notCaptured'),
  canceled: english('checkout.canceled'),
};

export interface CheckoutRequest {
  payment_plan_month: number;
  team_id: number;
  discount_code?: string | null | undefined;
  include_payment_protection_plan?: boolean | null | undefined;
  /** Issue 32 point 3 (additive): the waiver version the family read and agreed to; null: not agreed. */
  waiver_version?: number | null | undefined;
  /** Issue 32 point 4: answers to the team's own questions (validated and kept; else the stored ones must pass). */
  answers?: TeamAnswers | undefined;
  /** Issue 34 point 4 (additive): 'check_or_cash' where the organization accepts it; absent: card. */
  payment_method?: 'card' | 'check_or_cash' | undefined;
}

export interface CheckoutSuccessRequest extends CheckoutRequest {
  stripe_payment_intent_id?: string | undefined;
  stripe_setup_intent_id?: string | undefined;
}

export interface CheckoutAnswer {
  client_secret: string | null;
  payment_intent_id: string | null;
  setup_intent_id: string | null;
  payment_complete: 0 | 1;
  receipt: ReceiptJson | null;
  /** Issue 34 point 4: only for a checkout by check or cash. */
  awaiting_payment?: AwaitingPaymentJson;
}

function hashOf(parts: Record<string, string | number | boolean | null>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const PAID: CheckoutAnswer = {
  client_secret: null,
  payment_intent_id: null,
  setup_intent_id: null,
  payment_complete: 1,
  receipt: null,
};

/**
 * Starts paying team dues: a client secret to confirm by card (a PaymentIntent, or a SetupIntent when nothing is due
 * today but later phases are), or payment_complete 1 when nothing is left to pay (paid already, or a full discount,
 * which records the membership now). `locale`: the language the family checks out in (issue 31 point 4: the
 * membership records which language's waiver text they agreed to).
 */
export async function checkout(
  deps: AppDeps,
  payer: UserRow,
  body: CheckoutRequest,
  locale: Locale = DEFAULT_LOCALE,
  client: AgreementClient = LOCAL_CLIENT,
): Promise<CheckoutAnswer> {
  const { db } = deps;
  const team = await findTeam(db, body.team_id);
  if (!team) throw notFound(text('checkout.teamNotFound'));
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
  if (await paidAlready()) return PAID;
  await requireEligible(db, payer, team.id); // Issue 32: the team's age rule, checked again (422).
  await reclaimReleasedSeats(deps, [payer.id], team.id); // Issue 30 point 4: a released hold is claimed again.
  const seat = await requireTeamSeat(db, payer, team.id, { allowPaused: false, now: deps.now() });
  // Issue 32 point 4: a team that asks questions needs the athlete's answers (422 on `answers.<id>`).
  await requireTeamAnswers(db, team.id, payer.id, body.answers);

  const context = await teamContext(db, team);
  const discount = await requireActiveDiscount(db, body.discount_code, context.organization.id);
  const protection = body.include_payment_protection_plan === true && context.protectionPlan !== null;
  // Issue 34: an approved award comes off after the code and before the sibling discount (the server's own data).
  const award = await approvedAwardCents(db, payer.id, team.seasonId);
  const assistanceCents = assistanceTaken(context, discount, award);
  const offline =
    body.payment_method === 'check_or_cash' ? await requireCheckOrCash(db, context.organization.id) : null;
  // Issue 20: the household discount when a sibling is paid already this season (as payment-plans quoted it).
  const siblingDiscountCents =
    (await athleteHousehold(db, payer, context, discount, assistanceCents))?.dues.siblingDiscount ?? 0;
  const plan = plansFor(context, discount, protection, deps.now(), siblingDiscountCents, assistanceCents).find(
    (p) => p.month === body.payment_plan_month,
  );
  if (!plan) throw fieldError('payment_plan_month', text('checkout.planNotOffered'));
  // One athlete is a checkout of one line, built as each line of a family checkout is.
  const membership = lineOf(payer.id, context, seat.licenceId, plan, {
    discountCode: discount?.code ?? null,
    includesProtection: protection,
    siblingDiscountCents,
    ...(assistanceCents > 0 ? { financialAssistanceCents: assistanceCents } : {}),
  });
  const { todayCents } = membership;
  if (todayCents > 0 && todayCents < MIN_CARD_CENTS && !offline) {
    throw fieldError('discount_code', text('checkout.belowMinimum'));
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
    // Only when there is one, so that a checkout without it opens exactly the intent it always did.
    ...(siblingDiscountCents > 0 ? { [SIBLING_KEY]: String(siblingDiscountCents) } : {}),
    ...(assistanceCents > 0 ? { [ASSISTANCE_KEY]: String(assistanceCents) } : {}),
    // The later phases the family agrees to by paying: recorded as the membership's schedule (server/billing).
    [SCHEDULE_KEY]: encodeSchedule(membership.laterPhases),
  };
  const paramsKey = hashOf({ ...metadata, amount: todayCents });
  // Issue 32 point 3: Pay Now is the agreement to the waiver; recorded (or refused) before any money moves.
  await recordWaiverAgreements(db, {
    guardianId: payer.id,
    lines: [{ athleteId: payer.id, teamId: team.id }],
    locale,
    sentVersion: body.waiver_version,
    client,
    at: deps.now(),
  });

  const laterTotal = plan.phases.slice(1).reduce((sum, phase) => sum + phase.amountCents, 0);
  const byCheckOrCash = offline !== null && todayCents + laterTotal > 0;

  // One checkout at a time per payer and season, so there is never more than one open intent to pay.
  const key = { userId: payer.id, seasonId: membership.seasonId };
  const answer = await withCheckoutLease(db, key, deps.now, async (lease) => {
    // Again under the lease: a checkout or checkout-success that just finished may have paid the season.
    if (await paidAlready()) return PAID;
    // By check or cash, any card intent the payer left open is cancelled first (its key never matches one).
    const open = await settleOpenIntent(deps, lease, byCheckOrCash ? CHECK_OR_CASH_KEY : paramsKey);
    if (open.kind === 'kept') return intentAnswer(open.intent);
    if (open.kind === 'paid') {
      // The payer's earlier checkout was paid before it could be replaced: that payment is the membership.
      await recordSucceeded(deps, payer, open.intent, locale);
      await lease.save({ paymentIntentId: null, paramsKey: null, attempt: lease.open.attempt });
      if (open.intent.metadata.team_id !== String(team.id)) throw conflict(ALREADY_MEMBER);
      return PAID;
    }
    // Issue 34 point 4: by check or cash (and something to pay): recorded 'Awaiting payment', no intent, no card.
    if (offline !== null && byCheckOrCash) return await checkOrCashCheckout(deps, payer, membership, offline, locale);
    const laterCents = plan.phases.slice(1).reduce((sum, phase) => sum + phase.amountCents, 0);
    if (todayCents === 0 && laterCents > 0) {
      // Nothing to charge today, but the instalments need a saved card: a SetupIntent saves it without a charge.
      // Each checkout may make its own; none moves money, and checkout-success records only the first confirmed.
      const setup = await openSetup(deps, payer.id, { ...metadata, ...agreedIn(locale) });
      return {
        client_secret: setup.clientSecret,
        payment_intent_id: null,
        setup_intent_id: setup.id,
        payment_complete: 0 as const,
        receipt: null,
      };
    }
    if (todayCents === 0) {
      const free = {
        providerId: null,
        chargeId: null,
        card: null,
        at: deps.now(),
        locale,
        waiver: { required: true },
      };
      const recorded = await recordMembership(db, membership, free);
      if (recorded.kind === 'season-taken') throw conflict(ALREADY_MEMBER);
      if (recorded.kind === 'unseated') throw forbidden(LICENCE_TEXTS.teamUnavailable);
      if (recorded.created) {
        await sendReceipt(
          deps,
          recorded.membership.id,
          { amountCents: 0, card: null, siblingDiscountCents, financialAssistanceCents: assistanceCents },
          { withWaiver: true },
        );
      }
      return { ...PAID, receipt: await receiptJson(deps, recorded.membership.id, null, locale) };
    }
    const attempt = lease.open.attempt + 1;
    const intent = await openIntent(deps, payer.id, {
      amountCents: todayCents,
      // A plan with later phases keeps the card on the payer's customer for the collector's off-session charges.
      keepCard: plan.phases.length > 1,
      metadata: { ...metadata, ...agreedIn(locale) },
      // Same checkout and attempt, same intent: a retried request never opens a second one (in any language).
      idempotencyKey: `checkout-${hashOf({ ...metadata, amount: todayCents, attempt })}`,
    });
    if (!(await lease.save({ paymentIntentId: intent.id, paramsKey, attempt }))) {
      // The lease expired and a newer checkout took over: this intent must not stay open beside its one.
      await deps.providers.payments.cancelIntent(intent.id);
      throw conflict(REPLACED);
    }
    return intentAnswer(intent);
  });
  return answer;
}

/**
 * Records the membership once the provider says the intent succeeded (idempotent per intent); a second payment for a
 * team already paid is refunded. A plan with nothing due today sends the confirmed SetupIntent instead.
 */
export async function checkoutSuccess(
  deps: AppDeps,
  payer: UserRow,
  body: CheckoutSuccessRequest,
  locale: Locale = DEFAULT_LOCALE,
) {
  if (body.stripe_setup_intent_id !== undefined && body.stripe_payment_intent_id === undefined) {
    const membership = await recordSetup(deps, payer, body, body.stripe_setup_intent_id, locale);
    const card = await cardOf(deps.db, membership.id);
    const summary = card ? { brand: card.brand, last4: card.last4 } : null;
    const receipt = await receiptJson(deps, membership.id, summary, locale);
    return { payment_complete: 1 as const, membership_id: membership.id, refunded: false, receipt };
  }
  if (body.stripe_payment_intent_id === undefined || body.stripe_setup_intent_id !== undefined) {
    throw fieldError('stripe_payment_intent_id', text('checkout.eitherIntent'));
  }
  // The provider is the only source of truth for the payment; the client's fields are checked against it.
  const intent = await deps.providers.payments.retrieveIntent(body.stripe_payment_intent_id);
  if (!intent || intent.metadata.user_id !== String(payer.id)) throw notFound(text('checkout.paymentNotFound'));
  if (
    intent.metadata.team_id !== String(body.team_id) ||
    intent.metadata.payment_plan_month !== String(body.payment_plan_month)
  ) {
    throw new ApiError(422, text('checkout.paymentMismatch'), {
      stripe_payment_intent_id: [text('checkout.paymentMismatch')],
    });
  }
  if (intent.status !== 'succeeded') throw conflict(NOT_SUCCEEDED[intent.status]);
  // Checkout took the seat's claim; it must still be there. A pause since then does not undo a payment made. A hold
  // released since checkout (issue 30 point 4) is claimed again where a seat is left; else the payment is refunded.
  await reclaimReleasedSeats(deps, [payer.id], body.team_id, { quiet: true });
  try {
    await requireTeamSeat(deps.db, payer, body.team_id, { allowPaused: true, now: deps.now() });
  } catch (error) {
    if (!(error instanceof ApiError) || (await teamMembershipOf(deps.db, payer, body.team_id)) !== null) throw error;
    throw await refundedUnseated(deps, intent);
  }
  const { membership, refunded } = await recordSucceeded(deps, payer, intent, locale);
  const card = intent.paymentMethodId ? await deps.providers.payments.cardSummary(intent.paymentMethodId) : null;
  const receipt = refunded ? null : await receiptJson(deps, membership.id, card, locale);
  return { payment_complete: 1 as const, membership_id: membership.id, refunded, receipt };
}

/**
 * Records the membership of a plan with nothing due today once its SetupIntent saved the card: the $0.00 phase
 * paid, the later ones scheduled, the card saved and the receipt e-mailed, once (the SetupIntent id is the
 * membership's unique provider id). Nothing was charged, so nothing is ever refunded.
 */
async function recordSetup(
  deps: AppDeps,
  payer: UserRow,
  body: { team_id: number; payment_plan_month: number },
  setupIntentId: string,
  locale: Locale,
): Promise<MembershipRow> {
  const { db } = deps;
  const setup = await deps.providers.payments.retrieveSetupIntent(setupIntentId);
  if (!setup || setup.metadata.user_id !== String(payer.id) || !setup.metadata.team_id) {
    throw notFound(text('checkout.setupNotFound'));
  }
  if (
    setup.metadata.team_id !== String(body.team_id) ||
    setup.metadata.payment_plan_month !== String(body.payment_plan_month)
  ) {
    throw new ApiError(422, text('checkout.setupMismatch'), {
      stripe_setup_intent_id: [text('checkout.setupMismatch')],
    });
  }
  const customerId = setup.customerId ?? setup.metadata.customer_id;
  if (setup.status !== 'succeeded' || !setup.paymentMethodId || !customerId) {
    throw conflict(text('checkout.cardNotConfirmed'));
  }
  await reclaimReleasedSeats(deps, [payer.id], body.team_id, { quiet: true });
  await requireTeamSeat(db, payer, body.team_id, { allowPaused: true, now: deps.now() });
  const line = lineFromMetadata(setup.id, setup.metadata, 0);
  const family = await teamMembershipOf(db, payer, line.teamId);
  if (family && family.userId !== payer.id) return family;
  const paymentMethodId = setup.paymentMethodId;
  const card = await deps.providers.payments.cardSummary(paymentMethodId);
  const recorded = await recordMembership(db, line, {
    providerId: setup.id,
    chargeId: null,
    card: card ? { customerId, paymentMethodId, ...card } : null,
    at: deps.now(),
    locale: agreedLocale(setup.metadata, locale),
    waiver: { required: false },
  });
  // Nothing was charged: a seat released meanwhile only refuses the recording.
  if (recorded.kind === 'unseated') throw forbidden(LICENCE_TEXTS.teamUnavailable);
  if (recorded.kind !== 'recorded') {
    if (recorded.membership.teamId === line.teamId) return recorded.membership;
    throw conflict(ALREADY_MEMBER);
  }
  const membership = recorded.membership;
  if (recorded.created) {
    await sendReceipt(
      deps,
      membership.id,
      {
        amountCents: 0,
        card,
        siblingDiscountCents: membership.siblingDiscountCents,
        financialAssistanceCents: membership.financialAssistanceCents,
      },
      { withWaiver: true },
    );
  }
  return membership;
}

/**
 * The payer's open intent: kept when it pays for this same checkout; otherwise canceled through the provider, so
 * that only one intent can ever be paid. `paid`: it was paid before the cancel arrived (or elsewhere).
 */
async function settleOpenIntent(
  deps: AppDeps,
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
  deps: AppDeps,
  payer: UserRow,
  intent: PaymentIntent,
  locale: Locale,
): Promise<{ membership: MembershipRow; refunded: boolean }> {
  const { db } = deps;
  const line = lineFromMetadata(intent.id, intent.metadata, intent.amountCents);
  const family = await teamMembershipOf(db, payer, line.teamId);
  if (family && family.userId !== payer.id) {
    // A guardian paid for a team one of their athletes is already a member of.
    await deps.providers.payments.refundIntent(intent.id);
    return { membership: family, refunded: true };
  }
  const { paymentMethodId } = intent;
  const card = paymentMethodId ? await deps.providers.payments.cardSummary(paymentMethodId) : null;
  const customerId = intent.metadata.customer_id;
  // A plan with later phases keeps the card for the collector's off-session charges.
  const saved = line.laterPhases.length > 0 && card && customerId && paymentMethodId;
  const recorded = await recordMembership(db, line, {
    providerId: intent.id,
    chargeId: intent.id,
    card: saved ? { customerId, paymentMethodId, ...card } : null,
    at: deps.now(),
    locale: agreedLocale(intent.metadata, locale),
    waiver: { required: false },
  });
  if (recorded.kind === 'unseated') throw await refundedUnseated(deps, intent);
  if (recorded.kind === 'recorded') {
    if (recorded.created) {
      const { siblingDiscountCents, financialAssistanceCents } = recorded.membership;
      await sendReceipt(
        deps,
        recorded.membership.id,
        { amountCents: intent.amountCents, card, siblingDiscountCents, financialAssistanceCents },
        { withWaiver: true },
      );
    }
    return { membership: recorded.membership, refunded: false };
  }
  await deps.providers.payments.refundIntent(intent.id);
  if (recorded.membership.teamId === line.teamId) return { membership: recorded.membership, refunded: true };
  throw conflict(text('checkout.alreadyMemberRefunded'));
}

/**
 * A payment whose seat was released after checkout made its intent, with no seat left to claim again: the money goes
 * back (refunding again changes nothing at the provider) and the family reads why.
 */
async function refundedUnseated(deps: AppDeps, intent: PaymentIntent): Promise<ApiError> {
  await deps.providers.payments.refundIntent(intent.id);
  return forbidden(text('checkout.unavailableRefunded'));
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

/** The line a provider intent (payment or setup) was made for, from the metadata checkout gave it. */
function lineFromMetadata(providerId: string, metadata: Record<string, string>, todayCents: number): RecordLine {
  const number = (key: string) => {
    const value = Number(metadata[key]);
    if (!Number.isInteger(value)) throw new Error(`intent ${providerId} lacks metadata ${key}`);
    return value;
  };
  return {
    athleteId: number('user_id'),
    teamId: number('team_id'),
    seasonId: number('season_id'),
    licenceId: number('licence_id'),
    paymentPlanMonth: number('payment_plan_month'),
    todayCents,
    planTotalCents: number('plan_total_cents'),
    discountCode: metadata.discount_code || null,
    includesProtection: metadata.protection === '1',
    siblingDiscountCents: metadata[SIBLING_KEY] ? number(SIBLING_KEY) : 0,
    ...(metadata[ASSISTANCE_KEY] ? { financialAssistanceCents: number(ASSISTANCE_KEY) } : {}),
    // The later phases the family agreed to by paying (a SetupIntent's id, for a plan with nothing due today, is the
    // membership's provider id all the same: unique, so recording stays idempotent).
    laterPhases: decodeSchedule(metadata[SCHEDULE_KEY]),
  };
}
