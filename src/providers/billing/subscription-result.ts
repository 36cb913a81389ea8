/**
 * §8 Subscription card status messages: `POST /api/subscribe/process` answers `{ status: 'error', message }` where the
 * message is one of the provider's card status codes or a text of its own (docs/api.md). A code's text is the
 * catalogue's (issue 31); any other text is the server's, already in the language in use, and is held as it came.
 */
import type { Message } from '../../i18n/runtime';

/**
 * The texts of the card status codes: 'Your card was declined. Please check your payment information and try again.',
 * "We didn't find your subscription plan", 'We had an error processing your card. Please try again later or contact
 * support.', 'We had a problem processing your card. Please try again later or contact support.'.
 */
export const CARD_STATUS_MESSAGES = {
  declined: { key: 'subscribe.cardDeclined' },
  nosubplan: { key: 'subscribe.cardNoPlan' },
  processor: { key: 'subscribe.cardProcessor' },
  error: { key: 'subscribe.cardError' },
} as const satisfies Record<string, Message>;

function isCardStatus(code: string): code is keyof typeof CARD_STATUS_MESSAGES {
  return Object.hasOwn(CARD_STATUS_MESSAGES, code);
}

/** The text for a failed purchase: the §8 message of a card status code, any other text as it is. */
export function subscriptionErrorText(message: string): Message | string {
  const code = message.trim();
  if (isCardStatus(code)) return CARD_STATUS_MESSAGES[code];
  // An empty message would leave the person with an empty alert; the 'error' text says what happened.
  return code === '' ? CARD_STATUS_MESSAGES.error : message;
}
