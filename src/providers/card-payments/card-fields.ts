/**
 * The sandbox card form's field rules, with Stripe's own validation texts (§8: card and validation errors show the
 * provider's message), so a payer sees the same words offline as with Stripe Elements. The texts are the `card`
 * catalogue group's (issue 31): a field's problem is its key, said in the language in use where it shows.
 */
import { type Message, text } from '../../i18n/runtime';
import type { CardError } from './types';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export interface ParsedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Stripe Elements' own texts, as catalogue keys. */
export const CARD_MESSAGES = {
  numberIncomplete: 'card.numberIncomplete',
  numberInvalid: 'card.numberInvalid',
  expiryIncomplete: 'card.expiryIncomplete',
  expiryInvalid: 'card.expiryInvalid',
  expiryPast: 'card.expiryPast',
  cvcIncomplete: 'card.cvcIncomplete',
} as const;

/** A field's problem: one of Stripe Elements' validation texts. */
export type CardFieldProblem = (typeof CARD_MESSAGES)[keyof typeof CARD_MESSAGES];

export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Reads 'MM / YY', 'MM/YY', 'MMYY' or 'MM/YYYY'; null when it is not a month and year. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export type CardField = keyof CardFields;

/** The first problem of each field, in Stripe's words (catalogue keys); empty when the card can be sent. */
export function cardFieldErrors(fields: CardFields, now: Date): Partial<Record<CardField, CardFieldProblem>> {
  const errors: Partial<Record<CardField, CardFieldProblem>> = {};
  const digits = cardDigits(fields.number);
  if (!/^\d{12,19}$/.test(digits)) errors.number = CARD_MESSAGES.numberIncomplete;
  else if (!passesLuhn(digits)) errors.number = CARD_MESSAGES.numberInvalid;

  const digitsOfExpiry = fields.expiry.replace(/\D/g, '');
  const expiry = parseExpiry(fields.expiry);
  if (digitsOfExpiry.length < 4) errors.expiry = CARD_MESSAGES.expiryIncomplete;
  else if (expiry === null) errors.expiry = CARD_MESSAGES.expiryInvalid;
  else {
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    if (expiry.year * 12 + (expiry.month - 1) < thisMonth) errors.expiry = CARD_MESSAGES.expiryPast;
  }

  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = CARD_MESSAGES.cvcIncomplete;
  return errors;
}

/**
 * A validation error as Stripe.js reports it, with the catalogue's message (`text`, which the payment machines hold)
 * and its text in the language in use now (`message`, Stripe's field).
 */
function validationError(problem: CardFieldProblem, code?: string): CardError {
  const message: Message = { key: problem };
  return { type: 'validation_error', ...(code === undefined ? {} : { code }), message: text(message), text: message };
}

/** The card to send, or the validation error to show (the first field's, as Stripe reports one at a time). */
export function readCard(fields: CardFields, now: Date): { card: ParsedCard } | { error: CardError } {
  const errors = cardFieldErrors(fields, now);
  const field = (['number', 'expiry', 'cvc'] as const).find((name) => errors[name] !== undefined);
  const problem = field === undefined ? undefined : errors[field];
  if (field !== undefined && problem !== undefined) return { error: validationError(problem, `invalid_${field}`) };
  const expiry = parseExpiry(fields.expiry);
  if (expiry === null) return { error: validationError(CARD_MESSAGES.expiryInvalid) };
  return {
    card: { number: cardDigits(fields.number), expMonth: expiry.month, expYear: expiry.year, cvc: fields.cvc.trim() },
  };
}

/**
 * The sandbox's test cards answer Stripe's codes and English texts (server/providers/payments/test-cards.ts): the
 * catalogue's message for each code, so the payer reads it in the language in use. A code not known here keeps the
 * sandbox's text.
 */
const DECLINE_TEXTS: Readonly<Record<string, Message>> = {
  generic_decline: { key: 'card.declined' },
  insufficient_funds: { key: 'card.insufficientFunds' },
  test_mode_live_card: { key: 'card.testModeLiveCard' },
  authentication_required: { key: 'card.authenticationRequired' },
};
const CODE_TEXTS: Readonly<Record<string, Message>> = {
  expired_card: { key: 'card.expired' },
  incorrect_cvc: { key: 'card.incorrectCvc' },
  processing_error: { key: 'card.processingError' },
  authentication_required: { key: 'card.authenticationRequired' },
  incorrect_number: { key: 'card.incorrectNumber' },
  invalid_expiry_year: { key: 'card.invalidExpiryYear' },
  invalid_expiry_month: { key: 'card.invalidExpiryMonth' },
  invalid_cvc: { key: 'card.invalidCvc' },
  payment_intent_authentication_failure: { key: 'card.authenticationFailed' },
};

function sandboxTextOf(error: { code?: string | undefined; decline_code?: string | undefined }): Message | undefined {
  const code = error.code ?? '';
  if (code === 'card_declined') {
    const decline = error.decline_code ?? '';
    return Object.hasOwn(DECLINE_TEXTS, decline) ? DECLINE_TEXTS[decline] : { key: 'card.declined' };
  }
  return Object.hasOwn(CODE_TEXTS, code) ? CODE_TEXTS[code] : undefined;
}

/** A card error of the sandbox's server, with the catalogue's message for its code. */
export function sandboxCardError(error: {
  type: string;
  code?: string | undefined;
  decline_code?: string | undefined;
  message: string;
}): CardError {
  const message = sandboxTextOf(error);
  return message === undefined ? error : { ...error, text: message };
}
