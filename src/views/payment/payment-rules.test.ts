import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import {
  CHECKOUT_FALLBACK,
  canCheckout,
  cardErrorMessage,
  checkoutFailureText,
  DISCOUNT_NOT_FOUND,
  discountFailureText,
  FULL_DISCOUNT_CHECKOUT_FALLBACK,
  hasWaiverText,
  PAYMENT_NOT_SUCCESSFUL,
  PAYMENT_PROCESSING,
  PAYMENT_SOMETHING_WENT_WRONG,
  PAYMENT_SUCCEEDED,
  returnedIntentMessage,
  UNEXPECTED_CARD_ERROR,
  waiverHasMarkup,
} from './payment-rules';

const httpError = (body: unknown, status = 422) =>
  new ApiError({
    kind: 'http',
    status,
    message: typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : 'x',
    body,
  });

describe('§8 card form messages', () => {
  it.each([
    [{ type: 'card_error', message: 'Your card was declined.' }, 'Your card was declined.'],
    [{ type: 'validation_error', message: 'Your card number is incomplete.' }, 'Your card number is incomplete.'],
    [{ type: 'card_error', message: '' }, UNEXPECTED_CARD_ERROR],
    [{ type: 'api_error', message: 'Internal Stripe failure' }, UNEXPECTED_CARD_ERROR],
    [{ type: 'rate_limit_error' }, UNEXPECTED_CARD_ERROR],
  ])('%j shows %j', (error, text) => {
    expect(cardErrorMessage(error)).toBe(text);
  });

  it("keeps the spec's spelling", () => {
    expect(UNEXPECTED_CARD_ERROR).toBe('An unexpected error occured.');
  });
});

describe('§8 messages after return from the provider', () => {
  it.each([
    ['succeeded', PAYMENT_SUCCEEDED],
    ['processing', PAYMENT_PROCESSING],
    ['requires_payment_method', PAYMENT_NOT_SUCCESSFUL],
    ['requires_action', PAYMENT_SOMETHING_WENT_WRONG],
    ['canceled', PAYMENT_SOMETHING_WENT_WRONG],
    ['', PAYMENT_SOMETHING_WENT_WRONG],
  ])('%s → %s', (status, text) => {
    expect(returnedIntentMessage(status)).toBe(text);
  });
});

describe('§8 checkout failure text', () => {
  it("prefers the server's error, then its message, then the fallback", () => {
    expect(
      checkoutFailureText(httpError({ error: 'Card processing is paused.', message: 'm' }), CHECKOUT_FALLBACK),
    ).toBe('Card processing is paused.');
    expect(checkoutFailureText(httpError({ error: { message: 'Nested text.' } }), CHECKOUT_FALLBACK)).toBe(
      'Nested text.',
    );
    expect(checkoutFailureText(httpError({ message: 'The plan is not offered.' }), CHECKOUT_FALLBACK)).toBe(
      'The plan is not offered.',
    );
    expect(checkoutFailureText(httpError({ message: '  ' }), CHECKOUT_FALLBACK)).toBe('Something went wrong');
    expect(checkoutFailureText(httpError('<html>bad gateway</html>', 502), FULL_DISCOUNT_CHECKOUT_FALLBACK)).toBe(
      'Something went wrong.',
    );
  });

  it('explains a failure without an answer, and falls back for anything else', () => {
    const offline = new ApiError({ kind: 'network', message: 'Could not reach the server.' });
    expect(checkoutFailureText(offline, CHECKOUT_FALLBACK)).toBe('Could not reach the server.');
    expect(checkoutFailureText(new Error('boom'), CHECKOUT_FALLBACK)).toBe(CHECKOUT_FALLBACK);
    expect(checkoutFailureText(undefined, FULL_DISCOUNT_CHECKOUT_FALLBACK)).toBe(FULL_DISCOUNT_CHECKOUT_FALLBACK);
  });
});

describe('§8 discount lookup failure', () => {
  it("shows the server's message, else 'Code not found.'", () => {
    expect(discountFailureText(httpError({ message: 'This code has expired.' }, 404))).toBe('This code has expired.');
    expect(discountFailureText(httpError({ error: 'Unknown code.' }, 404))).toBe('Unknown code.');
    expect(discountFailureText(httpError({}, 404))).toBe(DISCOUNT_NOT_FOUND);
    expect(discountFailureText(new ApiError({ kind: 'network', message: 'offline' }))).toBe(DISCOUNT_NOT_FOUND);
  });
});

describe('§5 Pay Now', () => {
  it('needs a team, and a signed waiver when there is one', () => {
    expect(canCheckout(null, true)).toBe(false);
    expect(canCheckout({ waiver: null }, false)).toBe(true);
    expect(canCheckout({ waiver: '   ' }, false)).toBe(true);
    expect(canCheckout({ waiver: 'Rules' }, false)).toBe(false);
    expect(canCheckout({ waiver: 'Rules' }, true)).toBe(true);
  });

  it('counts only a waiver with text', () => {
    expect(hasWaiverText('Rules')).toBe(true);
    expect(hasWaiverText('')).toBe(false);
    expect(hasWaiverText(null)).toBe(false);
    expect(hasWaiverText(undefined)).toBe(false);
  });
});

describe('waiver rendering', () => {
  it('tells markup from plain text', () => {
    expect(waiverHasMarkup('<p>Rules</p>')).toBe(true);
    expect(waiverHasMarkup('Line one<br/>Line two')).toBe(true);
    expect(waiverHasMarkup('Ages 8 < 10 and 12 > 11')).toBe(false);
    expect(waiverHasMarkup('Plain\n\nparagraphs')).toBe(false);
  });
});
