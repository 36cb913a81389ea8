/**
 * Every date rule of the product, one copy for the site and the server (design.md §10).
 *
 * One time-zone decision: the product's calendar is UTC.
 * - A calendar date is a `YYYY-MM-DD` string with no zone: a season's start, an instalment, a licence's expiry, a
 *   birthday. It is compared as text (ISO dates sort as strings) and, where an instant is needed, begins at
 *   00:00 UTC.
 * - "Now" is an instant (a `Date`). Its calendar date, "today", is its UTC date, on the server and in every browser
 *   alike: the server's today (which instalments are still to come, whether a licence has expired) and the site's
 *   (whether the season has started, §9) are the same day wherever the payer is.
 * - An instant the API sends (`paid_through`, ISO 8601) is shown as its UTC calendar date; a date-time without an
 *   offset is read as UTC. Other spellings (`03/01/2027`, RFC 2822) are not read: JavaScript would take them as the
 *   machine's local time.
 * - `formatDisplayDate` is the one display format, en-US: 'Mar 1, 2027' (the `*_formatted` fields, the season start)
 *   or, long, 'March 1, 2027' (the dashboard's paid-through date).
 *
 * Nothing here reads the machine's zone (no local-time getters or constructors), so every result is the same under
 * any TZ. Pure: no I/O.
 */

import { dateParts, daysInMonth, isIsoDate } from './calendar.ts';

// The Gregorian arithmetic (leap years, month lengths) lives in calendar.ts, which involves no zone, so that a page
// that only lists birth days does not load the rest; it is part of this module's API.
export { daysInMonth, isIsoDate, isLeapYear, isRealDate } from './calendar.ts';

const DAY_MS = 86_400_000;
/** `YYYY-MM-DDTHH:MM[:SS[.fff]]` with an optional `Z` or `±HH:MM` offset. */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** 'Mar 1, 2027' or, long, 'March 1, 2027'. */
export type DisplayStyle = 'short' | 'long';

/**
 * The month names of en-US. The display format is written out instead of asked of `Intl.DateTimeFormat`: the first
 * Intl object of a page loads ICU's data, tens of milliseconds of a phone's main thread on the pages that show a
 * date at start (/payment's plans; docs/architecture.md §10 "Start-up work"). `dates.test.ts` checks every style
 * against Intl's en-US, UTC output. The birth-month list (date-lists.ts) uses the same names.
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The parts of a `YYYY-MM-DD` calendar date; throws a RangeError for anything else. */
export function parseIsoDate(text: string): { year: number; month: number; day: number } {
  const parts = dateParts(text);
  if (parts === null) {
    throw new RangeError(`not a YYYY-MM-DD date: ${text}`);
  }
  return parts;
}

function isoDateOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date of an instant: its UTC date ("today" of `now`). */
export function toIsoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The instant a calendar date begins: 00:00 UTC. */
export function startOfDate(isoDate: string): Date {
  const { year, month, day } = parseIsoDate(isoDate);
  return new Date(Date.UTC(year, month - 1, day));
}

/** The instant a calendar date ends: 00:00 UTC of the next day (access "until the end of" a date stops then). */
export function endOfDate(isoDate: string): Date {
  return addDays(startOfDate(isoDate), 1);
}

/**
 * Adds calendar months; a day that does not exist in the target month becomes its last day (Jan 31 + 1 month =
 * Feb 28/29), as billing schedules do.
 */
export function addMonths(isoDate: string, months: number): string {
  const { year, month, day } = parseIsoDate(isoDate);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  return isoDateOf(targetYear, targetMonth, Math.min(day, daysInMonth(targetMonth, targetYear)));
}

/** An instant some calendar months later, at the same UTC time of day, with `addMonths`'s month-end rule. */
export function addMonthsToInstant(instant: Date, months: number): Date {
  const date = toIsoDate(instant);
  const timeOfDay = instant.getTime() - startOfDate(date).getTime();
  return new Date(startOfDate(addMonths(date, months)).getTime() + timeOfDay);
}

/** An instant some whole days (of 24 hours) later; negative days go back. */
export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}

/** Whole days from `now` until an instant, a part day counting as one; never negative. */
export function daysUntil(instant: Date, now: Date): number {
  return Math.max(0, Math.ceil((instant.getTime() - now.getTime()) / DAY_MS));
}

/**
 * Reads what the API sends as a date or an instant: a `YYYY-MM-DD` date is its 00:00 UTC, an ISO 8601 date-time is
 * read as given (as UTC without an offset). Null for null, blank, another spelling, or a date that does not exist.
 */
export function parseInstant(text: string | null | undefined): Date | null {
  const trimmed = text?.trim() ?? '';
  if (isIsoDate(trimmed)) {
    return startOfDate(trimmed);
  }
  const match = ISO_DATE_TIME.exec(trimmed);
  if (match === null || !isIsoDate(match[1] as string)) {
    return null;
  }
  const instant = new Date(match[2] === undefined ? `${trimmed}Z` : trimmed);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The Intl locale dates are written for: 'en-US' (written out, below) unless a page is in another language. */
export const ENGLISH_DATES = 'en-US';

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/** Another language's dates from Intl (issue 31: '1 mar 2027', '1 de marzo de 2027' in es-US), made on first use. */
function intlDisplayDate(instant: Date, style: DisplayStyle, locale: string): string {
  const key = `${style}|${locale}`;
  const format =
    displayFormats.get(key) ??
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: style, year: 'numeric', timeZone: 'UTC' });
  displayFormats.set(key, format);
  return format.format(instant);
}

/**
 * `2027-03-01` → 'Mar 1, 2027' (or 'March 1, 2027' long): the display strings of dates, the same in every zone. In
 * another language (`locale`, the Intl locale of the language in use) Intl writes it: '1 de marzo de 2027'.
 */
export function formatDisplayDate(isoDate: string, style: DisplayStyle = 'short', locale = ENGLISH_DATES): string {
  // The instant's UTC date, as Intl read it (startOfDate's Date.UTC takes years 0-99 as 1900-1999).
  const instant = startOfDate(isoDate);
  if (locale !== ENGLISH_DATES) return intlDisplayDate(instant, style, locale);
  const name = MONTH_NAMES[instant.getUTCMonth()] ?? '';
  return `${style === 'short' ? name.slice(0, 3) : name} ${instant.getUTCDate()}, ${instant.getUTCFullYear()}`;
}

/** The calendar date of a date or date-time text (see `parseInstant`) for display, or null when unreadable. */
export function formatDateText(
  text: string | null | undefined,
  style: DisplayStyle = 'short',
  locale = ENGLISH_DATES,
): string | null {
  const instant = parseInstant(text);
  return instant === null ? null : formatDisplayDate(toIsoDate(instant), style, locale);
}

/** A season's start date as 'Mar 1, 2027'; an unreadable one is shown as it came. */
export function formatSeasonDate(startDate: string, locale = ENGLISH_DATES): string {
  return formatDateText(startDate, 'short', locale) ?? startDate;
}

/**
 * A season has started when its start date is at or before now (§9): a `YYYY-MM-DD` start counts from 00:00 UTC of
 * that day, a date-time as given. An unreadable or impossible date has not started.
 */
export function hasSeasonStarted(startDate: string, now: Date): boolean {
  const start = parseInstant(startDate);
  return start !== null && start.getTime() <= now.getTime();
}

/**
 * Issue 21 point 3: when a waitlist offer's hold ends. Made on first use: built when the module loaded, it cost every
 * licence page tens of milliseconds of its start on a phone (time zone names; docs/architecture.md §10).
 */
const holdFormats = new Map<string, Intl.DateTimeFormat>();
const holdFormatter = (locale: string) => {
  const format =
    holdFormats.get(locale) ??
    new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
  holdFormats.set(locale, format);
  return format;
};

/**
 * When an offer's hold ends, for the family: date and time in the reader's own zone, named ('Nov 28, 2026, 6:00 PM
 * UTC'), since 48 hours end at a time of day. An unreadable value is shown as it came.
 */
export function formatHoldUntil(expiresAt: string, locale = ENGLISH_DATES): string {
  const instant = parseInstant(expiresAt);
  return instant === null ? expiresAt : holdFormatter(locale).format(instant);
}
