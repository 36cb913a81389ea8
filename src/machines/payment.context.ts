/**
 * What payment.machine.ts works on: its input, context, events and exits, and the rules it reads from its context
 * (the plans on offer, protection, the checkout to send, where a paid payer goes). Money never leaves src/domain:
 * these call its fee functions on the parsed payment data (cents). Views reach these through payment.connect.ts.
 */
import type { CheckoutSuccessRequest } from '../api/memberships';
import type { PaymentData, Receipt, User } from '../api/schemas';
import { type ClientDiscount, isFullDiscount, offeredPlans } from '../domain/fees';
import { isValidForm } from '../domain/form-schema';
import { type BillingForm, paymentBillingSchema } from '../domain/forms/payment-billing';
import type { CheckoutParams, ReturnedPayment } from '../domain/payment-return';
import { canCheckout } from '../domain/payment-rules';
import type { BillingDetails, CardFormHandle, CardPayments } from '../providers/card-payments/types';
import type {
  DraftChannelEvent,
  DraftChannelInput,
  DraftFollowed,
  DraftUpdated,
} from '../providers/realtime/draft-channel.actor';
import type { CardPaymentInput } from './card-payment.machine';

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
}

/** Where the flow leads once it is done; the route navigates there. */
export type PaymentDestination =
  | { to: '/licenses/$license'; params: { license: string }; search: { claimed_registration: true } }
  | { to: '/register'; search: { step: 2; license?: string; is_team_license: true } }
  | { to: '/login'; search: { step: 3; license?: string } }
  | { to: '/dashboard' };

/** The step a plan reload returns to (null: a first load, which may also end in 'no season'). */
export type ReloadStep = 'choosingPlan' | 'protection' | null;

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
  discountError: string | null;
  includeProtection: boolean;
  selectedPlanMonth: number | null;
  reloadFor: ReloadStep;
  waiverAgreed: boolean;
  /** §5: 'You must agree…' shows only once the box was ticked and unticked again. */
  waiverTouched: boolean;
  cardPayments: CardPayments | null;
  card: CardFormHandle | null;
  billing: BillingDetails | null;
  /** The checkout being paid, fixed when Pay Now is pressed. */
  checkout: CheckoutParams | null;
  /** Set once the card payment succeeded: a later attempt records it again instead of charging again. */
  paidCheckout: CheckoutSuccessRequest | null;
  /** A payment message (§8: card, provider), shown until it times out. */
  message: string | null;
  /** A load or checkout failure (§8), shown until the next attempt (a checkout failure also times out). */
  error: string | null;
  /** What the payment just made confirms (issue 15), shown before the payer goes on. */
  receipt: Receipt | null;
  /** The payment just made was a second one for a team already paid, and was given back: the confirmation says so. */
  refunded: boolean;
}

/** The context a flow starts with. */
export function initialContext(input: PaymentInput): PaymentContext {
  return {
    draftId: input.draftId ?? null,
    user: input.user ?? null,
    returned: input.returned ?? null,
    returnUrl: input.returnUrl ?? '/payment',
    data: input.plans ?? null,
    discount: null,
    pendingCode: null,
    discountError: null,
    includeProtection: false,
    selectedPlanMonth: null,
    reloadFor: null,
    waiverAgreed: false,
    waiverTouched: false,
    cardPayments: null,
    card: null,
    billing: null,
    checkout: null,
    paidCheckout: null,
    message: null,
    error: null,
    receipt: null,
    refunded: false,
  };
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
  /** The payment confirmation's Continue. */
  | { type: 'CONTINUE' }
  | { type: 'RETRY' }
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

/** §4/§9 full discount for the applied discount and the loaded team. */
export function fullDiscountOf(context: Pick<PaymentContext, 'data' | 'discount'>): boolean {
  const team = context.data?.team ?? null;
  return team !== null && isFullDiscount(context.discount, team);
}

/** The plans the payer may choose from (§4: a full discount collapses them to the first). */
export function offeredPlansOf(context: Pick<PaymentContext, 'data' | 'discount'>) {
  return offeredPlans(context.data?.payment_plans ?? [], fullDiscountOf(context));
}

/**
 * §4: the injury protection page shows when the team has a protection plan. Not with a full discount, though: that
 * checks out without card payment, and protection is a payment due today.
 */
export function protectionOffered(context: Pick<PaymentContext, 'data' | 'discount'>): boolean {
  return (context.data?.injury_protection_insurance ?? null) !== null && !fullDiscountOf(context);
}

/** The protection plan is added only when the payer added it and it is offered. */
export function protectionIncluded(context: PlanChoice): boolean {
  return context.includeProtection && protectionOffered(context);
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

/** §5: Pay needs a team, the waiver signed when there is one, and a chosen plan. */
export function canPayNow(context: PaymentContext): boolean {
  return canCheckout(context.data?.team ?? null, context.waiverAgreed) && checkoutParamsOf(context) !== null;
}

/** Spec §5 billing: the same schema that gives the form its field errors (payment-billing.ts). */
export function validBilling(billing: BillingForm | null): boolean {
  return billing !== null && isValidForm(paymentBillingSchema, billing);
}

/** The card payment's input: the payment Pay Now fixed, or the return from the provider. */
export function cardPaymentInput(context: PaymentContext): CardPaymentInput {
  return {
    checkout: context.checkout,
    free: fullDiscountOf(context),
    card: context.card,
    billing: context.billing,
    returnUrl: context.returnUrl,
    paidCheckout: context.paidCheckout,
    returned: context.returned,
  };
}

export function licenceCode(context: PaymentContext): string | undefined {
  return context.user?.license?.license_code ?? undefined;
}

/** §4: once checked out the payer goes to the claimed page (the licence's), else to the account page. */
export function claimedDestination(context: PaymentContext): PaymentDestination {
  const license = licenceCode(context);
  return license === undefined
    ? { to: '/dashboard' }
    : { to: '/licenses/$license', params: { license }, search: { claimed_registration: true } };
}

/** §2: Back from step 1: /register (step 2, is_team_license) for a new user, else /login step 3; with the licence. */
export function backDestination(context: PaymentContext, to: '/register' | '/login'): PaymentDestination {
  const license = licenceCode(context);
  const withLicence = license === undefined ? {} : { license };
  return to === '/register'
    ? { to, search: { step: 2, is_team_license: true, ...withLicence } }
    : { to, search: { step: 3, ...withLicence } };
}

/** The machine's output is its final state's: one of the destinations above (xstate types it unknown). */
export function isPaymentDestination(value: unknown): value is PaymentDestination {
  return typeof value === 'object' && value !== null && 'to' in value;
}
