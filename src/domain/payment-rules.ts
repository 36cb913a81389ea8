/**
 * Pure rules of the team payment flow (spec §4 Payment flow, §5, §8): the texts the flow shows and how a
 * card-provider answer becomes one of them. The machine and the views share these, so no rule is computed twice.
 * How a server answer becomes a text reads the API layer's error, so it lives beside the machine
 * (src/machines/payment.failures.ts).
 */

/** §8 texts, word for word (including the spec's spelling of 'occured'). */
export const PAYMENT_SUCCEEDED = 'Payment succeeded!';
export const PAYMENT_PROCESSING = 'Your payment is processing.';
export const PAYMENT_NOT_SUCCESSFUL = 'Your payment was not successful, please try again.';
export const PAYMENT_SOMETHING_WENT_WRONG = 'Something went wrong.';
export const UNEXPECTED_CARD_ERROR = 'An unexpected error occured.';
export const CHECKOUT_FALLBACK = 'Something went wrong';
export const FULL_DISCOUNT_CHECKOUT_FALLBACK = 'Something went wrong.';
export const DISCOUNT_NOT_FOUND = 'Code not found.';

/** §5 waiver texts and §2/§4 draft texts. */
export const WAIVER_AGREEMENT_LABEL = 'I agree to the terms and conditions stated above.';
export const WAIVER_REQUIRED = 'You must agree to the terms and conditions';
export const NO_SEASON = 'Please select a Season to generate a payment preview.';
export const PREVIEW_TITLE = 'Registration Preview';
export const PREVIEW_TEXT = 'This is what the customer is going to see.';

/**
 * Issue 15, 19.1: the confirmation after any successful payment, at the top of the claimed page (the spec gives no
 * words for it).
 */
export const PAYMENT_CONFIRMED = 'Payment confirmed';
export const NOTHING_MORE_DUE = 'Nothing more is due.';
/** A second payment for a team already paid: the server refunded it (checkout-success `refunded: true`). */
export const PAYMENT_REFUNDED = 'This payment has been refunded: your team dues were already paid.';

/** Issue 15: 'A receipt has been sent to {email}.' (null when the server knows no address to send it to). */
export function receiptSentText(email: string): string | null {
  return email.trim() === '' ? null : `A receipt has been sent to ${email.trim()}.`;
}

/** Update card (issue 15 point 5): the new card's SetupIntent did not succeed, or the charge after it did not. */
export const CARD_NOT_CONFIRMED = 'Your card could not be confirmed. Please try again or use another card.';
export const PAYMENT_NOT_COMPLETED = 'The payment was not completed. Please try again or use another card.';

/** Shown when the card provider's script cannot be loaded (design.md §6): never a hanging page. */
export const PAYMENTS_UNAVAILABLE = 'Card payments are unavailable right now. Please try again in a moment.';

/** §9: payment messages disappear after 5 seconds. */
export const PAYMENT_MESSAGE_MS = 5000;

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A card-provider error in Stripe's shape (`type`, optional `message`). */
export interface ProviderError {
  readonly type: string;
  readonly message?: string | null | undefined;
}

/**
 * §8 card form: card and validation errors show the provider's message; anything else (an API, network or
 * rate-limit error of the provider) shows 'An unexpected error occured.'.
 */
export function cardErrorMessage(error: ProviderError): string {
  if (error.type === 'card_error' || error.type === 'validation_error') {
    return nonEmpty(error.message) ?? UNEXPECTED_CARD_ERROR;
  }
  return UNEXPECTED_CARD_ERROR;
}

/** §8 after return from the provider: the intent's status → the message shown. */
export function returnedIntentMessage(status: string): string {
  switch (status) {
    case 'succeeded':
      return PAYMENT_SUCCEEDED;
    case 'processing':
      return PAYMENT_PROCESSING;
    case 'requires_payment_method':
      return PAYMENT_NOT_SUCCESSFUL;
    default:
      return PAYMENT_SOMETHING_WENT_WRONG;
  }
}

/** A waiver counts only when it has text (§3: waiver may be null; an empty string is no waiver either). */
export function hasWaiverText(waiver: string | null | undefined): waiver is string {
  return typeof waiver === 'string' && waiver.trim() !== '';
}

/** §5: Pay (or checkout) is disabled without a team, or when a waiver exists and is not signed. */
export function canCheckout(team: { readonly waiver: string | null } | null, waiverAgreed: boolean): boolean {
  if (team === null) return false;
  return !hasWaiverText(team.waiver) || waiverAgreed;
}

/** Waivers are usually plain text; some organizations paste HTML, which is then rendered sanitized. */
export function waiverHasMarkup(waiver: string): boolean {
  return /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i.test(waiver);
}
