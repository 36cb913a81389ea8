/**
 * The billing sandbox's checks of a card and its billing address, made in the browser before the card is sent, as
 * Recurly.js checks its fields (issue 31): the same rules and the same English texts as the server's sandbox
 * (server/providers/billing/sandbox-billing.ts, `validateTokenRequest`), here as catalogue messages, so a person reads
 * them in the language in use. The server still checks everything; its answer is the fallback.
 */
import type { Message } from '../../i18n/runtime';
import type { BillingAddress } from './billing-provider';

/** What the sandbox exchanges for a token: the card as typed and the billing address. */
export interface SandboxTokenRequest extends BillingAddress {
  readonly number: string;
  readonly month: string;
  readonly year: string;
  readonly cvv: string;
}

const NUMBER_INVALID: Message = { key: 'subscribe.cardNumberInvalid' };
const MONTH_INVALID: Message = { key: 'subscribe.expirationMonthInvalid' };
const YEAR_INVALID: Message = { key: 'subscribe.expirationYearInvalid' };
const CARD_EXPIRED: Message = { key: 'subscribe.cardExpired' };
const CVV_INVALID: Message = { key: 'subscribe.securityCodeInvalid' };
const POSTAL_CODE_INVALID: Message = { key: 'subscribe.postalCodeInvalid' };

/** The address fields with a length limit, their limit and their text (the billing form checks they are filled). */
const LONGEST: ReadonlyArray<readonly [keyof BillingAddress, number, Message]> = [
  ['first_name', 50, { key: 'subscribe.firstNameTooLong' }],
  ['last_name', 50, { key: 'subscribe.lastNameTooLong' }],
  ['address1', 100, { key: 'subscribe.addressTooLong' }],
  ['city', 50, { key: 'subscribe.cityTooLong' }],
];

/** Card networks do not issue cards valid this many years ahead (as the server's sandbox). */
const MAX_YEARS_AHEAD = 50;

/** The Luhn checksum of 12 to 19 digits. */
function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A month or year as a form field holds it: one to four digits, else none. */
function smallNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}

/** A card is valid through the last day of its expiry month (UTC, as processors compare); 'YY' means 20YY. */
function expiryProblem(month: number, year: number, now: Date): 'year' | 'month' | null {
  if (month < 1 || month > 12) return 'month';
  const fullYear = year < 100 ? 2000 + year : year;
  const currentYear = now.getUTCFullYear();
  if (fullYear < currentYear || fullYear > currentYear + MAX_YEARS_AHEAD) return 'year';
  if (fullYear === currentYear && month < now.getUTCMonth() + 1) return 'month';
  return null;
}

/**
 * Every problem of the request, in the order the server's sandbox lists them (by field, each field's in order, the
 * expiry last); none when the card can be sent.
 */
export function sandboxCardProblems(request: SandboxTokenRequest, now: Date): Message[] {
  const problems = new Map<string, Message[]>();
  const add = (field: string, message: Message) => problems.set(field, [...(problems.get(field) ?? []), message]);

  if (!passesLuhn(request.number.replace(/[\s-]/g, ''))) add('number', NUMBER_INVALID);
  const month = smallNumber(request.month);
  if (month === null || month < 1 || month > 12) add('month', MONTH_INVALID);
  const year = smallNumber(request.year);
  if (year === null) add('year', YEAR_INVALID);
  if (!/^\d{3,4}$/.test(request.cvv.trim())) add('cvv', CVV_INVALID);
  for (const [field, longest, message] of LONGEST) {
    if (request[field].trim().length > longest) add(field, message);
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(request.postal_code.trim())) add('postal_code', POSTAL_CODE_INVALID);
  // The expiry is checked once month and year read as numbers.
  if (month !== null && year !== null) {
    const expired = expiryProblem(month, year, now);
    if (expired !== null) add(expired, CARD_EXPIRED);
  }
  return [...problems.values()].flat();
}
