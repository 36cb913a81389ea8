/**
 * What payment.machine.ts works on: its input, context, events and exits, and the rules it reads from its context
 * (the plans on offer, protection, the checkout to send, where a paid payer goes). Money never leaves src/domain:
 * these call its fee functions on the parsed payment data (cents). Views reach these through payment.connect.ts.
 */
import type { AwaitingPayment } from '../api/help-paying.schemas';
import type { HouseholdAwaiting, HouseholdReceipt } from '../api/household.schemas';
import type { CheckoutSuccessRequest } from '../api/memberships';
import type { PaymentData } from '../api/payment-data.schemas';
import type { Receipt, User } from '../api/schemas';
import { hasSeasonStarted } from '../domain/dates';
import { type ClientDiscount, isFullDiscount, offeredPlans } from '../domain/fees';
import { isValidForm } from '../domain/form-schema';
import { type BillingForm, paymentBillingSchema } from '../domain/forms/payment-billing';
import { isFullAward } from '../domain/help-paying';
import type { CheckoutParams, ReturnedPayment } from '../domain/payment-return';
import { canCheckout, hasWaiverText } from '../domain/payment-rules';
import type { BillingDetails, CardFormHandle, CardPayments } from '../providers/card-payments/types';
import type {
  DraftChannelEvent,
  DraftChannelInput,
  DraftFollowed,
  DraftUpdated,
} from '../providers/realtime/draft-channel.actor';
import type { AssistanceRequestInput } from './assistance-request.machine';
import type { AthleteStepsOutput } from './athlete-steps.machine';
import type { CardPaymentInput, CardReceipt, CardRecord } from './card-payment.machine';
import {
  type HouseholdAthlete,
  type HouseholdCheckoutExit,
  type HouseholdCheckoutInput,
  newCheckoutKey,
} from './household-checkout.context';
import { CARD_TEXTS, type ShownText } from './payment-texts';

/** A new family checkout's key (made once per checkout, docs/api.md). */
export const newHouseholdKey = newCheckoutKey;

export interface PaymentInput {
  /** The draft preview (/draft?draft_id=, draft-preview.ts): the draft whose plans are shown. */
  draftId?: number | null;
  /** /payment: the stored current user when the page opened. */
  user?: User | null;
  /** /payment: set when the payer comes back from the card provider (3-D Secure). */
  returned?: ReturnedPayment | null;
  /** Absolute URL of /payment, where the card provider brings the payer back. */
  returnUrl?: string;
  /**
   * The draft preview: the draft's payment data the server rendered the page with (issue 14), so the preview starts
   * at the plans without asking again.
   */
  plans?: PaymentData | null;
  /**
   * Issue 20 point 6: the family checkout this tab kept for the intent the payer came back with
   * (session/household-checkout.ts); set only with `returned`.
   */
  householdCheckoutId?: string | number | null;
  /** Issue 21: a saved registration resumed on this page (src/session/progress.ts); null or absent: none. */
  resume?: PaymentResume | null;
}

/**
 * Issue 21: the step and choices a resumed registration starts with. They are not trusted: the status is checked,
 * the discount code looked up and the plans loaded again as usual, and the payer lands on the step only while the
 * plan is still offered (plansLoaded's `reloadedFor` guards), else on step 1 (a refused code shows its error there).
 */
export interface PaymentResume {
  step: 'choosingPlan' | 'protection' | 'checkout';
  planMonth: number | null;
  includeProtection: boolean;
  discountCode: string | null;
}

/**
 * What a successful payment confirms (issue 15), shown at the top of the claimed page (issue 19.1): the receipt the
 * server answered (null when the payment was refunded), whether it was refunded as a second payment for a team
 * already paid, and whether the payer came back from the card provider (3-D Secure: §8 'Payment succeeded!').
 */
export interface PaymentConfirmation {
  readonly receipt: Receipt | null;
  readonly refunded: boolean;
  readonly afterReturn: boolean;
  /** Issue 20: the family checkout's receipt (every athlete), null for a one-athlete payment. */
  readonly household?: HouseholdReceipt | null | undefined;
  /** Issue 34 point 4: a registration by check or cash, 'Awaiting payment' with the club's instructions. */
  readonly awaiting?: AwaitingPayment | null | undefined;
  /** Issue 34 point 4: a family checkout by check or cash: every athlete 'Awaiting payment'. */
  readonly householdAwaiting?: HouseholdAwaiting | null | undefined;
}

/**
 * Where the flow leads once it is done; the route navigates there. The claimed page carries the confirmation of the
 * payment just made (null when there is nothing new to confirm): the route hands it over in memory, never in the URL.
 */
export type PaymentDestination =
  | {
      to: '/licenses/$license';
      params: { license: string };
      search: { claimed_registration: true };
      confirmation: PaymentConfirmation | null;
    }
  | { to: '/register'; search: { step: 2; license?: string; is_team_license: true } }
  | { to: '/login'; search: { step: 3; license?: string } }
  | { to: '/dashboard' };

/** The step a plan reload returns to (null: a first load, which may also end in 'no season'). */
export type ReloadStep = 'choosingPlan' | 'protection' | 'checkout' | null;

export interface PaymentContext {
  draftId: number | null;
  user: User | null;
  /** The return from the card provider, until the card payment has handled it. */
  returned: ReturnedPayment | null;
  returnUrl: string;
  /** The latest payment data (team, season, protection plan, plans), money in cents. */
  data: PaymentData | null;
  /** The applied discount (§3 client discount); null when none. */
  discount: ClientDiscount | null;
  /** The code being looked up. */
  pendingCode: string | null;
  /** Why the code was refused: the server's text, or 'Code not found.' (a catalogue message). */
  discountError: ShownText | null;
  includeProtection: boolean;
  selectedPlanMonth: number | null;
  reloadFor: ReloadStep;
  waiverAgreed: boolean;
  /** §5: 'You must agree…' shows only once the box was ticked and unticked again. */
  waiverTouched: boolean;
  /**
   * Issue 32 point 3: Pay Now was refused because the waiver changed since it was shown: the server's text ('The
   * waiver has changed since you read it…'), shown with the new text until the family agrees again; null otherwise.
   */
  waiverNotice: string | null;
  cardPayments: CardPayments | null;
  card: CardFormHandle | null;
  billing: BillingDetails | null;
  /** The checkout being paid, fixed when Pay Now is pressed. */
  checkout: CheckoutParams | null;
  /** Set once the card payment succeeded: a later attempt records it again instead of charging again. */
  paidCheckout: CheckoutSuccessRequest | null;
  /** A payment message (§8: card, provider), shown until it times out: a catalogue message or the provider's text. */
  message: ShownText | null;
  /**
   * A load or checkout failure (§8), shown until the next attempt (a checkout failure also times out): the server's
   * text or a catalogue message.
   */
  error: ShownText | null;
  /** What the payment just made confirms (issue 15); the claimed page shows it (issue 19.1). */
  confirmation: PaymentConfirmation | null;
  /** §9/§4: whether the season had started when the plans were loaded (the payment options display it). */
  seasonStarted: boolean;
  /** Issue 20: the athletes of the family checkout once 'Add another athlete' added one; null: one athlete. */
  household: { athletes: readonly HouseholdAthlete[]; checkoutKey: string } | null;
  /** Issue 20 point 6: the family checkout a 3-D Secure return belongs to. */
  householdCheckoutId: string | number | null;
  /** Where the flow leaves to, set on entering a final state; the machine's output (flow-exit.ts). */
  exit: PaymentDestination | null;
  /** Issue 34 point 4: how step 2 pays: by card (always), or by check or cash where the club accepts it. */
  paymentMethod: PaymentMethod;
}

export type PaymentMethod = 'card' | 'check_or_cash';

/** The context a flow starts with. */
export function initialContext(input: PaymentInput): PaymentContext {
  return {
    draftId: input.draftId ?? null,
    user: input.user ?? null,
    returned: input.returned ?? null,
    returnUrl: input.returnUrl ?? '/payment',
    data: input.plans ?? null,
    seasonStarted: seasonStartedOf(input.plans ?? null, new Date()),
    discount: null,
    // Issue 21: a resumed code is looked up again before the plans load (the state `resumingDiscount`).
    pendingCode: input.resume?.discountCode ?? null,
    discountError: null,
    includeProtection: input.resume?.includeProtection ?? false,
    selectedPlanMonth: input.resume?.planMonth ?? null,
    reloadFor: input.resume?.step ?? null,
    waiverAgreed: false,
    waiverTouched: false,
    waiverNotice: null,
    cardPayments: null,
    card: null,
    billing: null,
    checkout: null,
    paidCheckout: null,
    message: null,
    error: null,
    confirmation: null,
    household: null,
    householdCheckoutId: input.returned == null ? null : (input.householdCheckoutId ?? null),
    exit: null,
    paymentMethod: 'card',
  };
}

/** §4: whether the season of the payment data has started at `now` (its start date at or before now). */
export function seasonStartedOf(data: PaymentData | null, now: Date): boolean {
  const season = data?.season ?? null;
  return season !== null && hasSeasonStarted(season.start_date, now);
}

// The draft channel's own types (src/providers/realtime/draft-channel.actor.ts): DRAFT_UPDATED reloads the preview.
export type { DraftChannelEvent, DraftChannelInput, DraftFollowed, DraftUpdated };

export type PaymentEvent =
  | { type: 'SELECT_PLAN'; month: number }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'APPLY_DISCOUNT'; code: string }
  | { type: 'TOGGLE_PROTECTION' }
  | { type: 'AGREE_WAIVER'; agreed: boolean }
  /** Pay Now: the billing form's values (null with a full discount, which needs none) and the mounted card form. */
  | { type: 'PAY'; billing: BillingForm | null; card: CardFormHandle | null }
  | { type: 'ACCEPT' }
  | { type: 'RETRY' }
  /** Issue 20 point 1: 'Add another athlete' on step 1 (a guardian's session only). */
  | { type: 'ADD_ATHLETE' }
  /** Issue 32 point 2: 'Continue' (or 'Upload later') on the registration's documents step. */
  | { type: 'FINISH_DOCUMENTS' }
  /** Issue 34 point 1: 'Need help paying?' on step 1 (where the organization offers financial assistance). */
  | { type: 'ASK_ASSISTANCE' }
  /** Issue 34 point 4: step 2's choice between the card and 'Pay by check or cash' (where the club accepts it). */
  | { type: 'CHOOSE_PAYMENT_METHOD'; method: PaymentMethod }
  | DraftUpdated
  | DraftFollowed;

export type PayEvent = Extract<PaymentEvent, { type: 'PAY' }>;

/** What the plans actor is asked for: the draft (preview only), the discount and the protection plan. */
export interface PlansRequest {
  draftId: number | null;
  discountCode: string | null;
  includeProtection: boolean;
}

export function plansRequest(context: PaymentContext): PlansRequest {
  return {
    draftId: context.draftId,
    discountCode: context.discount?.code ?? null,
    includeProtection: context.includeProtection,
  };
}

/** What the plan rules read: the payment data, the discount and the payer's choices. */
export type PlanChoice = Pick<PaymentContext, 'data' | 'discount' | 'includeProtection' | 'selectedPlanMonth'>;

/**
 * §4/§9 full discount for the applied discount and the loaded team; issue 34 point 3: an approved financial
 * assistance that leaves nothing of the dues follows the same path (waiver only, nothing charged).
 */
export function fullDiscountOf(context: Pick<PaymentContext, 'data' | 'discount'>): boolean {
  const team = context.data?.team ?? null;
  return (
    team !== null && (isFullDiscount(context.discount, team) || isFullAward(team, context.discount, awardOf(context)))
  );
}

/** Issue 34 point 3: the approved financial assistance the server took off the dues, cents (0: none). */
export function awardOf(context: Pick<PaymentContext, 'data'>): number {
  return context.data?.help_paying?.financial_assistance ?? 0;
}

/** Issue 34 point 1: 'Need help paying?' is offered: the organization offers assistance, no request this season. */
export function offersAssistanceOf(context: Pick<PaymentContext, 'data'>): boolean {
  const help = context.data?.help_paying ?? null;
  return help !== null && help.offers_assistance && help.assistance_request === null && context.data?.team != null;
}

/** What step 2 shows of paying by check or cash: the club and its instructions. */
export interface CheckOrCashOffer {
  readonly organization: string;
  readonly instructions: string;
}

/**
 * Issue 34 point 4: the club's check-or-cash offer where the page's organization accepts it (the payment data's
 * `help_paying`), null otherwise; the one-athlete step 2 and the family checkout both start from it.
 */
export function clubCheckOrCashOf(context: Pick<PaymentContext, 'data'>): CheckOrCashOffer | null {
  const help = context.data?.help_paying ?? null;
  if (help === null || !help.accepts_check_or_cash) return null;
  return { organization: help.organization.name, instructions: help.check_or_cash_instructions ?? '' };
}

/** Issue 34 point 1: the request form's input: the payment page's team and its organization. */
export function assistanceInput(context: Pick<PaymentContext, 'data' | 'user'>): AssistanceRequestInput {
  return {
    teamId: context.data?.team?.id ?? 0,
    organization: context.data?.help_paying?.organization.name ?? context.user?.license?.organization?.name ?? '',
  };
}

/** The plans the payer may choose from (§4: a full discount collapses them to the first). */
export function offeredPlansOf(context: Pick<PaymentContext, 'data' | 'discount'>) {
  return offeredPlans(context.data?.payment_plans ?? [], fullDiscountOf(context));
}

/**
 * §4: 'then the injury protection page if the plan exists': whenever the team has a protection plan, under a full
 * discount too. Protection is a one-time payment due today, so a full discount with protection added is paid by card
 * (see `checksOutWithoutCard`).
 */
export function protectionOffered(context: Pick<PaymentContext, 'data'>): boolean {
  return (context.data?.injury_protection_insurance ?? null) !== null;
}

/** The protection plan is added only when the payer added it and it is offered. */
export function protectionIncluded(context: PlanChoice): boolean {
  return context.includeProtection && protectionOffered(context);
}

/**
 * §4: a full discount checks out without card payment, as long as nothing is due today: injury protection added
 * under it is a payment due today, paid by card like any other.
 */
export function checksOutWithoutCard(context: PlanChoice): boolean {
  return fullDiscountOf(context) && !protectionIncluded(context);
}

/** The plan the payer chose, when it is still offered. */
export function selectedPlanOf(context: PlanChoice) {
  return offeredPlansOf(context).find((plan) => plan.month === context.selectedPlanMonth) ?? null;
}

export function checkoutParamsOf(context: PaymentContext): CheckoutParams | null {
  const team = context.data?.team ?? null;
  if (team === null || context.selectedPlanMonth === null) return null;
  return {
    payment_plan_month: context.selectedPlanMonth,
    team_id: team.id,
    discount_code: context.discount?.code ?? null,
    include_payment_protection_plan: protectionIncluded(context),
  };
}

/**
 * Issue 32 point 3: the version of the waiver the checkout step shows, sent with Pay Now as `waiver_version` (none
 * without a waiver, or from a server that sends no version: the server then records the version current at Pay Now).
 */
export function shownWaiverVersionOf(context: Pick<PaymentContext, 'data'>): { waiver_version?: number } {
  const team = context.data?.team ?? null;
  if (team === null || !hasWaiverText(team.waiver) || team.waiver_version === undefined) return {};
  return { waiver_version: team.waiver_version };
}

/** §5: Pay needs a team, the waiver signed when there is one, and a chosen plan. */
export function canPayNow(context: PaymentContext): boolean {
  return canCheckout(context.data?.team ?? null, context.waiverAgreed) && checkoutParamsOf(context) !== null;
}

/** Spec §5 billing: the same schema that gives the form its field errors (payment-billing.ts). */
export function validBilling(billing: BillingForm | null): boolean {
  return billing !== null && isValidForm(paymentBillingSchema, billing);
}

/**
 * The card payment's input: the payment Pay Now fixed, or the return from the provider. §8: a card checkout fails with 'Something went wrong', a full-discount one with
 * 'Something went wrong.'.
 */
export function cardPaymentInput(context: PaymentContext): CardPaymentInput {
  const free = checksOutWithoutCard(context);
  const fallback = free ? CARD_TEXTS.somethingWentWrongDot : CARD_TEXTS.somethingWentWrong;
  return {
    // Issue 32 point 3: with the version of the waiver shown (the one the family agreed to).
    checkout: context.checkout === null ? null : { ...context.checkout, ...shownWaiverVersionOf(context) },
    free,
    card: context.card,
    billing: context.billing,
    returnUrl: context.returnUrl,
    paidCheckout: context.paidCheckout,
    returned: context.returned,
    checkoutId: null,
    fallbacks: { noIntent: fallback, failure: fallback },
  };
}

/** One athlete's receipt of what the card payment confirmed (the spec's calls answer no other). */
export function athleteReceiptOf(receipt: CardReceipt | null): Receipt | null {
  return receipt !== null && 'team_name' in receipt ? receipt : null;
}

/** One athlete's checkout-success of a charge not recorded yet (the spec's calls make no other). */
export function athleteRecordOf(record: CardRecord | null): CheckoutSuccessRequest | null {
  return record !== null && 'team_id' in record ? record : null;
}

export function licenceCode(context: PaymentContext): string | undefined {
  return context.user?.license?.license_code ?? undefined;
}

/**
 * §4: once checked out the payer goes to the claimed page (the licence's) with what the payment confirms, else to
 * the account page.
 */
export function claimedDestination(context: PaymentContext): PaymentDestination {
  const license = licenceCode(context);
  return license === undefined
    ? { to: '/dashboard' }
    : {
        to: '/licenses/$license',
        params: { license },
        search: { claimed_registration: true },
        confirmation: context.confirmation,
      };
}

/** §2: Back from step 1: /register (step 2, is_team_license) for a new user, else /login step 3; with the licence. */
export function backDestination(context: PaymentContext, to: '/register' | '/login'): PaymentDestination {
  const license = licenceCode(context);
  const withLicence = license === undefined ? {} : { license };
  return to === '/register'
    ? { to, search: { step: 2, is_team_license: true, ...withLicence } }
    : { to, search: { step: 3, ...withLicence } };
}

/**
 * The exit of the final state the flow enters, built from what it knows then. Final states name only the
 * destination (static params), so a structural walk of the machine (npm run paths:to) never runs this on a context
 * it did not fill in.
 */
export function exitTo(context: PaymentContext, to: PaymentDestination['to']): PaymentDestination {
  switch (to) {
    case '/licenses/$license':
      return claimedDestination(context);
    case '/register':
    case '/login':
      return backDestination(context, to);
    case '/dashboard':
      return { to };
  }
}

/**
 * What a successful card payment confirms: its receipt, or that it was refunded; null when the server recorded
 * nothing new (a team paid already, from another tab or a repeated Pay Now).
 */
export function confirmationOf(
  paid: { receipt: CardReceipt | null; refunded: boolean },
  context: Pick<PaymentContext, 'returned'>,
): PaymentConfirmation | null {
  const receipt = athleteReceiptOf(paid.receipt);
  if (receipt === null && !paid.refunded) return null;
  return {
    receipt: paid.refunded ? null : receipt,
    refunded: paid.refunded,
    afterReturn: context.returned !== null,
    household: null,
  };
}

/**
 * Issue 20 point 1: 'Add another athlete' is a guardian's, on the payment page of one of their athletes: the payment
 * data names the athlete paid for, who is not the logged-in user (an athlete's own login pays for itself), and the
 * page has a licence to claim for the added athlete. Never on the draft preview (its guard says so first).
 */
export function canAddAthleteOf(context: PaymentContext): boolean {
  const athlete = context.data?.athlete ?? null;
  const user = context.user;
  return (
    athlete !== null &&
    user !== null &&
    !user.is_coach &&
    athlete.id !== user.id &&
    licenceCode(context) !== undefined &&
    context.data?.team != null
  );
}

/** The athlete the athlete steps added, when it is another than the payment page's. */
export function addedAthleteOf(context: PaymentContext, output: AthleteStepsOutput): HouseholdAthlete | null {
  if (output.exit !== 'continue' || output.athlete === null) return null;
  const first = context.data?.athlete ?? null;
  if (first === null || output.athlete.user_id === first.id) return null;
  return { id: output.athlete.user_id, name: output.athlete.name };
}

/** The family checkout's input: the payment page's athlete and the added ones, or the 3-D Secure return. */
export function householdInput(context: PaymentContext): HouseholdCheckoutInput {
  const returned =
    context.returned !== null && context.householdCheckoutId !== null
      ? { payment: context.returned, checkoutId: context.householdCheckoutId }
      : null;
  return {
    athletes: context.household?.athletes ?? [],
    license: licenceCode(context) ?? null,
    user: context.user,
    returnUrl: context.returnUrl,
    returned,
    checkoutKey: context.household?.checkoutKey ?? 'return-checkout',
    checkOrCash: clubCheckOrCashOf(context),
  };
}

/** What a family payment confirms: every athlete's lines (or that it was refunded); null when nothing new. */
export function householdConfirmationOf(
  paid: Extract<HouseholdCheckoutExit, { exit: 'paid' }>,
): PaymentConfirmation | null {
  // Issue 34 point 4: by check or cash: every athlete 'Awaiting payment' with the club's instructions.
  if (paid.awaiting)
    return { receipt: null, refunded: false, afterReturn: false, household: null, householdAwaiting: paid.awaiting };
  if (paid.receipt === null && !paid.refunded) return null;
  return { receipt: null, refunded: paid.refunded, afterReturn: paid.afterReturn, household: paid.receipt };
}
