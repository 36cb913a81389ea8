import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToInstant,
  daysInMonth,
  daysUntil,
  endOfDate,
  formatDateText,
  formatDisplayDate,
  formatSeasonDate,
  hasSeasonStarted,
  isIsoDate,
  isRealDate,
  parseInstant,
  parseIsoDate,
  startOfDate,
  toIsoDate,
} from './dates.ts';

// These tests build every instant from UTC text or Date.UTC: run them under any TZ and they must pass
// (checked with TZ=America/Los_Angeles and TZ=Pacific/Auckland).

const isoDateArb = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true })
  .map(toIsoDate);

describe('calendar dates', () => {
  it('knows which dates exist', () => {
    expect(isRealDate(2028, 2, 29)).toBe(true);
    expect(isRealDate(2027, 2, 29)).toBe(false);
    expect(isRealDate(1900, 2, 29)).toBe(false);
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(2027, 4, 31)).toBe(false);
    expect(isRealDate(2027, 13, 1)).toBe(false);
    expect(isRealDate(2027, 1, 0)).toBe(false);
    expect(isIsoDate('2027-03-01')).toBe(true);
    expect(isIsoDate('2027-02-30')).toBe(false);
    // ISO 8601's year 0000 is no calendar date here (PostgreSQL's `date` has no year 0).
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('0001-01-01')).toBe(true);
    expect(isIsoDate('2027-3-1')).toBe(false);
    expect(() => parseIsoDate('2027-02-30')).toThrow(RangeError);
    expect(parseIsoDate('2027-03-01')).toEqual({ year: 2027, month: 3, day: 1 });
  });

  it('agrees with the calendar for every month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1600, max: 2400 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        expect(daysInMonth(month, year)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
      }),
    );
  });

  it("takes an instant's UTC date as its calendar date", () => {
    expect(toIsoDate(new Date('2027-03-01T23:30:00-05:00'))).toBe('2027-03-02');
    expect(toIsoDate(new Date('2027-03-01T00:30:00+13:00'))).toBe('2027-02-28');
    expect(startOfDate('2027-03-01').toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(endOfDate('2027-12-31').toISOString()).toBe('2028-01-01T00:00:00.000Z');
  });

  it('round-trips a date through the instant it begins', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        expect(toIsoDate(startOfDate(date))).toBe(date);
      }),
    );
  });
});

describe('adding months and days', () => {
  it('keeps the day of the month, or the month end when the day does not exist', () => {
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
  });

  it('moves an instant by calendar months at the same time of day, with the same month-end rule', () => {
    expect(addMonthsToInstant(new Date('2027-03-01T10:30:00Z'), 12).toISOString()).toBe('2028-03-01T10:30:00.000Z');
    expect(addMonthsToInstant(new Date('2027-01-31T10:30:00Z'), 1).toISOString()).toBe('2027-02-28T10:30:00.000Z');
    expect(addMonthsToInstant(new Date('2027-11-30T23:59:59.999Z'), 3).toISOString()).toBe('2028-02-29T23:59:59.999Z');
  });

  it('adds months the way the calendar does', () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: -36, max: 36 }), (date, months) => {
        const result = parseIsoDate(addMonths(date, months));
        const start = parseIsoDate(date);
        expect(result.year * 12 + result.month - (start.year * 12 + start.month)).toBe(months);
        expect(result.day).toBe(Math.min(start.day, daysInMonth(result.month, result.year)));
      }),
    );
  });

  it('counts whole days until an instant, a part day as one, never negative', () => {
    const now = new Date('2027-02-24T12:00:00Z');
    expect(daysUntil(new Date('2027-03-01T12:00:00Z'), now)).toBe(5);
    expect(daysUntil(new Date('2027-03-01T12:00:01Z'), now)).toBe(6);
    expect(daysUntil(new Date('2027-01-01T00:00:00Z'), now)).toBe(0);
    expect(addDays(now, -30).toISOString()).toBe('2027-01-25T12:00:00.000Z');
  });
});

describe('reading what the API sends', () => {
  it('reads a date as its 00:00 UTC and a date-time as given, UTC without an offset', () => {
    expect(parseInstant('2027-03-01')?.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(parseInstant(' 2027-03-01 ')?.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(parseInstant('2027-03-01T02:00:00Z')?.toISOString()).toBe('2027-03-01T02:00:00.000Z');
    expect(parseInstant('2027-12-31T00:00:00.000Z')?.toISOString()).toBe('2027-12-31T00:00:00.000Z');
    expect(parseInstant('2027-03-01T02:00:00-05:00')?.toISOString()).toBe('2027-03-01T07:00:00.000Z');
    expect(parseInstant('2027-03-01T02:00')?.toISOString()).toBe('2027-03-01T02:00:00.000Z');
  });

  it('reads nothing else, so no reading depends on the machine zone', () => {
    for (const text of [null, undefined, '', '  ', 'soon', '2027-02-30', '2027-13-01', '03/01/2027', 'March 1, 2027']) {
      expect(parseInstant(text)).toBeNull();
    }
    expect(parseInstant('2027-02-30T10:00:00Z')).toBeNull();
    expect(parseInstant('2027-03-01T25:00:00Z')).toBeNull();
  });
});

describe('display', () => {
  it("shows a date as 'Mar 1, 2027', or long as 'March 1, 2027'", () => {
    expect(formatDisplayDate('2027-03-01')).toBe('Mar 1, 2027');
    expect(formatDisplayDate('2027-03-01', 'long')).toBe('March 1, 2027');
    expect(formatDisplayDate('2026-12-21')).toBe('Dec 21, 2026');
  });

  it("shows an instant's UTC calendar date", () => {
    expect(formatDateText('2027-03-01T02:00:00Z', 'long')).toBe('March 1, 2027');
    expect(formatDateText('2027-03-01T23:30:00Z', 'long')).toBe('March 1, 2027');
    expect(formatDateText('2030-03-01T12:00:00.000Z', 'long')).toBe('March 1, 2030');
    expect(formatDateText('not a date')).toBeNull();
    expect(formatDateText(null)).toBeNull();
  });

  it('shows a season start as its calendar date, an unreadable one as it came', () => {
    expect(formatSeasonDate('2027-03-01')).toBe('Mar 1, 2027');
    expect(formatSeasonDate('2026-09-01T00:00:00Z')).toBe('Sep 1, 2026');
    expect(formatSeasonDate('soon')).toBe('soon');
    expect(formatSeasonDate('2027-13-01')).toBe('2027-13-01');
  });
});

describe('hasSeasonStarted (§9)', () => {
  it('reads the fixtures: Fall 2026 has started, Spring 2027 has not', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(hasSeasonStarted('2026-09-01', now)).toBe(true);
    expect(hasSeasonStarted('2027-03-01', now)).toBe(false);
  });

  it('counts the start date itself as started, from 00:00 UTC', () => {
    expect(hasSeasonStarted('2027-03-01', new Date('2027-03-01T00:00:00Z'))).toBe(true);
    expect(hasSeasonStarted('2027-03-01', new Date('2027-02-28T23:59:59Z'))).toBe(false);
  });

  it('reads a date-time as given', () => {
    expect(hasSeasonStarted('2027-03-01T10:00:00Z', new Date('2027-03-01T10:00:00Z'))).toBe(true);
    expect(hasSeasonStarted('2027-03-01T10:00:00Z', new Date('2027-03-01T09:59:59Z'))).toBe(false);
  });

  it('treats an unreadable or impossible date as not started', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(hasSeasonStarted('', now)).toBe(false);
    expect(hasSeasonStarted('soon', now)).toBe(false);
    expect(hasSeasonStarted('2027-02-30', now)).toBe(false);
  });

  it('is started exactly when the start date is at or before the UTC date of now', () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: -400, max: 400 }), (start, offsetHours) => {
        const now = new Date(startOfDate(start).getTime() + offsetHours * 3_600_000);
        expect(hasSeasonStarted(start, now)).toBe(offsetHours >= 0);
        expect(hasSeasonStarted(start, now)).toBe(start <= toIsoDate(now));
      }),
    );
  });
});

describe('dates in another language (issue 31)', () => {
  it('are written by Intl for the language’s locale', () => {
    expect(formatDisplayDate('2027-03-01', 'short', 'es-US')).toBe('1 mar 2027');
    expect(formatDisplayDate('2027-01-01', 'long', 'es-US')).toBe('1 de enero de 2027');
    expect(formatDateText('2027-09-01T12:00:00Z', 'long', 'es-US')).toBe('1 de septiembre de 2027');
    expect(formatSeasonDate('2027-03-01', 'es-US')).toBe('1 mar 2027');
    expect(formatDisplayDate('2027-03-01', 'short', 'en-US')).toBe('Mar 1, 2027');
  });
});
