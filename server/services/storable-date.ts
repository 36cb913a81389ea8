/**
 * PostgreSQL's `date` has no year 0 (the year before 0001 is `0001-01-01 BC`), while a `YYYY-MM-DD` text of year 0000
 * is a calendar date to src/domain/dates.ts (ISO 8601's year 0000): such a date passed the forms' schemas and failed
 * the insert with a 500 ("date/time field value out of range"). Every date a request hands to SQL passes this check
 * after its schema: 422 on its field with the date forms' text.
 */
import { DATE_INVALID } from '../../src/domain/forms/admin-fields.ts';
import { validationError } from '../http/errors.ts';

/** Whether PostgreSQL can store a date the schema already accepted as `YYYY-MM-DD` (years 0001 to 9999). */
export function isStorableDate(isoDate: string): boolean {
  return !isoDate.startsWith('0000-');
}

/** 422 naming every field whose date PostgreSQL cannot store (null and absent dates pass). */
export function requireStorableDates(dates: Record<string, string | null | undefined>): void {
  const messages: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(dates)) {
    if (typeof value === 'string' && !isStorableDate(value)) messages[field] = [DATE_INVALID];
  }
  if (Object.keys(messages).length > 0) throw validationError(messages);
}
