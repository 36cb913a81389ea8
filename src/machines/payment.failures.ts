/**
 * How a failed call of the payment flow becomes a §8 text: the server's own text (already in the language in use),
 * else a catalogue message of the flow's (payment-texts.ts). These read the API layer's ApiError, which src/domain
 * may not import, so they live beside the machine that shows them.
 */
import { ApiError } from '../api/errors';
import type { Message } from '../i18n/runtime';
import { CARD_TEXTS, PAYMENT_TEXTS, type ShownText } from './payment-texts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * §8 checkout failure: the server's `error`, else its message, else the fallback ('Something went wrong' for a card
 * checkout, 'Something went wrong.' for a full-discount one). Only the server's own texts replace the fallback: a
 * failure without an answer (offline, timeout, an unreadable answer) shows the fallback too.
 */
export function checkoutFailureText(err: unknown, fallback: Message): ShownText {
  if (!(err instanceof ApiError) || err.kind !== 'http') return fallback;
  const body = isRecord(err.body) ? err.body : {};
  const serverError = nonEmpty(body.error) ?? (isRecord(body.error) ? nonEmpty(body.error.message) : null);
  return serverError ?? nonEmpty(body.message) ?? fallback;
}

/**
 * Recording a payment after the return from the card provider failed: a page of its own with 'Try again' (§8 general
 * mapping), where a failure without an answer (offline, timeout) says why; otherwise as a checkout failure.
 */
export function recordAfterReturnFailureText(err: unknown): ShownText {
  if (err instanceof ApiError && err.kind !== 'http') return nonEmpty(err.message) ?? CARD_TEXTS.somethingWentWrong;
  return checkoutFailureText(err, CARD_TEXTS.somethingWentWrong);
}

/** §8 discount lookup failure: the server's error message, else 'Code not found.'. */
export function discountFailureText(err: unknown): ShownText {
  if (err instanceof ApiError && err.kind === 'http') {
    const body = isRecord(err.body) ? err.body : {};
    return nonEmpty(body.error) ?? nonEmpty(body.message) ?? PAYMENT_TEXTS.codeNotFound;
  }
  return PAYMENT_TEXTS.codeNotFound;
}

/**
 * Issue 32 point 3: the server's text when Pay Now was refused because the waiver changed since it was shown (422 on
 * `waiver_version`, in the language in use: 'The waiver has changed since you read it. Read the new text and agree to
 * it again.'); null for any other failure. Nothing was charged: the checkout refuses before any intent is opened.
 */
export function waiverChangedText(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.kind !== 'http' || err.status !== 422) return null;
  return err.messages.waiver_version?.find((text) => text.trim() !== '') ?? null;
}
