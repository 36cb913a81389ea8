/**
 * The field rules of the club console's set-up forms (issue 22 points 2 and 6), one copy for the /admin site and the
 * server. Each form module (./admin-season.ts, ./admin-team.ts, ...) builds from these:
 * - a `…BodySchema`: the wire body of its `/api/admin` call, money in integer cents (`*_cents`), which the server
 *   validates every request with (server/http/form-body.ts), so a 422's `messages` are keyed by the body's fields;
 * - a `…FormSchema` over the form's values as typed (all text, so they fit `useForm`), whose field keys are the
 *   body's keys: an error the server answers lands on the field that shows it. Money is typed in dollars
 *   ('450', '450.00', '$1,250.50') and converted to cents by the form schema, which then applies the body's rules.
 *
 * Messages are keys of the `form` catalogue group (src/domain/form-schema.ts), whose texts state the limits below
 * (admin-forms.test.ts checks that they agree).
 */
import { z } from 'zod/mini';
import { isIsoDate } from '../dates.ts';
import type { FormKey } from '../form-schema.ts';

/** The largest amount a form takes: $1,000,000.00. */
export const MONEY_MAX_CENTS = 100_000_000;
/** PostgreSQL `integer` ids (server/http/ids.ts). */
export const ADMIN_ID_MAX = 2_147_483_647;
export const TEXT_MAX_LENGTH = 255;
export const WAIVER_MAX_LENGTH = 20_000;

export const AMOUNT_INVALID = 'form.amountInvalid' satisfies FormKey;
export const AMOUNT_TOO_BIG = 'form.amountTooBig' satisfies FormKey;
export const WHOLE_CENTS = 'form.wholeCents' satisfies FormKey;
export const DATE_INVALID = 'form.dateInvalid' satisfies FormKey;
export const CODE_INVALID = 'form.codeInvalid' satisfies FormKey;
export const CODE_REQUIRED = 'form.codeRequired' satisfies FormKey;
export const PERCENT_INVALID = 'form.percentInvalid' satisfies FormKey;
export const TEXT_TOO_LONG = 'form.textTooLong' satisfies FormKey;
export const WAIVER_TOO_LONG = 'form.waiverTooLong' satisfies FormKey;
export const SELECTION_INVALID = 'form.selectionInvalid' satisfies FormKey;

/** A dollar text as cents: '$1,250.5' → 125050; '' → undefined (missing); anything else → NaN (refused). */
export function dollarsTextToCents(text: string): number | undefined {
  const plain = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (plain === '') return undefined;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the text a form shows: 45000 → '450.00'. */
export function centsToDollarsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A whole-number text ('' → undefined, anything but digits → NaN): seats, percents. */
export function wholeTextToNumber(text: string): number | undefined {
  const plain = text.trim();
  if (plain === '') return undefined;
  return /^\d{1,9}$/.test(plain) ? Number(plain) : Number.NaN;
}

/** An id text of a select: '' → null (none chosen), digits → the id, anything else → NaN (refused). */
export function idTextToId(text: string): number | null {
  const plain = text.trim();
  if (plain === '') return null;
  return /^\d{1,10}$/.test(plain) ? Number(plain) : Number.NaN;
}

/** An amount in cents: `required` when missing. */
export function centsField(required: FormKey) {
  return z
    .int({
      error: (issue) =>
        issue.input === undefined ? required : Number.isNaN(issue.input) ? AMOUNT_INVALID : WHOLE_CENTS,
    })
    .check(z.minimum(0, AMOUNT_INVALID), z.maximum(MONEY_MAX_CENTS, AMOUNT_TOO_BIG));
}

/**
 * A whole number from `min` to `max` (seats, percents). `required` is a `FormKey` (a plain English string is still
 * taken while ./admin-settings.ts moves to keys: the site then shows it as it is).
 */
export function wholeField(required: FormKey, invalid: FormKey, min: number, max: number) {
  return z
    .int({ error: (issue) => (issue.input === undefined ? required : invalid) })
    .check(z.minimum(min, invalid), z.maximum(max, invalid));
}

/** A percent from 0 to 100. */
export const percentField = (required: FormKey) => wholeField(required, PERCENT_INVALID, 0, 100);

/** An id of a row the form chose (a season, a protection plan), or null for none. */
export const optionalIdField = z.nullable(
  z
    .int({ error: SELECTION_INVALID })
    .check(z.minimum(1, SELECTION_INVALID), z.maximum(ADMIN_ID_MAX, SELECTION_INVALID)),
);

/** A required text, trimmed, at most `max` characters (`required`: see `wholeField`, for ./admin-draft.ts). */
export function textField(required: FormKey, max = TEXT_MAX_LENGTH) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(max, max === TEXT_MAX_LENGTH ? TEXT_TOO_LONG : WAIVER_TOO_LONG),
    );
}

/** A `YYYY-MM-DD` calendar date that exists. */
export function dateField(required: FormKey) {
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.refine((value) => value === '' || isIsoDate(value), DATE_INVALID),
  );
}

/** A licence or discount code: 3 to 32 letters, digits and dashes, stored upper-case (the API finds it in any case). */
export const codeField = z.string({ error: CODE_REQUIRED }).check(
  z.trim(),
  z.minLength(1, CODE_REQUIRED),
  z.refine((value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9-]{1,30}[A-Za-z0-9]$/.test(value), CODE_INVALID),
  z.toUpperCase(),
);
