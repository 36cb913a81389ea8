/**
 * What household-checkout.machine.ts works on (issue 20 points 1, 2, 6): its input, context, events and exits, and
 * the rules it reads from its context. Every figure comes from the server's quote (the site never computes a family
 * amount); views reach these through household-checkout.connect.ts.
 */
import { ApiError } from '../api/errors';
import type { HouseholdCheckoutSuccessRequest, HouseholdLine } from '../api/household';
import type { HouseholdAwaiting, HouseholdReceipt, Quote, QuoteLine } from '../api/household.schemas';
import type { User } from '../api/schemas';
import { isValidForm } from '../domain/form-schema';
import { type BillingForm, paymentBillingSchema } from '../domain/forms/payment-billing';
import type { ReturnedPayment } from '../domain/payment-return';
import type { BillingDetails, CardFormHandle, CardPayments } from '../providers/card-payments/types';
import type { CardPaymentExit, CardPaymentInput, CardReceipt, CardRecord } from './card-payment.machine';
import type { CheckOrCashOffer, PaymentMethod } from './payment.context';
import { CARD_TEXTS, PAYMENT_TEXTS, type ShownText } from './payment-texts';

/** At most this many athletes in one checkout (docs/api.md: 1..8 lines). */
export const MAX_HOUSEHOLD_ATHLETES = 8;

/** One athlete of the checkout as the site knows it before the quote names it. */
export interface HouseholdAthlete {
  readonly id: number;
  readonly name: string;
}

export interface HouseholdCheckoutInput {
  /** The athletes of the checkout, in order (the payment page's athlete first). */
  athletes: readonly HouseholdAthlete[];
  /** The payment page's licence: 'Add another athlete' claims it for the added athlete. */
  license: string | null;
  /** The logged-in guardian (the billing form starts from them). */
  user: User | null;
  /** Absolute URL of /payment, where the card provider brings the payer back. */
  returnUrl: string;
  /** Back from the card provider (3-D Secure) with the checkout this tab kept (session/household-checkout.ts). */
  returned: { payment: ReturnedPayment; checkoutId: string | number } | null;
  /** Made once per checkout (8..64 of [A-Za-z0-9_-]): the server reuses the open intent for the same key and lines. */
  checkoutKey: string;
  /**
   * Issue 34 point 4: the club's check-or-cash offer (the payment page's organization, the checkout's one): step 2
   * offers 'Pay by check or cash' beside the card; null or absent: the card only, as before.
   */
  checkOrCash?: CheckOrCashOffer | null;
}

/** How the family checkout ends; the payment flow decides where each leads. */
export type HouseholdCheckoutExit =
  | {
      exit: 'paid';
      receipt: HouseholdReceipt | null;
      refunded: boolean;
      afterReturn: boolean;
      /** Issue 34 point 4: recorded by check or cash (absent for a card or a full discount). */
      awaiting?: HouseholdAwaiting;
    }
  | { exit: 'back' }
  | { exit: 'retry' };

export interface HouseholdCheckoutContext {
  readonly license: string | null;
  readonly user: User | null;
  readonly returnUrl: string;
  readonly checkoutKey: string;
  /** The names of the athletes, until (and beside) the quote. */
  athletes: readonly HouseholdAthlete[];
  /** What is quoted and paid: one line per athlete, in order. */
  lines: readonly HouseholdLine[];
  /** The code the last quote accepted. */
  discountCode: string | null;
  /** A code sent with the quote under way, applied once the server accepts it. */
  pendingCode: string | null;
  /** The server's text for a refused code. */
  codeError: string | null;
  quote: Quote | null;
  /**
   * Per athlete id, what the server said at Pay Now (409), shown beside that athlete: its text, or 'Sorry, this
   * license is not available.' (a catalogue message) when it gave none.
   */
  problems: Readonly<Record<string, ShownText>>;
  /** Organizations whose waiver is agreed, and those whose box was ticked at least once (§5). */
  agreedWaivers: readonly number[];
  touchedWaivers: readonly number[];
  /**
   * Issue 32 point 3: Pay Now was refused because a waiver changed since it was shown: the server's text, shown with
   * the new text of every waiver not agreed again yet; null otherwise.
   */
  waiverNotice: string | null;
  cardPayments: CardPayments | null;
  /** The card form and billing details Pay Now fixed, handed to the card payment. */
  card: CardFormHandle | null;
  billing: BillingDetails | null;
  /** The checkout a 3-D Secure return pays (this tab kept it), handed to the card payment. */
  checkoutId: string | number | null;
  /** Charged but not recorded: the next attempt records it, never charges again. */
  paidIntent: HouseholdCheckoutSuccessRequest | null;
  returned: ReturnedPayment | null;
  receipt: HouseholdReceipt | null;
  refunded: boolean;
  /** A card or provider message (§8), shown until it times out: a catalogue message or the provider's text. */
  message: ShownText | null;
  /** A load or checkout failure (§8): the server's text or a catalogue message. */
  error: ShownText | null;
  /** The athlete added last (the one a cross-organization quote refuses), null when none was added here. */
  lastAdded: number | null;
  /** Why the last added athlete was taken out again (the server's text of the quote's 422 on `athletes`). */
  notice: string | null;
  /** Issue 30 point 4: the athlete 'Remove' took out, whose held seat the next quote gives back first. */
  releasing: number | null;
  exit: HouseholdCheckoutExit | null;
  /** Issue 34 point 4: the club's check-or-cash offer, null where it is not; how step 2 pays; what it recorded. */
  readonly checkOrCash: CheckOrCashOffer | null;
  paymentMethod: PaymentMethod;
  awaiting: HouseholdAwaiting | null;
}

export function initialHouseholdContext(input: HouseholdCheckoutInput): HouseholdCheckoutContext {
  return {
    license: input.license,
    user: input.user,
    returnUrl: input.returnUrl,
    checkoutKey: input.checkoutKey,
    athletes: input.athletes,
    lines: input.athletes.map((athlete) => ({
      athlete_id: athlete.id,
      payment_plan_month: null,
      include_payment_protection_plan: false,
    })),
    discountCode: null,
    pendingCode: null,
    codeError: null,
    quote: null,
    problems: {},
    agreedWaivers: [],
    touchedWaivers: [],
    waiverNotice: null,
    cardPayments: null,
    card: null,
    billing: null,
    checkoutId: input.returned?.checkoutId ?? null,
    paidIntent: null,
    returned: input.returned?.payment ?? null,
    receipt: null,
    refunded: false,
    message: null,
    error: null,
    // The payment page starts the checkout with its athlete and the one just added.
    lastAdded: input.athletes.length > 1 ? (input.athletes.at(-1)?.id ?? null) : null,
    notice: null,
    releasing: null,
    exit: null,
    checkOrCash: input.checkOrCash ?? null,
    paymentMethod: 'card',
    awaiting: null,
  };
}

export type HouseholdCheckoutEvent =
  | { type: 'SELECT_PLAN'; athleteId: number; month: number }
  | { type: 'TOGGLE_PROTECTION'; athleteId: number }
  | { type: 'REMOVE_ATHLETE'; athleteId: number }
  | { type: 'APPLY_DISCOUNT'; code: string }
  | { type: 'ADD_ATHLETE' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'CONTINUE' }
  | { type: 'AGREE_WAIVER'; organizationId: number; agreed: boolean }
  /** Issue 34 point 4: 'Pay by card' or 'Pay by check or cash' on step 2 (where the club accepts it). */
  | { type: 'CHOOSE_PAYMENT_METHOD'; method: PaymentMethod }
  /** Pay Now: the billing form's values (null when nothing is charged) and the mounted card form. */
  | { type: 'PAY'; billing: BillingForm | null; card: CardFormHandle | null };

export type HouseholdPayEvent = Extract<HouseholdCheckoutEvent, { type: 'PAY' }>;

/** The quote's line of an athlete, when quoted. */
export function quoteLineOf(context: Pick<HouseholdCheckoutContext, 'quote'>, athleteId: number): QuoteLine | null {
  return context.quote?.athletes.find((line) => line.athlete_id === athleteId) ?? null;
}

export function planOffered(context: HouseholdCheckoutContext, athleteId: number, month: number): boolean {
  return quoteLineOf(context, athleteId)?.payment_plans.some((plan) => plan.month === month) ?? false;
}

export function protectionOffered(context: HouseholdCheckoutContext, athleteId: number): boolean {
  return (quoteLineOf(context, athleteId)?.injury_protection_insurance ?? null) !== null;
}

/** The quote is for these lines, every line has an offered plan and none has a problem (server's `ready`). */
export function quoteReady(context: HouseholdCheckoutContext): boolean {
  const quote = context.quote;
  if (quote === null || !quote.ready) return false;
  return (
    quote.athletes.length === context.lines.length &&
    context.lines.every((line) => quoteLineOf(context, line.athlete_id) !== null) &&
    Object.keys(context.problems).length === 0
  );
}

/** §4 full discount, family-wide: nothing due today and nothing later, so no card is asked for. */
export function checksOutWithoutCard(context: Pick<HouseholdCheckoutContext, 'quote'>): boolean {
  const quote = context.quote;
  return quote !== null && quote.today_cents === 0 && quote.later_cents === 0;
}

/** The waivers of the checkout (one per organization that has one). */
export function waiversOf(context: Pick<HouseholdCheckoutContext, 'quote'>) {
  return context.quote?.waivers ?? [];
}

/** Every waiver of the checkout agreed. */
export function allWaiversAgreed(context: HouseholdCheckoutContext): boolean {
  return waiversOf(context).every((waiver) => context.agreedWaivers.includes(waiver.organization_id));
}

/** Pay needs a ready quote and every waiver agreed. */
export function canPayNow(context: HouseholdCheckoutContext): boolean {
  return quoteReady(context) && allWaiversAgreed(context);
}

/**
 * Issue 34 point 4: 'Pay by check or cash' is offered where the club accepts it and something is to be paid (full
 * discounts check out with the waivers only, as before).
 */
export function householdCheckOrCashOf(context: Pick<HouseholdCheckoutContext, 'quote' | 'checkOrCash'>) {
  return checksOutWithoutCard(context) ? null : context.checkOrCash;
}

/** Issue 34 point 4: check or cash is chosen, and offered. */
export function paysByCheckOrCash(context: HouseholdCheckoutContext): boolean {
  return context.paymentMethod === 'check_or_cash' && householdCheckOrCashOf(context) !== null;
}

export function validBilling(billing: BillingForm | null): boolean {
  return billing !== null && isValidForm(paymentBillingSchema, billing);
}

/** The athlete problems of a 409 at Pay Now (`messages["athletes.<id>"]`), by athlete id; {} when none. */
export function lineProblemsOf(error: unknown): Record<string, ShownText> {
  if (!(error instanceof ApiError) || error.status !== 409) return {};
  const problems: Record<string, ShownText> = {};
  for (const [key, texts] of Object.entries(error.messages)) {
    const match = /^athletes\.(\d+)$/.exec(key);
    if (match?.[1] !== undefined)
      problems[match[1]] = texts.find((text) => text.trim() !== '') ?? PAYMENT_TEXTS.licenceNotAvailable;
  }
  return problems;
}

/** The server's text for a refused discount code (422 on `discount_code`), or null when it is another failure. */
export function codeRefusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return error.messages.discount_code?.find((text) => text.trim() !== '') ?? null;
}

/**
 * The server's text when the quote mixes organizations (422 on `athletes`, docs/api.md: 'All athletes of one
 * checkout must register with the same organization.'), or null when it is another failure.
 */
export function organizationMixOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return error.messages.athletes?.find((text) => text.trim() !== '') ?? null;
}

/** The lines to quote: every line, with the chosen plan and protection. */
export function quoteRequestOf(context: HouseholdCheckoutContext) {
  return { athletes: [...context.lines], discount_code: context.pendingCode ?? context.discountCode };
}

/** The quote's call: the request, and the athlete whose held seat 'Remove' gives back first (issue 30 point 4). */
export function quoteCallOf(context: HouseholdCheckoutContext) {
  return { ...quoteRequestOf(context), release: context.releasing };
}

/**
 * Issue 32 point 3: the version of the waiver step 2 shows, sent with Pay Now as `waiver_version`. One checkout is of
 * one organization (the quote refuses a mix), so it shows at most one waiver; none without a waiver, or from a
 * server that sends no version (the server then records the version current at Pay Now).
 */
export function shownWaiverVersionOf(context: Pick<HouseholdCheckoutContext, 'quote'>): { waiver_version?: number } {
  const version = waiversOf(context).find((waiver) => waiver.version !== undefined)?.version;
  return version === undefined ? {} : { waiver_version: version };
}

/** The checkout to send at Pay Now: every line with its plan, the code, this checkout's key and the waiver's version. */
export function checkoutRequestOf(context: HouseholdCheckoutContext) {
  return {
    athletes: [...context.lines],
    discount_code: context.discountCode,
    checkout_key: context.checkoutKey,
    ...shownWaiverVersionOf(context),
  };
}

/**
 * What the family's card payment is given (household-card-payment.ts): the checkout Pay Now sends, the card, what
 * was charged but not recorded, or the 3-D Secure return with its checkout id. §8: a checkout that answers no intent
 * says 'Something went wrong', a failed one 'Something went wrong.' unless the server said more.
 */
export function cardPaymentInputOf(context: HouseholdCheckoutContext): CardPaymentInput {
  return {
    checkout: checkoutRequestOf(context),
    free: checksOutWithoutCard(context),
    card: context.card,
    billing: context.billing,
    returnUrl: context.returnUrl,
    paidCheckout: context.paidIntent,
    returned: context.returned,
    checkoutId: context.checkoutId,
    fallbacks: { noIntent: CARD_TEXTS.somethingWentWrong, failure: CARD_TEXTS.somethingWentWrongDot },
  };
}

/** The error a failed card payment's checkout call ended with (a 409 names athletes), null for any other exit. */
export function failureCauseOf(exit: CardPaymentExit): unknown {
  return exit.exit === 'failed' ? exit.cause : null;
}

/** The family's receipt of a card payment's receipt (the family's calls answer no other). */
export function householdReceiptOf(receipt: CardReceipt | null): HouseholdReceipt | null {
  return receipt !== null && 'athletes' in receipt ? receipt : null;
}

/** The family's record of a card payment's charge not recorded yet (the family's calls make no other). */
export function householdRecordOf(record: CardRecord | null): HouseholdCheckoutSuccessRequest | null {
  return record !== null && 'checkout_id' in record ? record : null;
}

/** The lines as the quote settled them: a plan no longer offered is dropped, protection only where offered. */
export function settledLines(lines: readonly HouseholdLine[], quote: Quote): HouseholdLine[] {
  return lines.map((line) => {
    const quoted = quote.athletes.find((athlete) => athlete.athlete_id === line.athlete_id);
    if (quoted === undefined) return line;
    return {
      athlete_id: line.athlete_id,
      payment_plan_month: quoted.payment_plan_month,
      include_payment_protection_plan: quoted.include_payment_protection_plan,
    };
  });
}

/** A new checkout key: 32 characters of [0-9a-f]. */
export function newCheckoutKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
