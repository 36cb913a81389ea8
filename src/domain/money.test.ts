import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertCents, centsToDollars, dollarsToCents, formatUsd } from './money.ts';

describe('dollarsToCents', () => {
  it('converts the fixture amounts exactly', () => {
    expect(dollarsToCents(450)).toBe(45000);
    expect(dollarsToCents(29)).toBe(2900);
    expect(dollarsToCents(14.99)).toBe(1499);
    expect(dollarsToCents(119.99)).toBe(11999);
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(0)).toBe(0);
  });

  it('never yields -0', () => {
    expect(Object.is(dollarsToCents(-0), 0)).toBe(true);
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it('rejects values that are not amounts', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips every cent amount through dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatUsd', () => {
  it('formats cents as US dollars', () => {
    expect(formatUsd(45000)).toBe('$450.00');
    expect(formatUsd(1499)).toBe('$14.99');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-500)).toBe('-$5.00');
  });

  it('rejects fractional cents', () => {
    expect(() => formatUsd(10.5)).toThrow(RangeError);
    expect(() => assertCents(Number.NaN)).toThrow(RangeError);
  });

  it('shows the dollars and cents of any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const digits = formatUsd(cents).replace(/[$,]/g, '');
        expect(digits).toBe((cents / 100).toFixed(2));
      }),
    );
  });
});
