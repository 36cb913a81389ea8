/**
 * Stripe's documented test cards and what the card-payment sandbox does with each (design.md §6). Texts and codes
 * are Stripe's, so the site shows the same messages against the sandbox as against Stripe in test mode.
 */

export interface CardError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

export type CardOutcome = { kind: 'succeed' } | { kind: 'authenticate' } | { kind: 'fail'; error: CardError };

const declined = (declineCode: string, message = 'Your card was declined.'): CardOutcome => ({
  kind: 'fail',
  error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message },
});

const TEST_CARDS: ReadonlyMap<string, CardOutcome> = new Map<string, CardOutcome>([
  ['4242424242424242', { kind: 'succeed' }],
  ['4000056655665556', { kind: 'succeed' }],
  ['5555555555554444', { kind: 'succeed' }],
  ['2223003122003222', { kind: 'succeed' }],
  ['5200828282828210', { kind: 'succeed' }],
  ['378282246310005', { kind: 'succeed' }],
  ['6011111111111117', { kind: 'succeed' }],
  ['4000000000000002', declined('generic_decline')],
  ['4000000000009995', declined('insufficient_funds', 'Your card has insufficient funds.')],
  ['4000000000009987', declined('lost_card')],
  ['4000000000009979', declined('stolen_card')],
  [
    '4000000000000069',
    { kind: 'fail', error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' } },
  ],
  [
    '4000000000000127',
    {
      kind: 'fail',
      error: { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    },
  ],
  [
    '4000000000000119',
    {
      kind: 'fail',
      error: {
        type: 'card_error',
        code: 'processing_error',
        message: 'An error occurred while processing your card. Try again in a little bit.',
      },
    },
  ],
  // Pays today and is saved; every later charge of the saved card is declined (savedCardBehavior).
  ['4000000000000341', { kind: 'succeed' }],
  ['4000002500003155', { kind: 'authenticate' }],
  ['4000002760003184', { kind: 'authenticate' }],
]);

/** Stripe in test mode declines real card numbers with this text; the sandbox does the same. */
const NON_TEST_CARD = declined(
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

/** `digits` must already be a Luhn-valid number without separators. */
export function outcomeForCard(digits: string): CardOutcome {
  return TEST_CARDS.get(digits) ?? NON_TEST_CARD;
}

/** How a later charge of a saved card behaves. */
export type SavedCardBehavior = 'succeed' | 'decline' | 'authenticate';

/**
 * Stripe's test cards for saved cards: 4000 0000 0000 0341 attaches to a customer but every later charge is declined;
 * 4000 0027 6000 3184 needs 3-D Secure on every charge (off-session it fails with authentication_required);
 * 4000 0025 0000 3155 needs it only once, when it is set up. Every other card that can be saved charges fine.
 */
export function savedCardBehavior(digits: string): SavedCardBehavior {
  if (digits === '4000000000000341') return 'decline';
  if (digits === '4000002760003184') return 'authenticate';
  return 'succeed';
}

/** Stripe's `card.brand` for a card number. */
export function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^(6011|65)/.test(digits)) return 'discover';
  if (digits.startsWith('4')) return 'visa';
  return 'unknown';
}

export const CARD_ERRORS = {
  declined: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  authenticationRequired: {
    type: 'card_error',
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  incorrectNumber: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' },
  invalidExpiryYear: {
    type: 'card_error',
    code: 'invalid_expiry_year',
    message: "Your card's expiration year is invalid.",
  },
  invalidExpiryMonth: {
    type: 'card_error',
    code: 'invalid_expiry_month',
    message: "Your card's expiration month is invalid.",
  },
  invalidCvc: { type: 'card_error', code: 'invalid_cvc', message: "Your card's security code is invalid." },
  authenticationFailed: {
    type: 'card_error',
    code: 'payment_intent_authentication_failure',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const satisfies Record<string, CardError>;
