/** Phone rules of spec §5 and §9: the 000-000-0000 mask and the 10-character minimum. */

/** The mask pattern shown by phone inputs (§5, §9). */
export const PHONE_MASK = '000-000-0000';

/** Digits a complete phone number has (§9: mask 000-000-0000). */
export const PHONE_DIGITS = 10;

/** The digits of a phone text, at most the ten the mask holds (§5). */
export function phoneDigits(text: string): string {
  return text.replace(/\D/gu, '').slice(0, PHONE_DIGITS);
}

/** Formats text as typed into 000-000-0000: digits only, at most 10, dashes once the next group starts (§5). */
export function maskPhone(text: string): string {
  const digits = phoneDigits(text);
  const groups = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter((group) => group !== '');
  return groups.join('-');
}

/**
 * Whether a phone value is acceptable (§5, §9: at least 10 characters when entered). The characters counted are
 * digits: the mask's dashes are not typed, and counting them would accept 8 digits ('123-456-78').
 * An empty value is valid only where the field is optional.
 */
export function isValidPhone(text: string, { optional }: { optional: boolean }): boolean {
  const digits = phoneDigits(text);
  if (digits === '') {
    return optional;
  }
  return digits.length >= PHONE_DIGITS;
}
