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

export const CARD_ERRORS = {
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
