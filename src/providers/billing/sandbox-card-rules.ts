/**
 * The billing sandbox's checks of a card and its billing address, made in the browser before the card is sent, as
 * Recurly.js checks its fields (issue 31): the same rules and the same English texts as the server's sandbox
 * (server/providers/billing/sandbox-billing.ts, `validateTokenRequest`), here as catalogue messages, so a person reads
 * them in the language in use. The server still checks everything; its answer is the fallback.
 */

import { expiryState, normalizeCardNumber, passesLuhn } from '../../domain/card-number';
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

/** A month or year as a form field holds it: one to four digits, else none. */
function smallNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The field a past or impossible expiry is refused on (the server's sandbox rule, src/domain/card-number.ts). */
function expiryProblem(month: number, year: number, now: Date): 'year' | 'month' | null {
  const state = expiryState(month, year, now);
  return state === 'invalid-month' ? 'month' : state === 'invalid-year' ? 'year' : null;
}

/**
 * Every problem of the request, in the order the server's sandbox lists them (by field, each field's in order, the
 * expiry last); none when the card can be sent.
 */
export function sandboxCardProblems(request: SandboxTokenRequest, now: Date): Message[] {
  const problems = new Map<string, Message[]>();
  const add = (field: string, message: Message) => problems.set(field, [...(problems.get(field) ?? []), message]);

  if (!passesLuhn(normalizeCardNumber(request.number))) add('number', NUMBER_INVALID);
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
