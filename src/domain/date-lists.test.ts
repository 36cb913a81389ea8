import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BIRTH_DAYS,
  BIRTH_MONTHS,
  BIRTH_YEARS,
  birthDaysFor,
  HEIGHT_FEET,
  HEIGHT_INCHES,
  isBirthYear,
  isValidBirthDay,
} from './date-lists.ts';
import { daysInMonth } from './dates.ts';

describe('player page 1 lists (§5, §9)', () => {
  it('offers months 1-12 with names', () => {
    expect(BIRTH_MONTHS).toHaveLength(12);
    expect(BIRTH_MONTHS[0]).toEqual({ value: 1, name: 'January' });
    expect(BIRTH_MONTHS[11]).toEqual({ value: 12, name: 'December' });
    expect(BIRTH_MONTHS.map((month) => month.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('offers days 1-31, years 1971-2020, feet 3-8 and inches 0-11', () => {
    expect(BIRTH_DAYS).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
    expect(BIRTH_YEARS[0]).toBe(1971);
    expect(BIRTH_YEARS.at(-1)).toBe(2020);
    expect(BIRTH_YEARS).toHaveLength(50);
    expect(HEIGHT_FEET).toEqual([3, 4, 5, 6, 7, 8]);
    expect(HEIGHT_INCHES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(isBirthYear(1970)).toBe(false);
    expect(isBirthYear(2021)).toBe(false);
  });

  it('narrows the days to the chosen month and year', () => {
    expect(birthDaysFor(null)).toHaveLength(31);
    expect(birthDaysFor(4, 2010)).toHaveLength(30);
    expect(birthDaysFor(2, 2011)).toHaveLength(28);
    expect(birthDaysFor(2, 2012)).toHaveLength(29);
    expect(birthDaysFor(2, 2000)).toHaveLength(29);
    expect(birthDaysFor(2, null)).toHaveLength(29);
    expect(daysInMonth(2, 1900)).toBe(28);
  });

  it('agrees with the calendar for every offered month and year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.constantFrom(...BIRTH_YEARS), (month, year) => {
        const calendarDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(daysInMonth(month, year)).toBe(calendarDays);
        expect(isValidBirthDay(month, calendarDays, year)).toBe(true);
        expect(isValidBirthDay(month, calendarDays + 1, year)).toBe(false);
        expect(isValidBirthDay(month, 0, year)).toBe(false);
      }),
    );
  });
});
