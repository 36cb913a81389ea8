/** Option lists of the player profile's first page (spec §2 Player profile, §5, §9). */

import { daysInMonth } from './calendar.ts';
import { MONTH_NAMES } from './dates.ts';

/** A numbered option with its label (§2 Player profile selects). */
export interface NumberOption {
  readonly value: number;
  readonly name: string;
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** Birth months 1-12 with their English names (§2). */
export const BIRTH_MONTHS: readonly NumberOption[] = MONTH_NAMES.map((name, index) => ({ value: index + 1, name }));

/** First and last birth year offered (§5, §9: 1971 to 2020). */
export const FIRST_BIRTH_YEAR = 1971;
export const LAST_BIRTH_YEAR = 2020;

/** Birth years offered, 1971 to 2020 (§5, §9). */
export const BIRTH_YEARS: readonly number[] = range(FIRST_BIRTH_YEAR, LAST_BIRTH_YEAR);

/** Every birth day 1-31, before a month is chosen (§2). */
export const BIRTH_DAYS: readonly number[] = range(1, 31);

/** Height feet offered, 3 to 8 (§5, §9). */
export const HEIGHT_FEET: readonly number[] = range(3, 8);

/** Height inches offered, 0 to 11 (§5, §9). */
export const HEIGHT_INCHES: readonly number[] = range(0, 11);

/** The birth days valid for the chosen month and year; all 31 until a month is chosen (§2). */
export function birthDaysFor(month: number | null | undefined, year?: number | null): readonly number[] {
  if (month === null || month === undefined || !isBirthMonth(month)) {
    return BIRTH_DAYS;
  }
  return range(1, daysInMonth(month, year));
}

/** Whether a value is a birth month 1-12 (§5). */
export function isBirthMonth(month: number): boolean {
  return Number.isInteger(month) && month >= 1 && month <= 12;
}

/** Whether a value is an offered birth year, 1971-2020 (§9). */
export function isBirthYear(year: number): boolean {
  return Number.isInteger(year) && year >= FIRST_BIRTH_YEAR && year <= LAST_BIRTH_YEAR;
}

/** Whether day/month/year name a real calendar date (§5: the birth date parts must be valid). */
export function isValidBirthDay(month: number, day: number, year?: number | null): boolean {
  return isBirthMonth(month) && Number.isInteger(day) && day >= 1 && day <= daysInMonth(month, year);
}
