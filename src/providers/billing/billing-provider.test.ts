import { describe, expect, it } from 'vitest';
import { text } from '../../i18n/runtime';
import { BillingCardError, cardErrorText, toBillingAddress } from './billing-provider';

describe('cardErrorText (§8 card form)', () => {
  it("shows the provider's message for a refused card", () => {
    expect(cardErrorText(new BillingCardError('Card number is invalid.'))).toBe('Card number is invalid.');
  });

  it("holds the sandbox's catalogue messages instead of its text: one, or several (one a line)", () => {
    const number = { key: 'subscribe.cardNumberInvalid' } as const;
    const cvv = { key: 'subscribe.securityCodeInvalid' } as const;
    expect(cardErrorText(new BillingCardError('Card number is invalid.', [number]))).toEqual(number);
    expect(cardErrorText(new BillingCardError('…', [number, cvv]))).toEqual([number, cvv]);
  });

  it("shows 'An unexpected error occured.' for anything else, or a refusal without text", () => {
    const unexpected = { key: 'subscribe.unexpectedCardError' } as const;
    expect(text(unexpected)).toBe('An unexpected error occured.');
    expect(cardErrorText(new Error('Failed to fetch'))).toEqual(unexpected);
    expect(cardErrorText(new BillingCardError(' '))).toEqual(unexpected);
    expect(cardErrorText(undefined)).toEqual(unexpected);
  });
});

describe('toBillingAddress', () => {
  it("renames the purchase's address to the provider's address1 and keeps the rest", () => {
    expect(
      toBillingAddress({
        first_name: 'Pat',
        last_name: 'Rivera',
        address: '1 Main Street',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
      }),
    ).toEqual({
      first_name: 'Pat',
      last_name: 'Rivera',
      address1: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      country: 'US',
    });
  });
});
