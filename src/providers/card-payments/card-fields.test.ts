import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { text } from '../../i18n/runtime';
import { CARD_MESSAGES, cardFieldErrors, parseExpiry, passesLuhn, readCard, sandboxCardError } from './card-fields';

const june2026 = new Date(2026, 5, 15);
const valid = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

describe('sandbox card fields', () => {
  it('accept the sandbox test cards', () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000000000009995', '4000002500003155']) {
      expect(passesLuhn(number)).toBe(true);
    }
    expect(readCard(valid, june2026)).toEqual({
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
  });

  it("report Stripe's validation texts, the first field's as the error", () => {
    expect(cardFieldErrors({ number: '4242', expiry: '1', cvc: '' }, june2026)).toEqual({
      number: 'card.numberIncomplete',
      expiry: 'card.expiryIncomplete',
      cvc: 'card.cvcIncomplete',
    });
    expect(readCard({ ...valid, number: '4242424242424241' }, june2026)).toEqual({
      error: {
        type: 'validation_error',
        code: 'invalid_number',
        message: 'Your card number is invalid.',
        text: { key: CARD_MESSAGES.numberInvalid },
      },
    });
    expect(readCard({ ...valid, expiry: '05/26' }, june2026)).toEqual({
      error: {
        type: 'validation_error',
        code: 'invalid_expiry',
        message: "Your card's expiration date is in the past.",
        text: { key: CARD_MESSAGES.expiryPast },
      },
    });
    expect(readCard({ ...valid, expiry: '13/30' }, june2026)).toMatchObject({
      error: { message: "Your card's expiration date is invalid.", text: { key: CARD_MESSAGES.expiryInvalid } },
    });
  });

  it("gives the sandbox's declines the catalogue's message for their code, and keeps an unknown code's text", () => {
    const declined = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    const shown = (error: ReturnType<typeof sandboxCardError>) => (error.text ? text(error.text) : error.message);
    for (const [error, english] of [
      [{ ...declined, decline_code: 'generic_decline' }, 'Your card was declined.'],
      [{ ...declined, decline_code: 'stolen_card' }, 'Your card was declined.'],
      [{ ...declined, decline_code: 'insufficient_funds' }, 'Your card has insufficient funds.'],
      [
        { ...declined, decline_code: 'authentication_required' },
        'Your card was declined. This transaction requires authentication.',
      ],
      [{ type: 'card_error', code: 'expired_card', message: 'x' }, 'Your card has expired.'],
      [{ type: 'card_error', code: 'incorrect_cvc', message: 'x' }, "Your card's security code is incorrect."],
      [
        { type: 'card_error', code: 'processing_error', message: 'x' },
        'An error occurred while processing your card. Try again in a little bit.',
      ],
      [{ type: 'card_error', code: 'something_new', message: 'A new text.' }, 'A new text.'],
    ] as const) {
      expect(shown(sandboxCardError(error))).toBe(english);
    }
    expect(sandboxCardError({ ...declined, decline_code: 'insufficient_funds' })).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      text: { key: 'card.insufficientFunds' },
    });
  });

  it('take this month as not yet expired, and the usual ways of writing a date', () => {
    expect(cardFieldErrors({ ...valid, expiry: '06/26' }, june2026)).toEqual({});
    expect(parseExpiry('0630')).toEqual({ month: 6, year: 2030 });
    expect(parseExpiry('6/2030')).toEqual({ month: 6, year: 2030 });
    expect(parseExpiry('6/3')).toBeNull();
  });

  it('find every single-digit typo in a valid number (Luhn)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[position] = ((digits[position] ?? 0) + delta) % 10;
        expect(passesLuhn(digits.join(''))).toBe(false);
      }),
    );
  });
});
