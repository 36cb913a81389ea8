import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { checkoutFailureText, discountFailureText, recordAfterReturnFailureText } from './payment.failures';
import { CARD_TEXTS } from './payment-texts';

// The flow's own fallbacks are catalogue messages (issue 31): 'Something went wrong' and 'Something went wrong.'.
const CHECKOUT_FALLBACK = CARD_TEXTS.somethingWentWrong;
const FULL_DISCOUNT_CHECKOUT_FALLBACK = CARD_TEXTS.somethingWentWrongDot;

const httpError = (body: unknown, status = 422) =>
  new ApiError({
    kind: 'http',
    status,
    message: typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : 'x',
    body,
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
    expect(checkoutFailureText(httpError({ message: '  ' }), CHECKOUT_FALLBACK)).toEqual({
      key: 'card.somethingWentWrong',
    });
    expect(checkoutFailureText(httpError('<html>bad gateway</html>', 502), FULL_DISCOUNT_CHECKOUT_FALLBACK)).toEqual({
      key: 'card.somethingWentWrongDot',
    });
  });

  it('falls back for a failure without a server text (offline, timeout) and anything else', () => {
    const offline = new ApiError({ kind: 'network', message: 'Could not reach the server.' });
    expect(checkoutFailureText(offline, CHECKOUT_FALLBACK)).toEqual({ key: 'card.somethingWentWrong' });
    expect(checkoutFailureText(offline, FULL_DISCOUNT_CHECKOUT_FALLBACK)).toEqual({
      key: 'card.somethingWentWrongDot',
    });
    expect(checkoutFailureText(new Error('boom'), CHECKOUT_FALLBACK)).toEqual({ key: 'card.somethingWentWrong' });
    expect(checkoutFailureText(undefined, FULL_DISCOUNT_CHECKOUT_FALLBACK)).toBe(FULL_DISCOUNT_CHECKOUT_FALLBACK);
  });
});

describe('recording after the return from the card provider', () => {
  it('says why when there was no answer, else reads the answer like a checkout failure', () => {
    const offline = new ApiError({ kind: 'network', message: 'Could not reach the server.' });
    expect(recordAfterReturnFailureText(offline)).toBe('Could not reach the server.');
    expect(recordAfterReturnFailureText(httpError({ message: 'The plan is not offered.' }))).toBe(
      'The plan is not offered.',
    );
    expect(recordAfterReturnFailureText(httpError({}))).toEqual({ key: 'card.somethingWentWrong' });
  });
});

describe('§8 discount lookup failure', () => {
  it("shows the server's message, else 'Code not found.'", () => {
    expect(discountFailureText(httpError({ message: 'This code has expired.' }, 404))).toBe('This code has expired.');
    expect(discountFailureText(httpError({ error: 'Unknown code.' }, 404))).toBe('Unknown code.');
    expect(discountFailureText(httpError({}, 404))).toEqual({ key: 'payment.codeNotFound' });
    expect(discountFailureText(new ApiError({ kind: 'network', message: 'offline' }))).toEqual({
      key: 'payment.codeNotFound',
    });
  });
});
