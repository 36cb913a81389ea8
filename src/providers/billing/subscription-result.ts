/**
 * §8 Subscription card status messages: `POST /api/subscribe/process` answers `{ status: 'error', message }` where the
 * message is one of the provider's card status codes or a text of its own (docs/api.md).
 */

export const CARD_STATUS_MESSAGES: Readonly<Record<'declined' | 'nosubplan' | 'processor' | 'error', string>> = {
  declined: 'Your card was declined. Please check your payment information and try again.',
  nosubplan: "We didn't find your subscription plan",
  processor: 'We had an error processing your card. Please try again later or contact support.',
  error: 'We had a problem processing your card. Please try again later or contact support.',
};

function isCardStatus(code: string): code is keyof typeof CARD_STATUS_MESSAGES {
  return Object.hasOwn(CARD_STATUS_MESSAGES, code);
}

/** The text for a failed purchase: the §8 text of a card status code, any other text as it is. */
export function subscriptionErrorText(message: string): string {
  const code = message.trim();
  if (isCardStatus(code)) return CARD_STATUS_MESSAGES[code];
  // An empty message would leave the person with an empty alert; the 'error' text says what happened.
  return code === '' ? CARD_STATUS_MESSAGES.error : message;
}
