import { act, render, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../src/api/errors';
import { paymentDataSchema } from '../src/api/payment-data.schemas';
import { currentUserSchema, serverDiscountSchema, type User } from '../src/api/schemas';
import { initialBillingForm } from '../src/domain/forms/payment-billing';
import { formatUsd } from '../src/domain/money';
import {
  CHECKOUT_FALLBACK,
  FULL_DISCOUNT_CHECKOUT_FALLBACK,
  NO_SEASON,
  PAYMENT_PROCESSING,
  PAYMENT_SOMETHING_WENT_WRONG,
  PAYMENTS_UNAVAILABLE,
  PREVIEW_TEXT,
  PREVIEW_TITLE,
  UNEXPECTED_CARD_ERROR,
  WAIVER_AGREEMENT_LABEL,
  WAIVER_REQUIRED,
} from '../src/domain/payment-rules';
import { addAthleteMachine } from '../src/machines/add-athlete.machine';
import { assistanceRequestMachine } from '../src/machines/assistance-request.machine';
import { cardPaymentMachine } from '../src/machines/card-payment.machine';
import { draftPreviewMachine } from '../src/machines/draft-preview';
import { familyDocumentsMachine } from '../src/machines/family-documents.machine';
import type { HouseholdAthlete } from '../src/machines/household-checkout.context';
import { householdCheckoutMachine } from '../src/machines/household-checkout.machine';
import {
  checkoutView,
  pageTextOf,
  paymentOptionsView,
  paymentScreenOf,
  protectionView,
  waiverOnlyView,
} from '../src/machines/payment.connect';
import { checksOutWithoutCard, offeredPlansOf } from '../src/machines/payment.context';
import { paymentMachine } from '../src/machines/payment.machine';
import { createSandboxCardPayments } from '../src/providers/card-payments/sandbox-card-payments';
import { PaymentFlow } from '../src/views/payment/payment-flow';
import { addAthleteStepsModel } from './add-athlete.model.ts';
import { addAthleteViews } from './add-athlete.views.ts';
import { assistanceRequestModel, sentRequest } from './assistance-request.model.ts';
import { assistanceRequestViews } from './assistance-request.views.ts';
import { alex, guardian, sam } from './athlete-steps.fixtures.ts';
import {
  cardPaymentModel,
  cardReceipt,
  DECLINED,
  fakeCard,
  freeReceipt,
  INCOMPLETE,
  RETURN_URL,
  returned,
  serverDown,
  WAIVER_CHANGED,
  waiverChanged,
} from './card-payment.model.ts';
import { cardPaymentViews, englishOf } from './card-payment.views.ts';
import { neededProof, PROOF_PDF, pendingProof } from './documents.fixtures.ts';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths, type UiRun, type Views } from './harness/index.ts';
import { householdExitsModel, returnedFamily } from './household-checkout.model.ts';
import { householdViews } from './household-checkout.views.ts';
import { describeRestoring } from './resume-restore.ts';

type Snapshot = ReturnType<(typeof paymentMachine)['resolveState']>;

// ---- Fixtures shaped like docs/fixtures.md (wire form, parsed as the API layer parses them) ---------------------

const WAIVER = 'Northside Youth Baseball waiver.\n\nPlayers and families agree to the club rules.';

const organization = {
  id: 1,
  name: 'Northside Youth Baseball',
  waiver: WAIVER,
  api_user_id: null,
  client: { api_subdomain: 'northside' },
};

function user(changes: Partial<Record<string, unknown>>): User {
  return currentUserSchema.parse({
    id: 40,
    name: 'Pat Parent',
    email: 'pat@example.com',
    phone: '5551234567',
    username: null,
    is_new: true,
    is_coach: false,
    has_subscription: false,
    player: null,
    license: { license_code: 'TIGERS-2027', organization },
    subscription: null,
    token: 'user-token',
    ...changes,
  });
}

const newUser = user({});
const existingUser = user({ is_new: false });
/** The payer back from 3-D Secure (an existing user; their own id tells the input apart). */
const returningUser = user({ id: 41, is_new: false });
const licenceWithoutWaiver = user({
  is_new: false,
  license: { license_code: 'WAVES-2027', organization: { ...organization, waiver: null } },
});
const withoutLicence = user({ is_new: false, license: null });
/**
 * Issue 20: a guardian (Pat Rivera) paying for Sam: the payment data names the athlete, so step 1 offers 'Add another
 * athlete'; Sam's household has an athlete paid already, so Sam's dues carry a 10 % sibling discount.
 */
const guardianUser = user({ id: guardian.id, name: guardian.name, email: guardian.email, is_new: false });
/** The same guardian back from 3-D Secure on a family checkout (another id tells the input apart). */
const familyReturnUser = user({ id: guardian.id + 1, name: guardian.name, email: guardian.email, is_new: false });
/**
 * Issue 21: a payer resuming a saved registration at checkout with FULLRIDE and a plan no longer offered (month 99),
 * so every way out of `resumingDiscount` ends on step 1. Their own id and licence keep their paths apart.
 */
const resumingUser = user({ id: 45, is_new: false, license: { license_code: 'RESUME-2027', organization } });
/**
 * Issue 32 point 2: Pat registering Sam for 12U Sharks, which requires a 'Proof of age', resuming at checkout with
 * FULLRIDE (so Pay Now records the membership at once): after the payment, the documents step.
 */
const documentsUser = user({ id: 49, is_new: false, license: { license_code: 'SHARKS-2027', organization } });
/** Issue 34: a payer asking for financial assistance, one with 50 % approved, one with 100 % (their ids apart). */
const askingUser = user({ id: 46, is_new: false });
const awardedUser = user({ id: 47, is_new: false });
const fullAwardUser = user({ id: 48, is_new: false });
/** Issue 34 point 4: a payer on 12U Tigers, whose organization accepts check or cash, registering that way. */
const cashUser = user({ id: 50, is_new: false, license: { license_code: 'TIGERS-2027', organization } });

const tigers = {
  id: 1,
  name: '12U Tigers',
  total_dues: 450,
  athlete_deposit: 50,
  payment_plan_fee: 5,
  total_app_fee: 25,
  is_app_fee_itemized: true,
  waiver: WAIVER,
  // Issue 32 point 3: the version of the waiver shown, sent back with Pay Now.
  waiver_version: 1,
};
const season = { id: 1, name: 'Spring 2027', start_date: '2027-03-01' };
const protectionPlan = { id: 1, description: 'Injury Protection', amount: 29 };

const payInFull = {
  month: 0,
  name: 'Pay in full',
  phases: [{ start_time_formatted: 'Jan 5, 2027', amount: 475, base_amount: 475 }],
};
const threeMonths = {
  month: 3,
  name: '3 monthly payments',
  additional: 5,
  phases: [
    { start_time_formatted: 'Jan 5, 2027', amount: 75, base_amount: 75 },
    { start_time_formatted: 'Mar 1, 2027', amount: 139.2, base_amount: 135, processing_fee: 4.2 },
    { start_time_formatted: 'Apr 1, 2027', amount: 139.2, base_amount: 135, processing_fee: 4.2 },
    { start_time_formatted: 'May 1, 2027', amount: 139.2, base_amount: 135, processing_fee: 4.2 },
  ],
};

const wireData = {
  team: tigers,
  season,
  injury_protection_insurance: protectionPlan,
  payment_plans: [payInFull, threeMonths],
  is_season_set: true,
  connected_account_stripe_id: null,
  error: null,
};
const tigersData = paymentDataSchema.parse(wireData);
/** The same team without a protection plan: step 1 leads straight to checkout (§4), and Back from it to step 1. */
const unprotectedData = paymentDataSchema.parse({ ...wireData, injury_protection_insurance: null });
/**
 * FULLRIDE: everything waived, only the pay-in-full plan. The protection plan still comes back, and the flow offers
 * it (§4 'then the injury protection page if the plan exists'): added, it is the one payment due today, by card.
 */
const fullRideData = paymentDataSchema.parse({
  ...wireData,
  payment_plans: [{ ...payInFull, phases: [{ start_time_formatted: 'Jan 5, 2027', amount: 0, base_amount: 0 }] }],
});
const fullRideProtectedData = paymentDataSchema.parse({
  ...wireData,
  payment_plans: [{ ...payInFull, phases: [{ start_time_formatted: 'Jan 5, 2027', amount: 29, base_amount: 29 }] }],
});
const guardianData = paymentDataSchema.parse({
  ...wireData,
  athlete: { id: sam.user_id, name: 'Sam Rivera' },
  household: { sibling_discount: 45, sibling_discount_percent: 10, position: 2 },
});
const sharksData = paymentDataSchema.parse({
  ...wireData,
  team: { ...tigers, id: 9, name: '12U Sharks', required_documents: ['Proof of age'] },
  injury_protection_insurance: null,
  payment_plans: [{ ...payInFull, phases: [{ start_time_formatted: 'Jan 5, 2027', amount: 0, base_amount: 0 }] }],
});
const PAGE_ERROR = 'Registration for this team is closed.';
const pageErrorData = paymentDataSchema.parse({ ...wireData, payment_plans: [], error: PAGE_ERROR });
const noSeasonData = paymentDataSchema.parse({ ...wireData, season: null, payment_plans: [], is_season_set: false });

/**
 * Issue 34: Northside offers financial assistance (docs/fixtures.md "Help paying"). `helpData`: no request yet
 * ('Need help paying?'); `pendingData`: the request sent, waiting; `awardData`: 50 % approved ($225.00 taken off the
 * dues by the server); `fullAwardData`: 100 % approved, the full-discount path (one plan, nothing due).
 */
const helpPaying = {
  organization: { id: 1, name: 'Northside Youth Baseball' },
  offers_assistance: true,
  accepts_check_or_cash: false,
  check_or_cash_instructions: null,
  check_or_cash_hold_days: null,
  assistance_request: null,
  financial_assistance: 0,
};
const approvedRequest = (cents: number) => ({
  ...sentRequest,
  status: 'approved',
  amount_approved_cents: cents,
  decided_at: '2026-12-07T12:00:00.000Z',
  held_until: '2026-12-11T12:00:00.000Z',
});
const helpData = paymentDataSchema.parse({ ...wireData, help_paying: helpPaying });
const pendingData = paymentDataSchema.parse({
  ...wireData,
  help_paying: { ...helpPaying, assistance_request: sentRequest },
});
const awardData = paymentDataSchema.parse({
  ...wireData,
  help_paying: { ...helpPaying, assistance_request: approvedRequest(22_500), financial_assistance: 225 },
});
const fullAwardData = paymentDataSchema.parse({
  ...wireData,
  injury_protection_insurance: null,
  payment_plans: [{ ...payInFull, phases: [{ start_time_formatted: 'Jan 5, 2027', amount: 0, base_amount: 0 }] }],
  help_paying: { ...helpPaying, assistance_request: approvedRequest(45_000), financial_assistance: 450 },
});

/**
 * Issue 34 point 4: Northside accepts check or cash (docs/fixtures.md "Help paying"): step 2 offers it beside the
 * card, with the owner's instructions; the checkout answers the membership 'Awaiting payment'.
 */
const CASH_INSTRUCTIONS = 'Make checks payable to Northside Youth Baseball. Hand them in at the first practice.';
const cashData = paymentDataSchema.parse({
  ...wireData,
  help_paying: {
    ...helpPaying,
    offers_assistance: false,
    accepts_check_or_cash: true,
    check_or_cash_instructions: CASH_INSTRUCTIONS,
    check_or_cash_hold_days: 14,
  },
});
const awaitingPayment = {
  membership_id: 31,
  amount_due_cents: 16_300,
  total_cents: 48_900,
  plan_name: '3 monthly payments',
  instructions: CASH_INSTRUCTIONS,
  hold_until: '2026-12-20T12:00:00.000Z',
  organization: { id: 1, name: 'Northside Youth Baseball' },
};
const CASH_REFUSED = 'This organization does not accept checks or cash.';
const cashRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: CASH_REFUSED,
  messages: { payment_method: [CASH_REFUSED] },
  body: { message: CASH_REFUSED, messages: { payment_method: [CASH_REFUSED] } },
});

const fullRide = serverDiscountSchema.parse({
  discount_code: 'FULLRIDE',
  percent_off: 100,
  flat_discount_amount: null,
  is_active: true,
});
const inactiveCode = serverDiscountSchema.parse({ ...fullRide, discount_code: 'OLDCODE', is_active: false });
const CODE_NOT_FOUND = new ApiError({
  kind: 'http',
  status: 404,
  message: 'Code not found.',
  body: { message: 'Code not found.', messages: {} },
});

/** A lazily loaded child's code that could not be fetched (the browser's own error for a failed dynamic import). */
const CODE_NOT_FETCHED = new TypeError('Failed to fetch dynamically imported module');

const PLAN_NAMES: Record<number, string> = { 0: 'Pay in full', 3: '3 monthly payments' };

const cardPayments = createSandboxCardPayments({ navigate: vi.fn(), now: () => new Date('2026-06-01T12:00:00Z') });
/** The billing form as the checkout step pre-fills it for the payer; without a name the machine refuses it (§5). */
const billing = initialBillingForm(newUser);
const billingWithoutName = { ...billing, name: '' };

// ---- Which situations each input explores ------------------------------------------------------------------------
// Every input explores its whole reachable graph, so each input's answers are chosen to keep to its own part of the
// flow: `newUser` pays (options, discount, protection, checkout, card and full discount), `existingUser` covers the
// paid pages and Back to login, `draft` the preview (and `unprotectedDraft` a team without a protection plan),
// `returned` the way back from 3-D Secure. `serverRendered` is the
// preview the server rendered with the draft's plans (draft 2 here): it starts at the plans, and only its live reload
// is explored again (everything after the plans is the `draft` input's).

type Scenario =
  | 'newUser'
  | 'existingUser'
  | 'draft'
  | 'serverRendered'
  | 'returned'
  | 'guardian'
  | 'familyReturn'
  | 'resumed'
  | 'documents'
  | 'asking'
  | 'awarded'
  | 'fullAward'
  | 'cash';

const SERVER_RENDERED_DRAFT = 2;
/** A draft whose team has no protection plan: the preview goes from step 1 straight to checkout and back. */
const UNPROTECTED_DRAFT = 3;

function scenarioOf(snapshot: Snapshot): Scenario {
  const { context } = snapshot;
  if (context.draftId === SERVER_RENDERED_DRAFT) return 'serverRendered';
  if (context.draftId !== null) return 'draft';
  if (context.user?.id === returningUser.id) return 'returned';
  if (context.user?.id === guardianUser.id) return 'guardian';
  if (context.user?.id === familyReturnUser.id) return 'familyReturn';
  if (context.user?.id === resumingUser.id) return 'resumed';
  if (context.user?.id === documentsUser.id) return 'documents';
  if (context.user?.id === askingUser.id) return 'asking';
  if (context.user?.id === awardedUser.id) return 'awarded';
  if (context.user?.id === fullAwardUser.id) return 'fullAward';
  if (context.user?.id === cashUser.id) return 'cash';
  return context.user?.license?.license_code === 'TIGERS-2027' && context.user.is_new ? 'newUser' : 'existingUser';
}

const offeredMonths = (snapshot: Snapshot): number[] =>
  snapshot.context.discount !== null ? [0] : (snapshot.context.data?.payment_plans ?? []).map((plan) => plan.month);

function events(snapshot: Snapshot): AnyEventObject[] {
  const scenario = scenarioOf(snapshot);
  const { context } = snapshot;
  if (scenario === 'serverRendered') {
    // The live update and its reload (answered or failed, then tried again); every other event is one the plans step
    // refuses or ignores (no plan 99, no code), so the rest of the preview stays the `draft` input's.
    return snapshot.matches('loadingPlans')
      ? [doneEvent('paymentPlans', tigersData), errorEvent('paymentPlans', serverDown)]
      : [
          { type: 'DRAFT_UPDATED' },
          { type: 'DRAFT_FOLLOWED' },
          { type: 'RETRY' },
          { type: 'SELECT_PLAN', month: 99 },
          { type: 'APPLY_DISCOUNT', code: '' },
        ];
  }
  if (scenario === 'guardian') {
    // Issue 20: only 'Add another athlete' and what follows it; every other step is the other inputs'. The athlete
    // steps and the family checkout run for real (their answers come from their models).
    return [
      doneEvent('currentUser', context.user),
      doneEvent('subscriptionStatus', { payment_complete: 0 }),
      doneEvent('paymentPlans', guardianData),
      errorEvent('currentUser', serverDown),
      errorEvent('subscriptionStatus', serverDown),
      errorEvent('paymentPlans', serverDown),
      // Issue 30 point 6: the children's code loads when the flow reaches them (or cannot be fetched).
      doneEvent('athleteStepsCode', undefined),
      errorEvent('athleteStepsCode', CODE_NOT_FETCHED),
      doneEvent('householdCheckoutCode', undefined),
      errorEvent('householdCheckoutCode', CODE_NOT_FETCHED),
      { type: 'ADD_ATHLETE' },
      { type: 'SELECT_PLAN', month: 99 },
      { type: 'APPLY_DISCOUNT', code: '' },
      { type: 'NEXT' },
      { type: 'RETRY' },
    ];
  }
  if (scenario === 'asking' || scenario === 'awarded' || scenario === 'fullAward') {
    // Issue 34: only help paying; every other step is the other inputs'. 'Need help paying?' runs the request for real
    // (its answers come from its model); back from 'We sent your request…' the plans show it waiting. A full award
    // offers the one plan and checks out without a card: the waiver only (the card payment's free checkout).
    const asked = context.reloadFor === 'choosingPlan' ? pendingData : helpData;
    const data = scenario === 'asking' ? asked : scenario === 'awarded' ? awardData : fullAwardData;
    return [
      doneEvent('currentUser', context.user),
      doneEvent('subscriptionStatus', { payment_complete: 0 }),
      doneEvent('paymentPlans', data),
      // A reload that fails fails as a call does (the connection), never with nothing.
      errorEvent('paymentPlans', serverDown),
      doneEvent('assistanceRequestCode', undefined),
      errorEvent('assistanceRequestCode', CODE_NOT_FETCHED),
      { type: 'ASK_ASSISTANCE' },
      { type: 'RETRY' },
      { type: 'BACK' },
      { type: 'NEXT' },
      { type: 'SELECT_PLAN', month: scenario === 'fullAward' && context.selectedPlanMonth === null ? 0 : 99 },
      { type: 'APPLY_DISCOUNT', code: '' },
      { type: 'AGREE_WAIVER', agreed: !context.waiverAgreed },
      { type: 'PAY', billing: null, card: null },
    ];
  }
  if (scenario === 'cash') {
    // Issue 34 point 4: only paying by check or cash; every other step is the other inputs'. Step 2 offers it beside
    // the card; 'Complete registration' records the membership 'Awaiting payment', or is refused (the waiver changed,
    // or the club no longer accepts it). Pay Now by card is the other inputs'.
    const byCheck = context.paymentMethod === 'check_or_cash';
    return [
      doneEvent('currentUser', context.user),
      doneEvent('subscriptionStatus', { payment_complete: 0 }),
      doneEvent('paymentPlans', cashData),
      doneEvent('cardPayments', cardPayments),
      { type: 'SELECT_PLAN', month: context.selectedPlanMonth === null ? 3 : 99 },
      { type: 'APPLY_DISCOUNT', code: '' },
      { type: 'NEXT' },
      { type: 'CHOOSE_PAYMENT_METHOD', method: byCheck ? 'card' : 'check_or_cash' },
      { type: 'AGREE_WAIVER', agreed: !context.waiverAgreed },
      ...(byCheck ? [{ type: 'PAY', billing: null, card: null }] : []),
      doneEvent('checkOrCashCheckout', awaitingPayment),
      errorEvent('checkOrCashCheckout', waiverChanged),
      errorEvent('checkOrCashCheckout', cashRefused),
    ];
  }
  if (scenario === 'resumed') {
    // Issue 21: the saved code is looked up again (still active, no longer active, unknown), then the plans load; the
    // saved plan is no longer offered, so the payer starts on step 1 (with the code refused, when it was). Step 1's
    // choices are the other inputs': here choosing plan 99 or applying the same code changes nothing.
    return [
      { type: 'SELECT_PLAN', month: 99 },
      { type: 'APPLY_DISCOUNT', code: context.discount?.code ?? '' },
      { type: 'RETRY' },
      errorEvent('currentUser', serverDown),
      errorEvent('subscriptionStatus', serverDown),
      errorEvent('paymentPlans', serverDown),
      doneEvent('currentUser', context.user),
      doneEvent('subscriptionStatus', { payment_complete: 0 }),
      doneEvent('resumedDiscount', fullRide),
      doneEvent('resumedDiscount', inactiveCode),
      errorEvent('resumedDiscount', CODE_NOT_FOUND),
      doneEvent('paymentPlans', context.discount !== null ? fullRideData : tigersData),
    ];
  }
  if (scenario === 'documents') {
    // Issue 32 point 2: straight to a full-discount Pay Now (the resumed checkout), then the documents step: its code
    // loads (or cannot be fetched), and 'Continue' or 'Upload later' leaves it. Everything before is the others'.
    return [
      doneEvent('currentUser', context.user),
      doneEvent('subscriptionStatus', { payment_complete: 0 }),
      doneEvent('resumedDiscount', fullRide),
      doneEvent('paymentPlans', sharksData),
      errorEvent('currentUser', serverDown),
      errorEvent('subscriptionStatus', serverDown),
      errorEvent('resumedDiscount', CODE_NOT_FOUND),
      errorEvent('paymentPlans', serverDown),
      // Without the code (not found), checkout is by card: its form loads, and Pay Now without a card does nothing.
      doneEvent('cardPayments', cardPayments),
      errorEvent('cardPayments', new Error('Stripe.js did not load in time.')),
      // Back on step 1, only the plan chosen already and the code applied already: nothing changes there.
      { type: 'SELECT_PLAN', month: 0 },
      { type: 'APPLY_DISCOUNT', code: context.discount?.code ?? '' },
      { type: 'AGREE_WAIVER', agreed: !context.waiverAgreed },
      { type: 'PAY', billing: null, card: null },
      doneEvent('familyDocumentsCode', undefined),
      errorEvent('familyDocumentsCode', CODE_NOT_FETCHED),
      { type: 'RETRY' },
      { type: 'FINISH_DOCUMENTS' },
    ];
  }
  if (scenario === 'familyReturn') {
    // Back from 3-D Secure on a family checkout: recorded (the claimed page), or not paid: the page loads again and
    // finds the team paid (the waiver-only page).
    return [
      doneEvent('currentUser', context.user),
      doneEvent('subscriptionStatus', { payment_complete: 1 }),
      errorEvent('currentUser', serverDown),
      errorEvent('subscriptionStatus', serverDown),
      doneEvent('householdCheckoutCode', undefined),
      errorEvent('householdCheckoutCode', CODE_NOT_FETCHED),
      { type: 'RETRY' },
      { type: 'AGREE_WAIVER', agreed: !context.waiverAgreed },
      { type: 'ACCEPT' },
    ];
  }
  const list: AnyEventObject[] = [
    { type: 'NEXT' },
    { type: 'BACK' },
    { type: 'ACCEPT' },
    { type: 'RETRY' },
    { type: 'TOGGLE_PROTECTION' },
    { type: 'AGREE_WAIVER', agreed: !context.waiverAgreed },
    { type: 'PAY', billing, card: fakeCard },
    // §5 / issue 13: the machine itself refuses billing details its schema rejects.
    { type: 'PAY', billing: billingWithoutName, card: fakeCard },
    errorEvent('currentUser', serverDown),
    errorEvent('subscriptionStatus', serverDown),
    errorEvent('paymentPlans', serverDown),
    doneEvent('cardPayments', cardPayments),
    errorEvent('cardPayments', new Error('Stripe.js did not load in time.')),
  ];

  // Who the refreshed user is decides the paid pages (§4): only the existing user's input explores them.
  list.push(doneEvent('currentUser', context.user));
  if (scenario === 'existingUser' && context.user?.license?.license_code === 'TIGERS-2027') {
    list.push(doneEvent('currentUser', licenceWithoutWaiver), doneEvent('currentUser', withoutLicence));
  }

  if (scenario === 'existingUser') {
    list.push(doneEvent('subscriptionStatus', { payment_complete: 1 }));
    if (context.user?.license?.license_code === 'TIGERS-2027')
      list.push(doneEvent('subscriptionStatus', { payment_complete: 0 }));
  } else {
    list.push(doneEvent('subscriptionStatus', { payment_complete: 0 }));
  }

  // Plans: a page-level error ends the returned input's retry; the other inputs also see every answer.
  if (scenario === 'returned') {
    list.push(doneEvent('paymentPlans', pageErrorData));
  } else {
    const discounted = context.includeProtection ? fullRideProtectedData : fullRideData;
    const undiscounted = context.draftId === UNPROTECTED_DRAFT ? unprotectedData : tigersData;
    list.push(doneEvent('paymentPlans', context.discount !== null ? discounted : undiscounted));
    const firstLoad = snapshot.matches('loadingPlans') && context.reloadFor === null;
    if (firstLoad && (scenario === 'newUser' || scenario === 'draft')) {
      list.push(doneEvent('paymentPlans', pageErrorData), doneEvent('paymentPlans', noSeasonData));
    }
    const reloading = snapshot.matches('loadingPlans') && context.reloadFor !== null;
    if (reloading && scenario === 'newUser') {
      list.push(doneEvent('paymentPlans', pageErrorData));
    }
  }

  // Step 1 choices: a plan once; discounts only on the paying input, before a plan is chosen.
  const months = offeredMonths(snapshot);
  const explore = scenario === 'newUser' || scenario === 'draft';
  list.push({ type: 'SELECT_PLAN', month: explore && context.selectedPlanMonth === null ? (months.at(-1) ?? 99) : 99 });
  if (scenario === 'newUser' && context.selectedPlanMonth === null) {
    // FULLRIDE is looked up, or once applied is the same code again (§5: nothing happens); '' clears it.
    list.push({ type: 'APPLY_DISCOUNT', code: 'FULLRIDE' }, { type: 'APPLY_DISCOUNT', code: '' });
  } else {
    // Elsewhere applying changes nothing (§5: the same code again, or empty without a discount).
    list.push({ type: 'APPLY_DISCOUNT', code: context.discount?.code ?? '' });
  }
  list.push(
    doneEvent('discount', fullRide),
    doneEvent('discount', inactiveCode),
    errorEvent('discount', CODE_NOT_FOUND),
  );

  if (scenario === 'draft') list.push({ type: 'DRAFT_UPDATED' }, { type: 'DRAFT_FOLLOWED' });
  return list;
}

/**
 * What identifies a situation: the state plus, per state, only the context its guards (and those of the states it
 * leads to) read. Loading, failure and final states keep just the user, so a retry from anywhere in the flow rejoins
 * one node instead of repeating the whole flow for every context it could come from.
 */
function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  const data = context.data;
  const key: Record<string, unknown> = {
    value: snapshot.value,
    user: context.user === null ? null : [context.user.license?.license_code ?? null, context.user.is_new],
  };
  // A plan reload returns to the step it was asked from (guard reloadedFor).
  const reloading = snapshot.matches('loadingPlans') && context.reloadFor !== null;
  if (reloading) key.reloadFor = context.reloadFor;
  const inSteps = snapshot.matches('choosingPlan') || snapshot.matches('protection') || reloading;
  const paying = snapshot.matches('checkout') || snapshot.matches('paying');
  if (inSteps || paying) {
    key.data = data === null ? null : data.payment_plans.length;
    key.discount = context.discount?.code ?? null;
    key.selected = context.selectedPlanMonth;
    key.cardLoaded = context.cardPayments !== null;
    // Protection added under a full discount is paid by card (§4): the checkout differs.
    key.free = checksOutWithoutCard(context);
  }
  // Issue 34 point 4: step 2's way to pay (the card, or check or cash where the club accepts it).
  if (paying) key.method = context.paymentMethod;
  // Pay Now's guards read these; elsewhere in checkout a toggled box changes nothing that follows.
  if (snapshot.matches({ checkout: { ready: 'idle' } }) || snapshot.matches('waiverOnly')) {
    key.waiverAgreed = context.waiverAgreed;
  }
  if (snapshot.matches({ checkout: 'ready' })) key.paid = context.paidCheckout !== null;
  // The claimed page is reached with the confirmation of a full discount ($0.00, no card), of a card payment (its
  // schedule), of a refunded second payment, and with none (paid already).
  if (snapshot.matches('toClaimed')) {
    const confirmation = context.confirmation;
    key.confirmation =
      confirmation === null
        ? null
        : [
            confirmation.receipt?.amount_cents ?? null,
            confirmation.refunded,
            confirmation.household?.amount_cents,
            confirmation.awaiting?.membership_id,
          ];
  }
  return JSON.stringify(key);
}

const modelStates = {
  // Issue 14: the server-rendered preview shows the plans it came with; they are asked again only on a live update.
  choosingPlan: (snapshot: Snapshot, { invocations }: { invocations: readonly { id: string }[] }) => {
    if (scenarioOf(snapshot) === 'serverRendered' && snapshot.context.reloadFor === null) {
      expect(snapshot.context.data).toBe(tigersData);
    }
    if (scenarioOf(snapshot) === 'serverRendered' && !invocations.some((call) => call.id === 'paymentPlans')) {
      expect(snapshot.children.draftChannel).toBeDefined();
    }
  },
  // §8/§9: a payment message or checkout failure is gone after its 5 seconds (or never came).
  'checkout.ready.idle': (snapshot: Snapshot) =>
    expect([snapshot.context.message, snapshot.context.error]).toEqual([null, null]),
  loadingPlans: (snapshot: Snapshot, { invocations }: { invocations: readonly { id: string }[] }) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'paymentPlans',
      input: {
        draftId: snapshot.context.draftId,
        discountCode: snapshot.context.discount?.code ?? null,
        includeProtection: snapshot.context.includeProtection,
      },
    }),
  resumingDiscount: (_snapshot: Snapshot, { invocations }: { invocations: readonly { id: string }[] }) =>
    expect(invocations.at(-1)).toMatchObject({ id: 'resumedDiscount', input: { code: 'FULLRIDE' } }),
  'choosingPlan.lookingUpDiscount': (
    _snapshot: Snapshot,
    { invocations }: { invocations: readonly { id: string }[] },
  ) =>
    // §6: which lookup runs (with or without authorization) is the page's implementation (draft-preview.ts).
    expect(invocations.at(-1)).toMatchObject({ id: 'discount', input: { code: 'FULLRIDE' } }),
  // Issue 32 point 3: the agreement is asked again from the start, the plans (and the new text) asked again.
  rereadingWaiver: (snapshot: Snapshot, { invocations }: { invocations: readonly { id: string }[] }) => {
    expect(snapshot.context).toMatchObject({ waiverAgreed: false, waiverTouched: false, reloadFor: 'checkout' });
    expect(snapshot.context.waiverNotice).toBe(WAIVER_CHANGED);
    expect(invocations.at(-1)).toMatchObject({ id: 'paymentPlans' });
  },
  // Issue 34 point 4: the checkout of the plan chosen, with the waiver's version shown (the call adds payment_method).
  recordingCheckOrCash: (_snapshot: Snapshot, { invocations }: { invocations: readonly { id: string }[] }) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'checkOrCashCheckout',
      input: {
        team_id: 1,
        payment_plan_month: 3,
        discount_code: null,
        include_payment_protection_plan: false,
        waiver_version: 1,
      },
    }),
  paying: (snapshot: Snapshot) => {
    // The payment Pay Now fixed (or the return) is what the card payment is given, with the version of the waiver
    // shown (issue 32 point 3).
    const { checkout } = snapshot.context;
    expect(snapshot.children.cardPayment?.getSnapshot().context).toMatchObject({
      checkout: checkout === null ? null : { ...checkout, waiver_version: 1 },
      free: checksOutWithoutCard(snapshot.context),
      returned: snapshot.context.returned,
    });
  },
  toClaimed: (snapshot: Snapshot) => {
    const { confirmation, user, returned } = snapshot.context;
    expect(snapshot.output).toEqual(
      user?.license
        ? {
            to: '/licenses/$license',
            params: { license: user.license.license_code },
            search: { claimed_registration: true },
            confirmation,
          }
        : { to: '/dashboard' },
    );
    // Issue 20: a family checkout confirms every athlete (its receipt), never a one-athlete receipt.
    if (confirmation?.household) {
      expect(confirmation.receipt).toBeNull();
      // Sam first, then the athlete added (Alex chosen, or Jamie created) or, back from 3-D Secure, Alex.
      const names = confirmation.household.athletes.map((athlete) => athlete.name);
      expect(names[0]).toBe('Sam Rivera');
      expect(names.length).toBeGreaterThanOrEqual(2);
      return;
    }
    // Issue 34 point 4: a registration by check or cash confirms 'Awaiting payment' with the club's instructions.
    if (confirmation?.awaiting) {
      expect(confirmation).toEqual({
        receipt: null,
        refunded: false,
        afterReturn: false,
        household: null,
        awaiting: awaitingPayment,
      });
      return;
    }
    // Issue 15, 19.1: what the card payment confirmed travels to the claimed page (nothing when it was refunded).
    if (confirmation !== null) {
      expect(confirmation.refunded ? [null] : [cardReceipt, freeReceipt]).toContainEqual(confirmation.receipt);
      expect(confirmation.afterReturn).toBe(returned !== null);
    }
    // Only a payment made on this page confirms something: the paid pages and a paid-already answer do not.
    if (snapshot.context.paidCheckout === null && snapshot.context.checkout === null && returned === null) {
      expect(confirmation).toBeNull();
    }
  },
  // Issue 20: the family checkout starts with the payment page's athlete and the one the athlete steps added.
  'household.running': (snapshot: Snapshot, { invocations }: { invocations: readonly { id: string }[] }) => {
    if (snapshot.context.householdCheckoutId !== null) {
      expect(snapshot.children.householdCheckout?.getSnapshot().context.checkoutId).toBe('hc_1');
      return;
    }
    const athletes: readonly HouseholdAthlete[] =
      snapshot.children.householdCheckout?.getSnapshot().context.athletes ?? [];
    expect(athletes[0]).toEqual({ id: sam.user_id, name: 'Sam Rivera' });
    // The athlete steps added another athlete (Alex chosen, or Jamie created), never Sam again.
    expect(athletes.slice(1).every((athlete) => [alex.user_id, 13].includes(athlete.id))).toBe(true);
    expect(invocations.some((call) => call.id === 'athleteSteps')).toBe(false);
  },
  // Issue 32 point 2: the documents step lists only the new membership's documents (its team, its athlete: the payer
  // paying for themselves here).
  'documents.running': (snapshot: Snapshot) =>
    expect(snapshot.children.familyDocuments?.getSnapshot().context.scope).toEqual({
      teamId: 9,
      athleteIds: [documentsUser.id],
    }),
  'documents.failed': (snapshot: Snapshot) => expect(snapshot.context.error).toEqual({ key: 'common.networkError' }),
  'addingAthlete.running': (snapshot: Snapshot) =>
    expect(snapshot.children.athleteSteps?.getSnapshot().context.license).toBe('TIGERS-2027'),
  // Issue 30 point 6: a child whose code could not be fetched says so, as a failed call does.
  // NETWORK_ERROR_MESSAGE, held as its catalogue key.
  'addingAthlete.failed': (snapshot: Snapshot) =>
    expect(snapshot.context.error).toEqual({ key: 'common.networkError' }),
  'household.failed': (snapshot: Snapshot) => expect(snapshot.context.error).toEqual({ key: 'common.networkError' }),
  // Issue 34 point 1: the request form is given the payment page's team and its organization.
  'askingAssistance.running': (snapshot: Snapshot) =>
    expect(snapshot.children.assistanceRequest?.getSnapshot().context).toMatchObject({
      teamId: 1,
      organization: 'Northside Youth Baseball',
    }),
  'askingAssistance.failed': (snapshot: Snapshot) =>
    expect(snapshot.context.error).toEqual({ key: 'common.networkError' }),
  toRegister: (snapshot: Snapshot) =>
    expect(snapshot.output).toEqual({
      to: '/register',
      search: { step: 2, is_team_license: true, license: 'TIGERS-2027' },
    }),
  toLogin: (snapshot: Snapshot) =>
    expect(snapshot.output).toEqual({
      to: '/login',
      search: { step: 3, license: snapshot.context.user?.license?.license_code },
    }),
  toDashboard: (snapshot: Snapshot) => expect(snapshot.output).toEqual({ to: '/dashboard' }),
};

/**
 * The payment machine as /payment provides it (src/routes/payment.page.tsx): payment.setup.ts leaves the card payment,
 * the athlete steps and the family checkout to the page (the draft preview below provides none).
 */
const paymentPageMachine = paymentMachine.provide({
  actors: {
    cardPayment: cardPaymentMachine,
    athleteSteps: addAthleteMachine,
    householdCheckout: householdCheckoutMachine,
    familyDocuments: familyDocumentsMachine,
    assistanceRequest: assistanceRequestMachine,
  },
});

/**
 * Issue 32 point 2: /payments' documents machine as the documents step's child: the list, one upload accepted. Its
 * refusals and failures are its own model test's (family-documents.model.test.tsx).
 */
const documentsStepModel = defineModel({
  machine: familyDocumentsMachine,
  name: 'familyDocuments (registration step)',
  events: () => [
    doneEvent('load', { documents: [neededProof] }),
    errorEvent('load', serverDown),
    { type: 'RETRY' },
    { type: 'UPLOAD', membershipId: 21, name: 'Proof of age', file: PROOF_PDF },
    doneEvent('upload', pendingProof),
    errorEvent('upload', serverDown),
  ],
});

const model = defineModel({
  machine: paymentPageMachine,
  inputs: {
    newUser: { user: newUser, returned: null, returnUrl: RETURN_URL },
    existingUser: { user: existingUser, returned: null, returnUrl: RETURN_URL },
    returned: { user: returningUser, returned, returnUrl: RETURN_URL },
    guardian: { user: guardianUser, returned: null, returnUrl: RETURN_URL },
    asking: { user: askingUser, returned: null, returnUrl: RETURN_URL },
    awarded: { user: awardedUser, returned: null, returnUrl: RETURN_URL },
    fullAward: { user: fullAwardUser, returned: null, returnUrl: RETURN_URL },
    cash: { user: cashUser, returned: null, returnUrl: RETURN_URL },
    resumed: {
      user: resumingUser,
      returned: null,
      returnUrl: RETURN_URL,
      resume: { step: 'checkout', planMonth: 99, includeProtection: false, discountCode: 'FULLRIDE' },
    },
    documents: {
      user: documentsUser,
      returned: null,
      returnUrl: RETURN_URL,
      resume: { step: 'checkout', planMonth: 0, includeProtection: false, discountCode: 'FULLRIDE' },
    },
    familyReturn: {
      user: familyReturnUser,
      returned: returnedFamily.payment,
      householdCheckoutId: returnedFamily.checkoutId,
      returnUrl: RETURN_URL,
    },
  },
  // Pay Now and the return run the card payment for real: its answers and checks come from its own model; so do
  // 'Add another athlete' (the athlete steps) and the family checkout (issue 20).
  children: {
    cardPayment: cardPaymentModel,
    athleteSteps: addAthleteStepsModel,
    householdCheckout: householdExitsModel,
    familyDocuments: documentsStepModel,
    assistanceRequest: assistanceRequestModel,
  },
  events,
  serializeState,
  states: modelStates,
});

/** The staff preview: the same machine with the draft's implementations (draft-preview.ts). */
const draftModel = defineModel({
  machine: draftPreviewMachine,
  name: 'payment (draft preview)',
  inputs: {
    draft: { draftId: 1 },
    unprotectedDraft: { draftId: UNPROTECTED_DRAFT },
    serverRendered: { draftId: SERVER_RENDERED_DRAFT, plans: tigersData },
  },
  events,
  serializeState,
  states: modelStates,
});

// ---- The driver: what a person does --------------------------------------------------------------------------------

async function typeInto(
  label: string,
  text: string,
  user: Parameters<NonNullable<Driver<typeof paymentMachine>['PAY']>>[1]['user'],
) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (text !== '') await user.type(field, text);
}

const driver: Driver<typeof paymentMachine> = {
  SELECT_PLAN: async (event, { user }) =>
    user.click(screen.getByRole('radio', { name: new RegExp(`^${PLAN_NAMES[event.month] ?? '?'}`) })),
  NEXT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Next' })),
  // Issue 34: after 'We sent your request…' Back is 'Back to payment options'.
  BACK: async (_event, { user }) =>
    user.click(
      screen.queryByRole('button', { name: 'Back to payment options' }) ?? screen.getByRole('button', { name: 'Back' }),
    ),
  APPLY_DISCOUNT: async (event, { user }) => {
    await typeInto('Discount code', event.code, user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
  },
  TOGGLE_PROTECTION: async (_event, { user }) => user.click(screen.getByRole('button', { name: /^(Add|Added)$/ })),
  AGREE_WAIVER: async (_event, { user }) => user.click(screen.getByRole('checkbox', { name: WAIVER_AGREEMENT_LABEL })),
  PAY: async (event, { user }) => {
    const number = screen.queryByLabelText('Card number');
    if (number instanceof HTMLInputElement && number.value === '') {
      await user.type(number, '4242424242424242');
      await user.type(screen.getByLabelText('Expiry (MM / YY)'), '12/30');
      await user.type(screen.getByLabelText('CVC'), '123');
    }
    // The name on card as the event has it (a full discount shows no billing form).
    const name = screen.queryByLabelText('Name on card');
    if (name instanceof HTMLInputElement && name.value !== event.billing?.name) {
      await typeInto('Name on card', event.billing?.name ?? '', user);
    }
    await user.click(payNow());
  },
  CHOOSE_PAYMENT_METHOD: async (event, { user }) =>
    user.click(screen.getByRole('radio', { name: event.method === 'card' ? 'Pay by card' : 'Pay by check or cash' })),
  ACCEPT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Accept' })),
  ADD_ATHLETE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Add another athlete' })),
  FINISH_DOCUMENTS: async (_event, { user }) =>
    user.click(screen.getByRole('button', { name: /^(Continue|Upload later)$/ })),
  ASK_ASSISTANCE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Need help paying?' })),
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  DRAFT_UPDATED: async (event, { actor }) => {
    act(() => actor.send(event));
  },
  // The draft channel's subscription succeeding (a socket event, not something a person does).
  DRAFT_FOLLOWED: async (event, { actor }) => {
    act(() => actor.send(event));
  },
};

// ---- What a person sees ----------------------------------------------------------------------------------------------

function expectPreviewBanner(snapshot: Snapshot) {
  if (snapshot.context.draftId === null) {
    expect(screen.queryByText(PREVIEW_TITLE)).toBeNull();
    return;
  }
  expect(screen.getByText(PREVIEW_TITLE)).toBeTruthy();
  expect(screen.getByText(PREVIEW_TEXT)).toBeTruthy();
}

function heading(name: string) {
  return screen.getByRole('heading', { level: 1, name });
}

function expectWaiver(snapshot: Snapshot) {
  const box = screen.getByRole('checkbox', { name: WAIVER_AGREEMENT_LABEL }) as HTMLInputElement;
  expect(box.checked).toBe(snapshot.context.waiverAgreed);
  // Issue 32 point 3: after a refused Pay Now the new text is asked again, the server's text tied to the box.
  if (snapshot.context.waiverNotice !== null) {
    expect(snapshot.context.waiverNotice).toBe(WAIVER_CHANGED);
    expect(box.checked).toBe(false);
    const alert = screen.getByText(WAIVER_CHANGED);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(box.getAttribute('aria-describedby')).toContain(alert.id);
  } else {
    expect(screen.queryByText(WAIVER_CHANGED)).toBeNull();
  }
  const region = screen.getByRole('region', { name: 'Waiver text' });
  expect(region.textContent).toContain('Players and families agree to the club rules.');
  if (snapshot.context.waiverTouched && !snapshot.context.waiverAgreed) {
    expect(screen.getByText(WAIVER_REQUIRED)).toBeTruthy();
  } else {
    expect(screen.queryByText(WAIVER_REQUIRED)).toBeNull();
  }
}

/** Issue 34 point 4: step 2 offers check or cash (the club accepts it and something is to be paid). */
function checkOrCashOffered(snapshot: Snapshot): boolean {
  const help = snapshot.context.data?.help_paying ?? null;
  return help?.accepts_check_or_cash === true && !checksOutWithoutCard(snapshot.context);
}
const byCheckOrCash = (snapshot: Snapshot) =>
  checkOrCashOffered(snapshot) && snapshot.context.paymentMethod === 'check_or_cash';

/** Pay Now, or (issue 34 point 4: check or cash chosen) 'Complete registration'. */
const payNow = () =>
  (screen.queryByRole('button', { name: 'Pay Now' }) ??
    screen.getByRole('button', { name: 'Complete registration' })) as HTMLButtonElement;

/** Step 1, also while a discount reloads the plans (busy: nothing can be chosen). */
function expectPaymentOptions(snapshot: Snapshot) {
  expect(heading('Payment Options')).toBeTruthy();
  expectPreviewBanner(snapshot);
  // Every offered plan is a choice named by its plan and today's charge (§9: the first phase is due today).
  const offered = offeredPlansOf(snapshot.context);
  expect(screen.getAllByRole('radio')).toHaveLength(offered.length);
  for (const plan of offered) {
    const today = formatUsd(plan.phases[0]?.amount ?? 0);
    expect(screen.getByRole('radio', { name: `${plan.name} ${today} due today` })).toBeTruthy();
  }
  if (offered.length === 2) {
    // Tigers undiscounted: the 3-month plan's months, additional fee and per-phase processing fees.
    expect(screen.getByText(/Months to pay: 3/).textContent).toContain('Additional fee: $5.00');
    expect(screen.getAllByText(/includes a \$4\.20 processing fee/)).toHaveLength(3);
    expect(screen.getByText('Spring 2027 starts Mar 1, 2027.')).toBeTruthy();
  }
  if (snapshot.context.discount !== null) {
    expect(screen.getByText('Discount FULLRIDE applied (100% off).')).toBeTruthy();
  }
  // Issue 20: a guardian's session offers 'Add another athlete' (never the preview nor an athlete's own login), and
  // the household discount the server applied shows as its own line, taken off the total.
  const guardianSession = snapshot.context.data?.athlete != null;
  expect(screen.queryByRole('button', { name: 'Add another athlete' }) !== null).toBe(
    guardianSession && !snapshot.hasTag('busy'),
  );
  if (snapshot.context.data?.household) {
    expect(screen.getByText('Sibling discount (10%)').nextElementSibling?.textContent).toBe('−$45.00');
    expect(screen.getByText('Total due').nextElementSibling?.textContent).toBe('$430.00');
  } else {
    expect(screen.queryByText(/Sibling discount/)).toBeNull();
  }
  expectHelpPaying(snapshot);
  const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
  expect(next.disabled).toBe(snapshot.context.selectedPlanMonth === null || snapshot.hasTag('busy'));
  expect(screen.queryByRole('button', { name: 'Back' }) === null).toBe(snapshot.context.draftId !== null);
  if (snapshot.matches({ choosingPlan: 'idle' }) && snapshot.context.discountError !== null) {
    const shown = englishOf(snapshot.context.discountError);
    expect(screen.getByText(shown)).toBeTruthy();
    expect(['Code not found.']).toContain(shown);
  }
}

/**
 * Issue 34: 'Need help paying?' only where the organization offers assistance and nothing was asked; a request's
 * standing above the fees; an approved award as its own 'Financial assistance' line, a full one leaving nothing due.
 */
function expectHelpPaying(snapshot: Snapshot) {
  const help = snapshot.context.data?.help_paying ?? null;
  const ask = screen.queryByRole('button', { name: 'Need help paying?' });
  expect(ask !== null).toBe(
    help?.offers_assistance === true && help.assistance_request === null && !snapshot.hasTag('busy'),
  );
  const request = help?.assistance_request ?? null;
  if (request?.status === 'pending') {
    expect(
      screen.getByText(/^Your request for financial assistance is waiting for Northside Youth Baseball's decision/),
    ).toBeTruthy();
  }
  if (help === null || help.financial_assistance === 0) {
    expect(screen.queryByText('Financial assistance')).toBeNull();
    return;
  }
  const line = screen.getByText('Financial assistance').nextElementSibling?.textContent;
  expect(line).toBe(`−${formatUsd(help.financial_assistance)}`);
  expect(
    screen.getByText(
      `Northside Youth Baseball approved financial assistance of ${formatUsd(help.financial_assistance)}. It is taken off the dues below.`,
    ),
  ).toBeTruthy();
  // $450.00 dues + $25.00 app fee, less the award (a full award waives the app fee too: nothing is due).
  const total = screen.getByText('Total due').nextElementSibling?.textContent;
  expect(total).toBe(help.financial_assistance >= 45_000 ? '$0.00' : '$250.00');
}

/** The injury protection page, also while adding or removing it reloads the plans. */
function expectProtection(snapshot: Snapshot) {
  expect(heading('Injury Protection')).toBeTruthy();
  expect(screen.getByText(/a one-time payment due today/)).toBeTruthy();
  const toggle = screen.getByRole('button', { name: snapshot.context.includeProtection ? 'Added' : 'Add' });
  // Busy, it stays focusable (aria-disabled) so the focus never falls to <body>.
  expect(toggle.getAttribute('aria-disabled')).toBe(String(snapshot.hasTag('busy')));
}

/** Issue 32 point 2: the documents step's child, as the family uses it (the upload field of /payments). */
const documentsStepViews: Views<typeof familyDocumentsMachine> = {
  name: 'documents step driver',
  driver: {
    RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    UPLOAD: async (event, { user }) => {
      if (event.file !== null) await user.upload(screen.getByLabelText('Proof of age for Sam Rivera'), event.file);
      await user.click(screen.getByRole('button', { name: 'Upload the Proof of age of Sam Rivera' }));
    },
  },
  states: {
    'ready.idle': () => expect(screen.getByText('Not uploaded yet')).toBeTruthy(),
    'ready.uploaded': () => expect(screen.getByText('Thank you. The document is waiting for review.')).toBeTruthy(),
  },
};

const uiRun: UiRun<typeof paymentMachine> = {
  name: 'payment driver',
  render: ({ actor }) => render(<PaymentFlow actorRef={actor} />),
  driver,
  children: {
    cardPayment: cardPaymentViews,
    athleteSteps: addAthleteViews,
    householdCheckout: householdViews,
    familyDocuments: documentsStepViews,
    assistanceRequest: assistanceRequestViews,
  },
  timeout: 2000,
  states: {
    refreshingUser: ({ snapshot }) => {
      expect(heading('Payment Options')).toBeTruthy();
      expectPreviewBanner(snapshot);
    },
    loadingPlans: ({ snapshot }) => {
      // Issue 21: a resumed registration's first load (no plans yet) shows the loading text, whatever its step.
      if (snapshot.context.data === null) expect(screen.getByText('Loading your payment options…')).toBeTruthy();
      else if (snapshot.context.reloadFor === 'choosingPlan') expectPaymentOptions(snapshot);
      else if (snapshot.context.reloadFor === 'protection') expectProtection(snapshot);
      // Issue 19.3: a live update of the preview keeps checkout on screen while the plans reload.
      else if (snapshot.context.reloadFor === 'checkout') expect(heading('Checkout')).toBeTruthy();
      else expect(screen.getByText('Loading your payment options…')).toBeTruthy();
      expectPreviewBanner(snapshot);
    },
    waiverOnly: ({ snapshot }) => {
      expect(heading('Team Waiver')).toBeTruthy();
      expectWaiver(snapshot);
      const accept = screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement;
      expect(accept.disabled).toBe(!snapshot.context.waiverAgreed);
    },
    loadFailed: () => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not reach the server. Check your connection and try again.',
      );
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    pageError: ({ snapshot }) => {
      expect(screen.getByRole('alert').textContent).toBe(PAGE_ERROR);
      expectPreviewBanner(snapshot);
    },
    noSeason: ({ snapshot }) => {
      expect(screen.getByText(NO_SEASON)).toBeTruthy();
      expectPreviewBanner(snapshot);
    },
    choosingPlan: ({ snapshot }) => expectPaymentOptions(snapshot),
    protection: ({ snapshot }) => expectProtection(snapshot),
    checkout: ({ snapshot }) => {
      expect(heading('Checkout')).toBeTruthy();
      expectPreviewBanner(snapshot);
      expectWaiver(snapshot);
      // §5; a payment already charged is only recorded again, whatever the box says.
      // Issue 34 point 4: by check or cash, whatever the card form is doing (it needs none).
      const canPay =
        byCheckOrCash(snapshot) && !snapshot.matches({ checkout: 'preview' })
          ? snapshot.context.waiverAgreed
          : snapshot.matches({ checkout: 'ready' }) &&
            (snapshot.context.waiverAgreed || snapshot.context.paidCheckout !== null);
      expect(payNow().disabled).toBe(!canPay);
    },
    'checkout.preview': () => expect(screen.getByText(/Payments are turned off in the preview/)).toBeTruthy(),
    // Issue 34 point 4: by check or cash the card form is not needed, nor its unavailability shown.
    'checkout.unavailable': ({ snapshot }) =>
      byCheckOrCash(snapshot)
        ? expect(screen.queryByText(PAYMENTS_UNAVAILABLE)).toBeNull()
        : expect(screen.getByRole('alert').textContent).toBe(PAYMENTS_UNAVAILABLE),
    'checkout.ready.idle': () => {
      for (const text of [CHECKOUT_FALLBACK, FULL_DISCOUNT_CHECKOUT_FALLBACK, DECLINED, UNEXPECTED_CARD_ERROR]) {
        expect(screen.queryByText(text)).toBeNull();
      }
      // A Pay Now the billing schema refused shows why, at the field.
      const name = screen.queryByLabelText('Name on card');
      if (name instanceof HTMLInputElement && name.value === '') {
        expect(screen.getByText('Name on card is required.')).toBeTruthy();
      }
    },
    'checkout.ready': ({ snapshot }) => {
      // Issue 34 point 4: the choice only where the club accepts check or cash; chosen: its instructions, no card.
      expect(screen.queryByRole('group', { name: 'How will you pay?' }) !== null).toBe(checkOrCashOffered(snapshot));
      if (byCheckOrCash(snapshot)) {
        expect((screen.getByRole('radio', { name: 'Pay by check or cash' }) as HTMLInputElement).checked).toBe(true);
        expect(screen.getByRole('heading', { name: 'Instructions from Northside Youth Baseball' })).toBeTruthy();
        expect(screen.getByText(CASH_INSTRUCTIONS)).toBeTruthy();
        expect(screen.queryByLabelText('Card number')).toBeNull();
        expect(screen.queryByLabelText('Name on card')).toBeNull();
        expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
        return;
      }
      expect(screen.queryByRole('button', { name: 'Complete registration' })).toBeNull();
      if (checksOutWithoutCard(snapshot.context)) {
        expect(screen.getByText(/nothing is charged and no card is needed/)).toBeTruthy();
        expect(screen.queryByLabelText('Card number')).toBeNull();
      } else {
        expect(screen.getByLabelText('Card number')).toBeTruthy();
      }
    },
    'checkout.ready.message': ({ snapshot }) => {
      const held = snapshot.context.message ?? snapshot.context.error;
      const shown = held === null ? null : englishOf(held);
      expect([
        DECLINED,
        INCOMPLETE,
        UNEXPECTED_CARD_ERROR,
        PAYMENT_PROCESSING,
        PAYMENT_SOMETHING_WENT_WRONG,
        'The selected plan is not offered.',
        CHECKOUT_FALLBACK,
        FULL_DISCOUNT_CHECKOUT_FALLBACK,
        'This discount is no longer valid.',
        'Could not reach the server. Check your connection and try again.',
        CASH_REFUSED,
      ]).toContain(shown);
      expect(within(screen.getByRole('main')).getByText(shown ?? '?')).toBeTruthy();
    },
    paying: ({ snapshot }) => {
      // Pay Now keeps the checkout step on screen, the button disabled; a return shows its own notice.
      if (snapshot.context.returned !== null) return;
      expect(heading('Checkout')).toBeTruthy();
      expect(payNow().disabled).toBe(true);
    },
    // Issue 34 point 4: 'Complete registration' keeps checkout on screen while it is recorded, nothing payable.
    recordingCheckOrCash: () => {
      expect(heading('Checkout')).toBeTruthy();
      expect(screen.getByText(CASH_INSTRUCTIONS)).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Complete registration' }) as HTMLButtonElement).disabled).toBe(true);
    },
    // Issue 32 point 3: the changed waiver loads again with checkout on screen, nothing payable meanwhile.
    rereadingWaiver: () => {
      expect(heading('Checkout')).toBeTruthy();
      expect(payNow().disabled).toBe(true);
    },
    toClaimed: () => expect(screen.getByText('One moment…')).toBeTruthy(),
    // Issue 30 point 6: the children's code loading, and its failure with a retry.
    'addingAthlete.loading': () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
    'household.loading': () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
    'askingAssistance.loading': () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
    'askingAssistance.failed': () => {
      expect(screen.getByRole('alert').textContent).toBe(NETWORK_ERROR_MESSAGE);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    // Issue 34 point 1: the request is sent; the family may go back to the options (the request shows waiting).
    assistanceSent: () => {
      expect(heading('Request sent')).toBeTruthy();
      expect(
        screen.getByText('We sent your request to Northside Youth Baseball. We will e-mail you when they decide.'),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Back to payment options' })).toBeTruthy();
    },
    'addingAthlete.failed': () => {
      expect(screen.getByRole('alert').textContent).toBe(NETWORK_ERROR_MESSAGE);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    'household.failed': () => {
      expect(screen.getByRole('alert').textContent).toBe(NETWORK_ERROR_MESSAGE);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    // Issue 32 point 2: the documents step: its code loading (or not fetched), then the new membership's documents,
    // 'Upload later' until each is uploaded, then 'Continue'.
    'documents.loading': () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
    'documents.failed': () => {
      expect(screen.getByRole('alert').textContent).toBe(NETWORK_ERROR_MESSAGE);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    'documents.running': ({ snapshot }) => {
      expect(heading('Documents for 12U Sharks')).toBeTruthy();
      // 'Continue' once every document listed is uploaded (or verified), else 'Upload later'.
      const child = snapshot.children.familyDocuments?.getSnapshot();
      const listed = child !== undefined && !child.matches('loading') && !child.matches('failed');
      const complete = listed && child.context.documents.every((doc) => doc.status !== 'needed');
      expect(screen.getByRole('button', { name: complete ? 'Continue' : 'Upload later' })).toBeTruthy();
    },
  },
};

// The payment flow's paths through its household-checkout child differ mostly in payloads: see uiPaths.
runPaths({ model, uiRun, uiPaths: 'covering' });
runPaths({
  model: draftModel,
  uiRun: {
    ...uiRun,
    name: 'draft preview driver',
    // The preview never pays: no card payment runs.
    children: {},
    render: ({ actor }) => render(<PaymentFlow actorRef={actor} preview />),
  },
});

// Issue 21 point 5: every reachable state of /payment restores from its persisted snapshot to the same screen, and
// what the site saves of it carries no card or secret (model-tests/resume-restore.ts).
describeRestoring({
  flow: 'payment',
  model,
  machine: paymentPageMachine,
  versionOf: [paymentMachine],
  view: (snapshot: AnyMachineSnapshot) => {
    const screen = paymentScreenOf(snapshot);
    return {
      screen,
      options: screen === 'choosingPlan' ? paymentOptionsView(snapshot) : null,
      protection: screen === 'protection' ? protectionView(snapshot) : null,
      checkout: screen === 'checkout' ? checkoutView(snapshot) : null,
      waiverOnly: screen === 'waiverOnly' ? waiverOnlyView(snapshot) : null,
      text: pageTextOf(snapshot),
    };
  },
});
