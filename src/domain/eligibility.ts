/**
 * Issue 32 point 1: a team's age rule, one copy for the site and the server. Pure calendar arithmetic on
 * `YYYY-MM-DD` dates (src/domain/dates.ts): no instants, no time zones.
 *
 * A rule is an age-determination date and the ages allowed on it (`minAge` to `maxAge`, both included). The date
 * comes from a preset, worked out from the season's year (the year of the season's start date), or is a custom date
 * the owner typed:
 * - `us-soccer`: US Soccer age groups (August 1 – July 31): age on July 31 that ends the year before the seasonal
 *   year (August 1 – July 31) the season starts in. A 2026–27 season (starting between August 1, 2026 and July 31,
 *   2027) counts age on July 31, 2026: U12 is age 11, born August 1, 2014 – July 31, 2015.
 * - `little-league-baseball`: age on August 31 of the season's year.
 * - `little-league-softball`: age on December 31 of the year before the season's year.
 * - `birth-year`: age on December 31 of the season's year (so an age is a birth year).
 * - `custom`: age on `customDate`.
 *
 * The ages allowed become a range of birth dates ('Born between {from} and {to}'); a date of birth is eligible when
 * it falls in it. Someone born on February 29 has a birthday on March 1 in other years (age counts full years).
 */
import { daysInMonth, isIsoDate, parseIsoDate } from './dates.ts';
import type { BirthDateRange } from './eligibility-check.ts';

export { type BirthDateRange, isBirthDateInRange, isEligible } from './eligibility-check.ts';

export const AGE_RULE_PRESETS = [
  'us-soccer',
  'little-league-baseball',
  'little-league-softball',
  'birth-year',
  'custom',
] as const;

export type AgeRulePreset = (typeof AGE_RULE_PRESETS)[number];

/** The oldest age a rule may name (the console's field bounds). */
export const MAX_RULE_AGE = 99;

export interface AgeRule {
  preset: AgeRulePreset;
  /** `YYYY-MM-DD`, only with the `custom` preset (null otherwise). */
  customDate: string | null;
  minAge: number;
  maxAge: number;
}

function isoDateOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The same day `years` years earlier; February 29 becomes February 28 in a year without it. */
function yearsBefore(isoDate: string, years: number): string {
  const { year, month, day } = parseIsoDate(isoDate);
  const target = year - years;
  return isoDateOf(target, month, Math.min(day, daysInMonth(month, target)));
}

/** The next calendar day. */
function dayAfter(isoDate: string): string {
  const { year, month, day } = parseIsoDate(isoDate);
  if (day < daysInMonth(month, year)) return isoDateOf(year, month, day + 1);
  return month < 12 ? isoDateOf(year, month + 1, 1) : isoDateOf(year + 1, 1, 1);
}

/** The season's year: the year of its start date (`YYYY-MM-DD`). */
export function seasonYear(seasonStartDate: string): number {
  return parseIsoDate(seasonStartDate).year;
}

/** The date a rule counts age on, for a season starting on `seasonStartDate`. */
export function ageDeterminationDate(rule: Pick<AgeRule, 'preset' | 'customDate'>, seasonStartDate: string): string {
  const start = parseIsoDate(seasonStartDate);
  switch (rule.preset) {
    case 'us-soccer':
      // The seasonal year starts on August 1; age counts on the July 31 just before it.
      return isoDateOf(start.month >= 8 ? start.year : start.year - 1, 7, 31);
    case 'little-league-baseball':
      return isoDateOf(start.year, 8, 31);
    case 'little-league-softball':
      return isoDateOf(start.year - 1, 12, 31);
    case 'birth-year':
      return isoDateOf(start.year, 12, 31);
    case 'custom':
      if (rule.customDate === null || !isIsoDate(rule.customDate)) {
        throw new RangeError('a custom age rule needs its date');
      }
      return rule.customDate;
  }
}

/** Full years of age on `onDate` of someone born on `birthDate` (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, onDate: string): number {
  const birth = parseIsoDate(birthDate);
  const on = parseIsoDate(onDate);
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

/** The birth dates allowed by ages `minAge` to `maxAge` on `onDate`. */
export function birthDateRangeOn(onDate: string, minAge: number, maxAge: number): BirthDateRange {
  // Aged at least minAge: born on or before onDate minus minAge years. At most maxAge: born after onDate minus
  // (maxAge + 1) years.
  return { from: dayAfter(yearsBefore(onDate, maxAge + 1)), to: yearsBefore(onDate, minAge) };
}

/** The birth dates a team's rule allows in its season ('Born between {from} and {to}'). */
export function birthDateRange(rule: AgeRule, seasonStartDate: string): BirthDateRange {
  return birthDateRangeOn(ageDeterminationDate(rule, seasonStartDate), rule.minAge, rule.maxAge);
}

/** A date of birth a family may give: a real date, not after today (`today`, `YYYY-MM-DD`), not before 1900. */
export function isPossibleBirthDate(text: string, today: string): boolean {
  return isIsoDate(text) && text >= '1900-01-01' && text <= today;
}

/** Why a rule cannot be saved (null: it can): ages whole, 0 to 99, min ≤ max; a custom date only with `custom`. */
export function ageRuleProblem(rule: AgeRule): 'ages' | 'customDate' | null {
  const age = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_RULE_AGE;
  if (!age(rule.minAge) || !age(rule.maxAge) || rule.minAge > rule.maxAge) return 'ages';
  if (rule.preset === 'custom' ? rule.customDate === null || !isIsoDate(rule.customDate) : rule.customDate !== null) {
    return 'customDate';
  }
  return null;
}
