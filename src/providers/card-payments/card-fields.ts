/**
 * The sandbox card form's field rules, with Stripe's own validation texts (§8: card and validation errors show the
 * provider's message), so a payer sees the same words offline as with Stripe Elements.
 */
import { t } from '../../i18n/runtime';
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

/** Stripe Elements' own texts, in the language in use (the `card` catalogue group, issue 31). */
export const CARD_MESSAGES = {
  get numberIncomplete() {
    return t('card.numberIncomplete');
  },
  get numberInvalid() {
    return t('card.numberInvalid');
  },
  get expiryIncomplete() {
    return t('card.expiryIncomplete');
  },
  get expiryInvalid() {
    return t('card.expiryInvalid');
  },
  get expiryPast() {
    return t('card.expiryPast');
  },
  get cvcIncomplete() {
    return t('card.cvcIncomplete');
  },
};

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

/** The first problem of each field, in Stripe's words; empty when the card can be sent. */
export function cardFieldErrors(fields: CardFields, now: Date): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
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

/** The card to send, or the validation error to show (the first field's, as Stripe reports one at a time). */
export function readCard(fields: CardFields, now: Date): { card: ParsedCard } | { error: CardError } {
  const errors = cardFieldErrors(fields, now);
  const field = (['number', 'expiry', 'cvc'] as const).find((name) => errors[name] !== undefined);
  if (field !== undefined) {
    return { error: { type: 'validation_error', code: `invalid_${field}`, message: errors[field] } };
  }
  const expiry = parseExpiry(fields.expiry);
  if (expiry === null) return { error: { type: 'validation_error', message: CARD_MESSAGES.expiryInvalid } };
  return {
    card: { number: cardDigits(fields.number), expMonth: expiry.month, expYear: expiry.year, cvc: fields.cvc.trim() },
  };
}
