/**
 * Calendar dates as `YYYY-MM-DD` strings in UTC. The server computes schedules on dates, never on local clock
 * times, so a schedule does not depend on the machine's time zone.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const displayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The UTC calendar date of an instant. */
export function toIsoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function parseIsoDate(text: string): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(text);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${text}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** `2027-03-01` → `Mar 1, 2027`: the display strings of the `*_formatted` fields. */
export function formatDisplayDate(isoDate: string): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return displayFormat.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * Adds calendar months; a day that does not exist in the target month becomes its last day (Jan 31 + 1 month =
 * Feb 28/29), as billing schedules do.
 */
export function addMonths(isoDate: string, months: number): string {
  const { year, month, day } = parseIsoDate(isoDate);
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return toIsoDate(new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))));
}

export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * 24 * 60 * 60 * 1000);
}

/** Whether a YYYY-MM-DD string names a real calendar date. */
export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
