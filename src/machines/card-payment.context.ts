/**
 * What the one card payment (card-payment.machine.ts) is given, keeps and ends with, and the requests it builds from
 * that: the checkout of one athlete (spec §7), of a family (issue 20) or of a card saved for later (update card,
 * issue 15 point 5), the record of what the card confirmed, and the exit its parent maps. Not a `*.machine.ts` file:
 * the machine's chart stays in its own file.
 */
import type { HouseholdCheckoutRequest, HouseholdCheckoutSuccessRequest } from '../api/household';
import type { HouseholdCheckoutResponse, HouseholdCheckoutSuccess, HouseholdReceipt } from '../api/household.schemas';
import type { CheckoutRequest, CheckoutSuccessRequest } from '../api/memberships';
import type { CheckoutResponse, CheckoutSuccessResponse, CollectionResult, Receipt } from '../api/schemas';
import { type CheckoutParams, paymentReturnUrl, type ReturnedPayment } from '../domain/payment-return';
import type { Message } from '../i18n/runtime';
import type { BillingDetails, CardResult } from '../providers/card-payments/types';
import type { CardForm } from './card-steps';
import { CARD_TEXTS, type ShownText } from './payment-texts';

/** The card saved for later charges of one membership (update card): card-setup answers its SetupIntent. */
export interface SavedCardCheckout {
  membershipId: number;
}
/** What saving that card records: the membership and the SetupIntent the card confirmed. */
export interface SavedCardRecord {
  membershipId: number;
  setupIntentId: string;
}
/** What saving the card answers (POST /api/memberships/{id}/card): the collection it started is its receipt. */
export interface SavedCardAnswer {
  receipt: CollectionResult;
  refunded: false;
}

/** What Pay Now sends to checkout: one athlete's checkout (spec §7), the family's (issue 20), or a saved card's. */
export type CardCheckout = CheckoutRequest | HouseholdCheckoutRequest | SavedCardCheckout;
/** What checkout answers: a client secret to confirm by card, or checked out at once. */
export type CardCheckoutAnswer = CheckoutResponse | HouseholdCheckoutResponse;
/** What checkout-success records: the checkout and the intent that paid it. */
export type CardRecord = CheckoutSuccessRequest | HouseholdCheckoutSuccessRequest | SavedCardRecord;
export type CardRecordAnswer = CheckoutSuccessResponse | HouseholdCheckoutSuccess | SavedCardAnswer;
/** What the server confirms once paid: one athlete's receipt, the family's, or what saving a card collected. */
export type CardReceipt = Receipt | HouseholdReceipt | CollectionResult;

export interface CardPaymentInput {
  /** The checkout Pay Now fixed (null on a return: the return carries what it paid). */
  checkout: CardCheckout | null;
  /** §4 full discount: checks out without card payment. */
  free: boolean;
  card: CardForm | null;
  billing: BillingDetails | null;
  /** Absolute URL of /payment, where the card provider brings the payer back. */
  returnUrl: string;
  /** A payment charged but not recorded yet: this attempt records it again, never charges twice. */
  paidCheckout: CardRecord | null;
  /** Set when the payer came back from the card provider (3-D Secure). */
  returned: ReturnedPayment | null;
  /** The family checkout a return pays (this tab kept it: session/household-checkout.ts), null otherwise. */
  checkoutId: string | number | null;
  /**
   * §8 when checkout fails without a server text: `noIntent` when it answered neither an intent nor a checkout,
   * `failure` when the call failed (the one-athlete flow: 'Something went wrong.' with a full discount, else
   * 'Something went wrong'; the family checkout: the first, then the second).
   */
  fallbacks: { noIntent: Message; failure: Message };
}

/** How one payment ends; the checkout that invoked it decides where each leads. */
export type CardPaymentExit =
  /** `refunded`: the intent paid a team already paid for, and the server gave the money back (no receipt). */
  | { exit: 'paid'; receipt: CardReceipt | null; refunded: boolean }
  | { exit: 'retry' }
  | { exit: 'refused'; message: ShownText; paidCheckout: CardRecord | null }
  /** `cause`: the failed call's error (the family checkout's problems by athlete, update card's 401). */
  | { exit: 'failed'; error: ShownText; paidCheckout: CardRecord | null; cause: unknown };

export interface CardPaymentContext extends CardPaymentInput {
  clientSecret: string | null;
  /** Set when checkout answered a SetupIntent (nothing due today): the card confirms it instead of a payment. */
  setupIntentId: string | null;
  refunded: boolean;
  /** A payment message (§8: card, provider return): a catalogue message, or the provider's text. */
  message: ShownText | null;
  /** A checkout or recording failure (§8), a catalogue message or the server's text, and the call's error. */
  error: ShownText | null;
  cause: unknown;
  /** What the server confirmed once paid (null when it recorded nothing new to confirm, e.g. a refunded intent). */
  receipt: CardReceipt | null;
  /** How the payment ended, set on entering a final state; the machine's output. */
  exit: CardPaymentExit | null;
}

/** What a person does on the return screen (src/views/payment/return-notice.tsx sends these to this machine). */
export type CardPaymentEvent = { type: 'CONTINUE' } | { type: 'RETRY' };

export function requireCheckout(context: CardPaymentContext): CardCheckout {
  if (context.checkout === null) throw new Error('No checkout to send: Pay Now fixes it first.');
  return context.checkout;
}

/** The one-athlete checkout (spec §7), which its checkout-success repeats. */
function athleteCheckoutOf(context: CardPaymentContext): CheckoutParams {
  const params = requireCheckout(context);
  if (!('team_id' in params)) throw new Error('A family checkout or a saved card is recorded by its own id.');
  return {
    payment_plan_month: params.payment_plan_month,
    team_id: params.team_id,
    discount_code: params.discount_code ?? null,
    include_payment_protection_plan: params.include_payment_protection_plan ?? false,
  };
}

/**
 * The exit of the final state the payment enters, built from what it knows then (final states name only the kind,
 * so a structural walk of the machine never runs this on a context it did not fill in).
 */
export function exitTo(context: CardPaymentContext, exit: CardPaymentExit['exit']): CardPaymentExit {
  switch (exit) {
    case 'paid':
      return { exit, receipt: context.receipt, refunded: context.refunded };
    case 'refused':
      return { exit, message: context.message ?? CARD_TEXTS.unexpectedError, paidCheckout: context.paidCheckout };
    case 'failed':
      return {
        exit,
        error: context.error ?? CARD_TEXTS.somethingWentWrong,
        paidCheckout: context.paidCheckout,
        cause: context.cause,
      };
    case 'retry':
      return { exit };
  }
}

export function requirePaidCheckout(context: CardPaymentContext): CardRecord {
  if (context.paidCheckout === null) throw new Error('No paid intent to record.');
  return context.paidCheckout;
}

/**
 * Where the provider brings the payer back after 3-D Secure: /payment with one athlete's checkout in its query (the
 * return records it from there), or as it is for the family's (this tab keeps its checkout id) and a saved card's
 * (the update-card page of its membership).
 */
export function confirmReturnUrl(context: CardPaymentContext): string {
  const checkout = requireCheckout(context);
  return 'team_id' in checkout ? paymentReturnUrl(context.returnUrl, athleteCheckoutOf(context)) : context.returnUrl;
}

/** The intent the card provider confirmed, recorded with the checkout it paid. */
export function paidCheckoutOf(context: CardPaymentContext, result: CardResult): CheckoutSuccessRequest {
  const params = athleteCheckoutOf(context);
  return {
    payment_plan_month: params.payment_plan_month,
    team_id: params.team_id,
    discount_code: params.discount_code,
    ...intentField(context.setupIntentId !== null, result.paymentIntent?.id ?? ''),
    include_payment_protection_plan: params.include_payment_protection_plan,
  };
}

/** checkout-success names a payment intent, or the SetupIntent of a plan with nothing due today. */
export function intentField(setup: boolean, id: string) {
  return setup ? { stripe_setup_intent_id: id } : { stripe_payment_intent_id: id };
}
