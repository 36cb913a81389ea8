import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPhone, maskPhone, PHONE_MASK, phoneDigits } from './phone.ts';

describe('maskPhone (§5)', () => {
  it('formats as typed', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('5')).toBe('5');
    expect(maskPhone('555')).toBe('555');
    expect(maskPhone('5551')).toBe('555-1');
    expect(maskPhone('555123')).toBe('555-123');
    expect(maskPhone('5551234')).toBe('555-123-4');
    expect(maskPhone('5551234567')).toBe('555-123-4567');
  });

  it('drops non-digits and stops at ten digits', () => {
    expect(maskPhone('(555) 123-4567')).toBe('555-123-4567');
    expect(maskPhone('555-123-45678999')).toBe('555-123-4567');
    expect(maskPhone('abc')).toBe('');
  });

  it('always fits the mask and keeps the typed digits in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 30 }), (typed) => {
        const masked = maskPhone(typed);
        expect(masked.length).toBeLessThanOrEqual(PHONE_MASK.length);
        expect(masked).toMatch(/^(\d{1,3}(-\d{1,3}(-\d{1,4})?)?)?$/);
        expect(masked.replace(/-/g, '')).toBe(typed.replace(/\D/g, '').slice(0, 10));
        expect(maskPhone(masked)).toBe(masked);
      }),
    );
  });
});

describe('isValidPhone (§5, §9)', () => {
  it('allows empty only where optional', () => {
    expect(isValidPhone('', { optional: true })).toBe(true);
    expect(isValidPhone('', { optional: false })).toBe(false);
  });

  it('needs ten digits when entered', () => {
    expect(isValidPhone('555-123-4567', { optional: true })).toBe(true);
    expect(isValidPhone('5551234567', { optional: false })).toBe(true);
    expect(isValidPhone('555-123-456', { optional: true })).toBe(false);
    expect(isValidPhone('123-456-78', { optional: false })).toBe(false);
  });

  it('agrees with the digit count for any entered text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 20 }), fc.boolean(), (typed, optional) => {
        const digits = phoneDigits(typed);
        expect(isValidPhone(typed, { optional })).toBe(digits === '' ? optional : digits.length === 10);
      }),
    );
  });
});
