import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, formatDisplayDate, startOfDate } from './dates.ts';
import { formatUsd } from './money.ts';

/**
 * The display formats are written out instead of asked of Intl (the first Intl object of a page costs its start tens
 * of milliseconds on a phone: docs/architecture.md §10 "Start-up work"); they must read exactly as Intl's en-US.
 */
describe('display formats without Intl', () => {
  it('formatUsd reads as Intl.NumberFormat en-US USD for amounts up to ten billion dollars, -0 included', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, -0, 1, -1, 99, 100, 999, 1000, 99_999, 100_000, 45_000, -123_456, 1e12, -1e12]) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatUsd(cents)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('formatDisplayDate reads as Intl.DateTimeFormat en-US in UTC, short and long, for every year', () => {
    const intl = {
      short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
      long: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    };
    const iso = (year: number, month: number, day: number) =>
      `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom('short' as const, 'long' as const),
        (year, month, day, style) => {
          const date = iso(year, month, day);
          expect(formatDisplayDate(date, style)).toBe(intl[style].format(startOfDate(date)));
        },
      ),
      { numRuns: 2000 },
    );
    for (let month = 1; month <= 12; month += 1) {
      for (const style of ['short', 'long'] as const) {
        const date = iso(2028, month, daysInMonth(month, 2028));
        expect(formatDisplayDate(date, style)).toBe(intl[style].format(startOfDate(date)));
      }
    }
  });
});
