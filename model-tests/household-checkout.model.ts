/**
 * The family checkout's model (household-checkout.machine.ts, issue 20): stub answers shaped like docs/fixtures.md
 * "Households" (Northside 10 % / 15 %, 12U Tigers dues 450.00 + app fee 25.00), event variants and per-state
 * checks. Its own test walks it from each way in; the payment flow runs a shorter model of it as its child
 * `householdCheckout` (ModelConfig.children), so the payment flow's paths reach each of its exits.
 */
import { expect, vi } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { ApiError } from '../src/api/errors';
import type { HouseholdLine } from '../src/api/household';
import type { HouseholdAwaiting, HouseholdReceipt, Quote, QuoteLine } from '../src/api/household.schemas';
import type { User } from '../src/api/schemas';
import { initialBillingForm } from '../src/domain/forms/payment-billing';
import { householdCardPaymentMachine } from '../src/machines/household-card-payment';
import type { HouseholdCheckoutInput } from '../src/machines/household-checkout.context';
import { householdCheckoutMachine } from '../src/machines/household-checkout.machine';
import { createSandboxCardPayments } from '../src/providers/card-payments/sandbox-card-payments';
import { addAthleteStepsModel } from './add-athlete.model.ts';
import { alex, guardian, sam } from './athlete-steps.fixtures.ts';
import {
  DECLINED,
  fakeCard,
  INCOMPLETE,
  RETURN_URL,
  sendsWaiverVersion,
  serverDown,
  waiverChanged,
} from './card-payment.model.ts';
import { defineModel, doneEvent, errorEvent } from './harness/index.ts';

type Snapshot = SnapshotFrom<typeof householdCheckoutMachine>;

export const WAIVER = 'Northside Youth Baseball waiver.\n\nPlayers and families agree to the club rules.';
export const ORGANIZATION = 'Northside Youth Baseball';
export const CODE_NOT_FOUND_TEXT = 'Code not found.';
export const NOT_AVAILABLE = 'Sorry, this license is not available.';

export const householdGuardian: User = {
  ...guardian,
  license: { license_code: 'TIGERS-2027', organization: null },
};

const DUES = 45_000;
const APP_FEE = 2_500;
const DEPOSIT = 5_000;
const PROTECTION = 2_900;

function percentOf(position: number): number {
  if (position === 1) return 0;
  return position === 2 ? 10 : 15;
}

/** One athlete's quote line, as the server computes it for the fixtures (12U Tigers, Northside's percents). */
function quoteLineFor(
  athlete: { id: number; name: string },
  line: HouseholdLine,
  position: number,
  fullRide: boolean,
): QuoteLine {
  const codeDiscount = fullRide ? DUES : 0;
  const percent = fullRide ? 0 : percentOf(position);
  const sibling = Math.round(((DUES - codeDiscount) * percent) / 100);
  const dues = DUES - codeDiscount - sibling;
  const appFee = fullRide ? 0 : APP_FEE;
  const protection = line.include_payment_protection_plan ? PROTECTION : 0;
  const plans = fullRide ? [0] : [0, 3];
  const chosen =
    line.payment_plan_month !== null && plans.includes(line.payment_plan_month) ? line.payment_plan_month : null;
  const monthly = Math.floor((dues - DEPOSIT) / 3);
  const phasesOf = (month: number) =>
    month === 0
      ? [
          {
            due_on: '2027-01-05',
            start_time_formatted: 'Jan 5, 2027',
            amount_cents: dues + appFee + protection,
            base_amount_cents: dues + appFee + protection,
          },
        ]
      : [
          {
            due_on: '2027-01-05',
            start_time_formatted: 'Jan 5, 2027',
            amount_cents: DEPOSIT + appFee + protection,
            base_amount_cents: DEPOSIT + appFee + protection,
          },
          ...['2027-03-01', '2027-04-01', '2027-05-01'].map((due_on) => ({
            due_on,
            start_time_formatted: due_on,
            amount_cents: monthly,
            base_amount_cents: monthly,
          })),
        ];
  const phases = chosen === null ? [] : phasesOf(chosen);
  const today = phases[0]?.amount_cents ?? 0;
  const later = phases.slice(1).reduce((sum, phase) => sum + phase.amount_cents, 0);
  return {
    athlete_id: athlete.id,
    name: athlete.name,
    license_code: 'TIGERS-2027',
    team: { id: 1, name: '12U Tigers' },
    season: { id: 1, name: 'Spring 2027', start_date: '2027-03-01' },
    organization: { id: 1, name: ORGANIZATION },
    injury_protection_insurance: { id: 1, description: 'Injury Protection', amount_cents: PROTECTION },
    payment_plans: plans.map((month) => ({
      month,
      name: month === 0 ? 'Pay in full' : '3 monthly payments',
      additional_cents: null,
      phases: phasesOf(month),
    })),
    payment_plan_month: chosen,
    include_payment_protection_plan: line.include_payment_protection_plan,
    dues_cents: DUES,
    code_discount_cents: codeDiscount,
    sibling_discount_cents: sibling,
    sibling_discount_percent: percent,
    position,
    app_fee_cents: appFee,
    protection_cents: protection,
    plan_fee_cents: 0,
    today_cents: today,
    later_cents: later,
    total_cents: today + later,
    later_phases: phases.slice(1).map((phase) => ({ due_on: phase.due_on, amount_cents: phase.amount_cents })),
    problem: null,
  };
}

/** The quote the server answers for the checkout's lines and code (the code asked for wins over the applied one). */
export function quoteFor(snapshot: Snapshot): Quote {
  const { context } = snapshot;
  const code = context.pendingCode ?? context.discountCode;
  const fullRide = code === 'FULLRIDE';
  const athletes = context.lines.map((line, index) =>
    quoteLineFor(
      context.athletes.find((athlete) => athlete.id === line.athlete_id) ?? { id: line.athlete_id, name: '?' },
      line,
      index + 1,
      fullRide,
    ),
  );
  const sum = (pick: (line: QuoteLine) => number) => athletes.reduce((total, line) => total + pick(line), 0);
  return {
    athletes,
    waivers: [{ organization_id: 1, organization_name: ORGANIZATION, waiver: WAIVER, version: 1 }],
    discount: fullRide ? { code: 'FULLRIDE', percent_off: 100, flat_discount_cents: null } : null,
    sibling_discount_cents: sum((line) => line.sibling_discount_cents),
    today_cents: sum((line) => line.today_cents),
    later_cents: sum((line) => line.later_cents),
    total_cents: sum((line) => line.total_cents),
    ready: athletes.every((line) => line.payment_plan_month !== null),
  };
}

export const codeRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: CODE_NOT_FOUND_TEXT,
  messages: { discount_code: [CODE_NOT_FOUND_TEXT] },
});

export const ONE_ORGANIZATION = 'All athletes of one checkout must register with the same organization.';

/** The quote refuses athletes of two organizations (422 on `athletes`, docs/api.md). */
export const organizationsMixed = new ApiError({
  kind: 'http',
  status: 422,
  message: ONE_ORGANIZATION,
  messages: { athletes: [ONE_ORGANIZATION] },
});

/** Pay Now finds the first athlete's team full (issue 20 point 3). */
export function seatGone(athleteId: number) {
  return new ApiError({
    kind: 'http',
    status: 409,
    message: NOT_AVAILABLE,
    messages: { [`athletes.${athleteId}`]: [NOT_AVAILABLE] },
  });
}

export const checkoutRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: 'All athletes of one checkout must register with the same organization.',
  body: { message: 'All athletes of one checkout must register with the same organization.', messages: {} },
});

export const cardPayments = createSandboxCardPayments({
  navigate: vi.fn(),
  now: () => new Date('2026-06-01T12:00:00Z'),
});
export const billing = initialBillingForm(householdGuardian);
export const billingWithoutName = { ...billing, name: '' };

export const returnedFamily = {
  payment: { paymentIntentId: 'pi_3ds', clientSecret: 'pi_3ds_secret_abc', setup: false, checkout: null },
  checkoutId: 'hc_1',
};

export const twoAthletes: HouseholdCheckoutInput = {
  athletes: [
    { id: sam.user_id, name: 'Sam Rivera' },
    { id: alex.user_id, name: 'Alex Rivera' },
  ],
  license: 'TIGERS-2027',
  user: householdGuardian,
  returnUrl: RETURN_URL,
  returned: null,
  checkoutKey: 'checkout-key-1',
};

/** Issue 34 point 4: Northside accepts check or cash (docs/fixtures.md "Help paying"). */
export const CASH_INSTRUCTIONS =
  'Make checks payable to Northside Youth Baseball and hand them to your coach at the first practice.';
export const CASH_REFUSED = 'This organization does not accept checks or cash.';

/** Two athletes of a club that accepts check or cash: step 2 offers it beside the card. */
export const byCheck: HouseholdCheckoutInput = {
  ...twoAthletes,
  // 'Add another athlete' is the other inputs' (without a licence it is not offered).
  license: null,
  checkOrCash: { organization: ORGANIZATION, instructions: CASH_INSTRUCTIONS },
};

/** The club no longer accepts check or cash at 'Complete registration' (422 on payment_method). */
export const cashRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: CASH_REFUSED,
  messages: { payment_method: [CASH_REFUSED] },
  body: { message: CASH_REFUSED, messages: { payment_method: [CASH_REFUSED] } },
});

/** What the server records by check or cash for the checkout's lines: every athlete 'Awaiting payment'. */
function awaitingFor(snapshot: Snapshot): HouseholdAwaiting {
  const quote = quoteFor(snapshot);
  return {
    amount_due_cents: quote.today_cents,
    total_cents: quote.total_cents,
    instructions: CASH_INSTRUCTIONS,
    hold_until: '2026-06-15T12:00:00.000Z',
    organization: { id: 1, name: ORGANIZATION },
    athletes: quote.athletes.map((line, index) => ({
      membership_id: 200 + index,
      athlete_id: line.athlete_id,
      name: line.name,
      team_name: '12U Tigers',
      season_name: 'Spring 2027',
      plan_name: line.payment_plan_month === 0 ? 'Pay in full' : '3 monthly payments',
      amount_due_cents: line.today_cents,
      total_cents: line.total_cents,
    })),
  };
}

/**
 * Issue 34 point 4: only paying by check or cash (every other step is the other inputs'): plans chosen, step 2, the
 * choice both ways, 'Complete registration', and its answers (recorded; a seat gone; the waiver changed; refused).
 */
function byCheckEvents(snapshot: Snapshot): AnyEventObject[] {
  const { context } = snapshot;
  const unplanned = context.lines.find((line) => line.payment_plan_month === null);
  const chosen = context.paymentMethod === 'check_or_cash';
  return [
    doneEvent('quote', quoteFor(snapshot)),
    errorEvent('quote', serverDown),
    { type: 'SELECT_PLAN', athleteId: unplanned?.athlete_id ?? 0, month: 0 },
    // Step 1's other choices are the other inputs' (athlete 0 is none: refused).
    { type: 'TOGGLE_PROTECTION', athleteId: 0 },
    { type: 'REMOVE_ATHLETE', athleteId: 0 },
    { type: 'APPLY_DISCOUNT', code: context.discountCode ?? '' },
    { type: 'NEXT' },
    { type: 'BACK' },
    { type: 'RETRY' },
    doneEvent('cardPayments', cardPayments),
    errorEvent('cardPayments', new Error('Stripe.js did not load in time.')),
    { type: 'AGREE_WAIVER', organizationId: 1, agreed: !context.agreedWaivers.includes(1) },
    // The choice once the card form is ready (a method no one offers elsewhere: refused, never walked).
    {
      type: 'CHOOSE_PAYMENT_METHOD',
      method: !snapshot.matches({ review: 'ready' }) ? 'none' : chosen ? 'card' : 'check_or_cash',
    },
    // 'Complete registration' sends no card (the card's Pay Now is the other inputs').
    { type: 'PAY', billing: null, card: null },
    doneEvent('checkOrCashCheckout', awaitingFor(snapshot)),
    errorEvent('checkOrCashCheckout', seatGone(context.lines[0]?.athlete_id ?? 0)),
    errorEvent('checkOrCashCheckout', waiverChanged),
    errorEvent('checkOrCashCheckout', cashRefused),
  ];
}

type CardSnapshot = SnapshotFrom<typeof householdCardPaymentMachine>;

/** The athletes the family's card payment checks out (its checkout request), or, back from 3-D Secure, Sam and Alex. */
function paidAthletes(snapshot: CardSnapshot): readonly number[] {
  const { checkout, returned } = snapshot.context;
  // Back from 3-D Secure nothing was quoted on this page: the server's receipt names Sam and Alex.
  if (returned !== null || checkout === null || !('athletes' in checkout)) return [sam.user_id, alex.user_id];
  return checkout.athletes.map((line) => line.athlete_id);
}

/** What checkout-success confirms for the athletes the card payment paid (their names, as the server has them). */
function cardReceiptFor(snapshot: CardSnapshot, amount: number): HouseholdReceipt {
  const names: Readonly<Record<number, string>> = { [sam.user_id]: 'Sam Rivera', [alex.user_id]: 'Alex Rivera' };
  return {
    checkout_id: 'hc_1',
    amount_cents: amount,
    sibling_discount_cents: amount === 0 ? 0 : 4_500,
    email: 'parent@example.com',
    card: amount === 0 ? null : { brand: 'visa', last4: '4242' },
    remaining: [],
    athletes: paidAthletes(snapshot).map((athleteId, index) => ({
      membership_id: 100 + index,
      athlete_id: athleteId,
      name: names[athleteId] ?? 'Jamie Rivera',
      team_name: '12U Tigers',
      season_name: 'Spring 2027',
      plan_name: 'Pay in full',
      amount_cents: amount === 0 ? 0 : 47_500,
      dues_cents: DUES,
      code_discount_cents: amount === 0 ? DUES : 0,
      sibling_discount_cents: index === 0 ? 0 : 4_500,
      protection_cents: 0,
      app_fee_cents: amount === 0 ? 0 : APP_FEE,
    })),
  };
}

/** The card steps' and the return's answers (every guard branch), as the one-athlete card payment's model has them. */
function paymentAnswers(snapshot: CardSnapshot): AnyEventObject[] {
  const firstId = paidAthletes(snapshot)[0] ?? 0;
  const todayCents = 90_500;
  return [
    { type: 'CONTINUE' },
    { type: 'RETRY' },
    doneEvent('submitCard', {}),
    doneEvent('submitCard', { error: { type: 'validation_error', message: INCOMPLETE } }),
    errorEvent('submitCard', new Error('The card form went away.')),
    doneEvent('checkout', {
      checkout_id: 'hc_1',
      client_secret: 'pi_1_secret_x',
      payment_intent_id: 'pi_1',
      setup_intent_id: null,
      payment_complete: 0,
      amount_today_cents: todayCents,
      receipt: null,
    }),
    doneEvent('checkout', {
      checkout_id: 'hc_1',
      client_secret: null,
      payment_intent_id: null,
      setup_intent_id: null,
      payment_complete: 1,
      amount_today_cents: 0,
      receipt: cardReceiptFor(snapshot, 0),
    }),
    doneEvent('checkout', {
      checkout_id: 'hc_1',
      client_secret: null,
      payment_intent_id: null,
      setup_intent_id: null,
      payment_complete: 0,
      amount_today_cents: 0,
      receipt: null,
    }),
    errorEvent('checkout', seatGone(firstId)),
    errorEvent('checkout', checkoutRefused),
    // Issue 32 point 3: the owner changed the waiver since step 2 showed the version this checkout sends.
    ...(sendsWaiverVersion(snapshot.context.checkout) ? [errorEvent('checkout', waiverChanged)] : []),
    doneEvent('confirmCard', { paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
    doneEvent('confirmCard', { error: { type: 'card_error', code: 'card_declined', message: DECLINED } }),
    doneEvent('confirmCard', { paymentIntent: { id: 'pi_1', status: 'processing' } }),
    doneEvent('confirmCard', { paymentIntent: { id: 'pi_1', status: 'requires_action' } }),
    errorEvent('confirmCard', new Error('Network error')),
    doneEvent('checkoutSuccess', {
      payment_complete: 1,
      membership_ids: [100, 101],
      refunded: false,
      receipt: cardReceiptFor(snapshot, todayCents),
    }),
    doneEvent('checkoutSuccess', { payment_complete: 1, membership_ids: [], refunded: true, receipt: null }),
    errorEvent('checkoutSuccess', serverDown),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'succeeded' } }),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'processing' } }),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'requires_payment_method' } }),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'canceled' } }),
    errorEvent('paymentIntent', serverDown),
  ];
}

/** The family's calls as the card payment makes them: the checkout it was given, the checkout id with the intent. */
const householdCardStates = {
  checkingOut: (snapshot: CardSnapshot, { invocations }: { invocations: readonly { id: string; input: unknown }[] }) =>
    expect(invocations.at(-1)).toMatchObject({ id: 'checkout', input: snapshot.context.checkout ?? {} }),
  recordingPayment: (
    snapshot: CardSnapshot,
    { invocations }: { invocations: readonly { id: string; input: unknown }[] },
  ) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'checkoutSuccess',
      input: { checkout_id: 'hc_1', stripe_payment_intent_id: snapshot.context.returned === null ? 'pi_1' : 'pi_3ds' },
    }),
};

/** The family checkout's card payment (household-card-payment.ts), run for real as its child `cardPayment`. */
export const householdCardModel = defineModel({
  machine: householdCardPaymentMachine,
  name: 'cardPayment (family)',
  events: paymentAnswers,
  states: householdCardStates,
});

/** Every event a person or the server causes, chosen per situation to keep the graph to what tells states apart. */
export function householdEvents(snapshot: Snapshot): AnyEventObject[] {
  const { context } = snapshot;
  if (context.checkOrCash !== null) return byCheckEvents(snapshot);
  const lines = context.lines;
  const unplanned = lines.find((line) => line.payment_plan_month === null);
  const problemId = Object.keys(context.problems)[0];
  const list: AnyEventObject[] = [
    doneEvent('quote', quoteFor(snapshot)),
    errorEvent('quote', serverDown),
    { type: 'NEXT' },
    { type: 'BACK' },
    { type: 'RETRY' },
    doneEvent('cardPayments', cardPayments),
    errorEvent('cardPayments', new Error('Stripe.js did not load in time.')),
    { type: 'AGREE_WAIVER', organizationId: 1, agreed: !context.agreedWaivers.includes(1) },
    { type: 'PAY', billing, card: fakeCard },
    { type: 'PAY', billing: billingWithoutName, card: fakeCard },
    { type: 'PAY', billing: null, card: null },
  ];
  if (context.pendingCode !== null) list.push(errorEvent('quote', codeRefused));
  // Issue 20 point 1: the first quote finds the added athlete of another organization (taken out again).
  if (context.quote === null && context.lastAdded !== null) list.push(errorEvent('quote', organizationsMixed));
  // A plan for the first athlete without one (a month no plan has once all are chosen: refused, never walked).
  list.push({
    type: 'SELECT_PLAN',
    athleteId: unplanned?.athlete_id ?? lines[0]?.athlete_id ?? 0,
    month: unplanned === undefined ? 99 : context.discountCode === null ? 3 : 0,
  });
  // Protection, the code and removing are tried from the first screen of two athletes (athlete 0 is none: refused
  // elsewhere), so the graph stays small; removing also takes the athlete Pay Now found a problem with.
  const firstScreen = lines.length === 2 && lines.every((line) => line.payment_plan_month === null);
  list.push({ type: 'TOGGLE_PROTECTION', athleteId: firstScreen ? (lines[0]?.athlete_id ?? 0) : 0 });
  const removed = problemId === undefined ? (firstScreen ? lines.at(-1)?.athlete_id : undefined) : Number(problemId);
  list.push({ type: 'REMOVE_ATHLETE', athleteId: removed ?? 0 });
  // Applying the code that is applied (or nothing) changes nothing.
  list.push({ type: 'APPLY_DISCOUNT', code: context.discountCode ?? '' });
  if (firstScreen) list.push({ type: 'APPLY_DISCOUNT', code: context.discountCode === null ? 'FULLRIDE' : '' });
  return list;
}

/** What the guards read: the lines (how many, how many with a plan), the code, the quote's readiness, the payment. */
export function serializeHousehold(snapshot: Snapshot): string {
  const { context } = snapshot;
  // 'Add another athlete' from any step 1: the athlete steps and what they add depend on the athletes alone.
  if (snapshot.matches('addingAthlete')) {
    return JSON.stringify({ value: snapshot.value, athletes: context.lines.map((line) => line.athlete_id) });
  }
  return JSON.stringify({
    value: snapshot.value,
    lines: context.lines.length,
    planned: context.lines.filter((line) => line.payment_plan_month !== null).length,
    code: context.discountCode,
    pending: context.pendingCode,
    quoted: context.quote === null ? null : context.quote.athletes.length,
    problems: Object.keys(context.problems).length,
    free: context.quote !== null && context.quote.today_cents === 0 && context.quote.later_cents === 0,
    cardLoaded: context.cardPayments !== null,
    agreed: snapshot.matches({ review: 'ready' }) ? context.agreedWaivers.length : undefined,
    paid: context.paidIntent !== null,
    returned: context.returned !== null,
    codeError: context.codeError,
    lastAdded: context.lastAdded !== null,
    notice: context.notice !== null,
    // Issue 34 point 4: the club's offer, the method chosen, and what was recorded by check or cash.
    offer: context.checkOrCash !== null,
    method: context.paymentMethod,
  });
}

export const householdStates = {
  quoting: (snapshot: Snapshot, { invocations }: { invocations: readonly { id: string; input: unknown }[] }) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'quote',
      input: {
        athletes: snapshot.context.lines,
        discount_code: snapshot.context.pendingCode ?? snapshot.context.discountCode,
      },
    }),
  // The card payment checks out every line with its plan, the code and this checkout's key (its own model checks
  // that this is what it sends), and records the checkout a return pays.
  paying: (snapshot: Snapshot) => {
    const card = snapshot.children.cardPayment?.getSnapshot().context;
    expect(card).toMatchObject({
      checkout: {
        athletes: snapshot.context.lines,
        discount_code: snapshot.context.discountCode,
        checkout_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        // Issue 32 point 3: the version of the waiver step 2 showed (a return has no quote: it sends nothing).
        ...(snapshot.context.quote === null ? {} : { waiver_version: 1 }),
      },
      returned: snapshot.context.returned,
    });
    // Back from 3-D Secure: the checkout this tab kept is the one recorded.
    if (snapshot.context.returned !== null) expect(card?.checkoutId).toBe(snapshot.context.checkoutId);
  },
  // Issue 34 point 4: the family checkout sent by check or cash, every line with its plan and the waiver's version.
  recordingCheckOrCash: (
    snapshot: Snapshot,
    { invocations }: { invocations: readonly { id: string; input: unknown }[] },
  ) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'checkOrCashCheckout',
      input: {
        athletes: snapshot.context.lines,
        discount_code: snapshot.context.discountCode,
        checkout_key: snapshot.context.checkoutKey,
        waiver_version: 1,
      },
    }),
  paid: (snapshot: Snapshot) =>
    expect(snapshot.output).toEqual({
      exit: 'paid',
      receipt: snapshot.context.refunded ? null : snapshot.context.receipt,
      refunded: snapshot.context.refunded,
      afterReturn: snapshot.context.returned !== null,
      // Recorded by check or cash: every athlete 'Awaiting payment' (absent for a card).
      ...(snapshot.context.awaiting === null ? {} : { awaiting: snapshot.context.awaiting }),
    }),
  back: (snapshot: Snapshot) => expect(snapshot.output).toEqual({ exit: 'back' }),
  retry: (snapshot: Snapshot) => expect(snapshot.output).toEqual({ exit: 'retry' }),
};

export const householdCheckoutModel = defineModel({
  machine: householdCheckoutMachine,
  inputs: {
    twoAthletes,
    returned: { ...twoAthletes, returned: returnedFamily },
    byCheck,
  },
  children: { athleteSteps: addAthleteStepsModel, cardPayment: householdCardModel },
  events: householdEvents,
  serializeState: serializeHousehold,
  states: householdStates,
});

/**
 * The family checkout's card payment as the payment flow's grandchild: one way to each exit it takes there (paid by
 * card; from a return, recorded, recording failed and retried, or 'Try again').
 */
const householdCardExitsModel = defineModel({
  machine: householdCardPaymentMachine,
  name: 'cardPayment (family, exits)',
  events: (snapshot: CardSnapshot) => [
    { type: 'CONTINUE' },
    doneEvent('submitCard', {}),
    doneEvent('checkout', {
      checkout_id: 'hc_1',
      client_secret: 'pi_1_secret_x',
      payment_intent_id: 'pi_1',
      setup_intent_id: null,
      payment_complete: 0,
      amount_today_cents: 90_500,
      receipt: null,
    }),
    doneEvent('confirmCard', { paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
    doneEvent('checkoutSuccess', {
      payment_complete: 1,
      membership_ids: [100, 101],
      refunded: false,
      receipt: cardReceiptFor(snapshot, 90_500),
    }),
    errorEvent('checkoutSuccess', serverDown),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'succeeded' } }),
    doneEvent('paymentIntent', { paymentIntent: { id: 'pi_3ds', status: 'requires_payment_method' } }),
  ],
  states: householdCardStates,
});

/**
 * The family checkout as the payment flow's child: one way to each exit (paid by card, Back, and from a return
 * 'Try again' or recorded), so the payment flow's paths reach every transition of its own without walking this
 * machine's whole graph again (its own test does that).
 */
export const householdExitsModel = defineModel({
  machine: householdCheckoutMachine,
  name: 'householdCheckout (exits)',
  children: { athleteSteps: addAthleteStepsModel, cardPayment: householdCardExitsModel },
  events: (snapshot: Snapshot) => {
    const { context } = snapshot;
    const unplanned = context.lines.find((line) => line.payment_plan_month === null);
    return [
      doneEvent('quote', quoteFor(snapshot)),
      { type: 'SELECT_PLAN', athleteId: unplanned?.athlete_id ?? 0, month: 0 },
      { type: 'TOGGLE_PROTECTION', athleteId: 0 },
      { type: 'REMOVE_ATHLETE', athleteId: 0 },
      { type: 'APPLY_DISCOUNT', code: '' },
      // 'Add another athlete' is the family checkout's own test's; an athlete id no one has is refused here.
      { type: 'NEXT' },
      { type: 'BACK' },
      { type: 'RETRY' },
      doneEvent('cardPayments', cardPayments),
      { type: 'AGREE_WAIVER', organizationId: 1, agreed: !context.agreedWaivers.includes(1) },
      { type: 'PAY', billing, card: fakeCard },
      errorEvent('quote', serverDown),
    ];
  },
  serializeState: serializeHousehold,
  states: householdStates,
});
