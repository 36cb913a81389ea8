/**
 * Gregorian calendar arithmetic: leap years, month lengths, which dates exist. No instants and no time zones here;
 * src/domain/dates.ts, the product's one date module, builds on these and re-exports them.
 */

/** Whether a year is a Gregorian leap year (§5: February 29 only then). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1-12); without a year February has 29 so no real birthday is refused early (§2). */
export function daysInMonth(month: number, year?: number | null): number {
  if (month === 2) {
    return year === undefined || year === null || isLeapYear(year) ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether year, month (1-12) and day name a real calendar date. */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(month, year)
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of a `YYYY-MM-DD` calendar date that exists, else null. */
export function dateParts(text: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(text);
  const parts = match && { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  // Year 0000 is ISO 8601's, not the calendar's (PostgreSQL's `date` has none: the year before 0001 is 1 BC).
  return parts && parts.year >= 1 && isRealDate(parts.year, parts.month, parts.day) ? parts : null;
}

/** Whether a text is a `YYYY-MM-DD` calendar date that exists (2027-02-30 and year 0000 do not). */
export function isIsoDate(text: string): boolean {
  return dateParts(text) !== null;
}
