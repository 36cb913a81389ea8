/**
 * The phone rules the API server enforces on an account's phone (server/http/openapi.ts `phone`, built from these
 * constants), so a form refuses what the server refuses (issue 19 point 3). The server judges the trimmed text: at
 * most PHONE_MAX_LENGTH characters, only PHONE_CHARACTERS, and when anything is entered at least PHONE_DIGITS digits
 * (spec §5, §9: mask 000-000-0000; the form shows its own §5 text for that one).
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { PHONE_DIGITS } from '../phone.ts';

/** The longest phone text the server stores. */
export const PHONE_MAX_LENGTH = 32;
/** What a phone may be written with: digits, spaces and + ( ) . - */
export const PHONE_CHARACTERS = /^[0-9+().\s-]*$/;

/** Keys of the `form` catalogue group, whose texts state these rules. */
export const PHONE_TOO_LONG = 'form.phoneTooLong' satisfies FormKey;
export const PHONE_CHARACTERS_INVALID = 'form.phoneCharacters' satisfies FormKey;

/** Whether a phone text, as the server trims it, has the digits a complete number has (or is empty). */
export function hasPhoneDigits(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.replace(/\D/g, '').length >= PHONE_DIGITS;
}

/**
 * An optional phone as the server judges it: empty, or complete (`incomplete` is the form's own text for too few
 * digits), short enough and of the allowed characters.
 */
export function optionalPhone(incomplete: FormKey) {
  return z.string().check(
    z.refine(hasPhoneDigits, incomplete),
    z.refine((value) => value.trim().length <= PHONE_MAX_LENGTH, PHONE_TOO_LONG),
    z.refine((value) => PHONE_CHARACTERS.test(value.trim()), PHONE_CHARACTERS_INVALID),
  );
}
