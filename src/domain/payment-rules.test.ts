import { describe, expect, it } from 'vitest';
import {
  canCheckout,
  cardErrorMessage,
  hasWaiverText,
  PAYMENT_NOT_SUCCESSFUL,
  PAYMENT_PROCESSING,
  PAYMENT_SOMETHING_WENT_WRONG,
  PAYMENT_SUCCEEDED,
  returnedIntentMessage,
  UNEXPECTED_CARD_ERROR,
  waiverHasMarkup,
} from './payment-rules.ts';

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
