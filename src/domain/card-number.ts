/**
 * Card-number rules shared by the two card sandboxes (server/providers) and the site's sandbox billing form
 * (src/providers/billing/sandbox-card-rules.ts), which checks a card before sending it, as Recurly.js does.
 */

/** Digits only: people type card numbers with spaces or dashes. */
export function normalizeCardNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number passes; catches typos before any "charge". */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Two-digit years mean 20xx, as card forms print them. */
export function fullExpiryYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** Card networks do not issue cards valid this many years ahead; processors reject such years. */
const MAX_YEARS_AHEAD = 50;

/** A card is valid through the last day of its expiry month (UTC, as processors compare). */
export function expiryState(month: number, year: number, now: Date): 'valid' | 'invalid-year' | 'invalid-month' {
  if (!Number.isInteger(month) || month < 1 || month > 12) return 'invalid-month';
  const fullYear = fullExpiryYear(year);
  const currentYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || fullYear < currentYear || fullYear > currentYear + MAX_YEARS_AHEAD) {
    return 'invalid-year';
  }
  if (fullYear === currentYear && month < now.getUTCMonth() + 1) return 'invalid-month';
  return 'valid';
}
