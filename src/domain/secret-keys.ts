/**
 * The one list of what a saved registration never carries (issue 21; issue 30 point 3): keys, at any depth, named
 * like a password, a token, a secret, anything of a card or its provider (intents, payment methods, CVC/CVV), billing
 * details, the app's deeplink, or the provider's return (`returned`). The site strips every such key before saving
 * (src/session/progress.ts `stripSecrets`); the server refuses a snapshot holding one (422,
 * server/services/registration-progress.ts `snapshotRefusal`), so a client that forgot to strip cannot store it.
 * Only keys are matched: such words as values are kept.
 */

/** The names, as parts of a key, in any case and spelling (`payment_method`, `paymentMethodId`, `clientSecret` …). */
export const SECRET_KEY_PARTS = [
  'password',
  'token',
  'secret',
  'card',
  'cvc',
  'cvv',
  'payment.?method',
  'intent',
  'billing',
  'deeplink',
] as const;

/** Keys matched whole: the payment flow's return from the card provider (its intent and client secret). */
export const SECRET_KEYS_WHOLE = ['returned'] as const;

const SECRET_KEY = new RegExp([...SECRET_KEY_PARTS, ...SECRET_KEYS_WHOLE.map((key) => `^${key}$`)].join('|'), 'i');

/** Whether a key names something a saved registration must never carry. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}
