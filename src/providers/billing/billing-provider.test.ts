import { describe, expect, it } from 'vitest';
import { BillingCardError, cardErrorText, toBillingAddress } from './billing-provider';

describe('cardErrorText (§8 card form)', () => {
  it("shows the provider's message for a refused card", () => {
    expect(cardErrorText(new BillingCardError('Card number is invalid.'))).toBe('Card number is invalid.');
  });

  it("shows 'An unexpected error occured.' for anything else, or a refusal without text", () => {
    expect(cardErrorText(new Error('Failed to fetch'))).toBe('An unexpected error occured.');
    expect(cardErrorText(new BillingCardError(' '))).toBe('An unexpected error occured.');
    expect(cardErrorText(undefined)).toBe('An unexpected error occured.');
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
