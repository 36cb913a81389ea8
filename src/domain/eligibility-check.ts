/**
 * Whether an athlete may play for a team with an age rule, given the birth dates the rule allows (issue 32 point 1):
 * the athlete steps' guard (src/machines/athlete-steps.machine.ts) and the server's checks at claim and checkout.
 * Apart from the rules' date arithmetic (eligibility.ts), so the athlete steps, which every family login and
 * registration loads, carry only this.
 */

/** The birth dates a rule allows, both included (`YYYY-MM-DD`). */
export interface BirthDateRange {
  from: string;
  to: string;
}

/** Whether a date of birth falls in the range (ISO dates compare as text). */
export function isBirthDateInRange(birthDate: string, range: BirthDateRange): boolean {
  return birthDate >= range.from && birthDate <= range.to;
}

/**
 * Whether an athlete may play: the team has no rule, an exception was granted, or the date of birth is in the
 * rule's range. A missing date of birth is not eligible (it must be asked first).
 */
export function isEligible(input: {
  range: BirthDateRange | null;
  birthDate: string | null;
  hasException: boolean;
}): boolean {
  if (input.range === null || input.hasException) return true;
  return input.birthDate !== null && isBirthDateInRange(input.birthDate, input.range);
}

/**
 * Whether a text is a date of birth the athlete steps take (the `isBirthDate` guard): a `YYYY-MM-DD` date that exists,
 * from 1900 on. The same calendar as src/domain/dates.ts `isIsoDate` (UTC, no zone), through the platform's Date so
 * that the athlete steps, which every login loads, import no date module.
 */
export function isBirthDateText(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < '1900-01-01') return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}
