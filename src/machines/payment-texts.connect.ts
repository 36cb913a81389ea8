/**
 * The fixed texts the payment flow's machines hold (issue 31): the card payment's results (§8), the checkout's
 * fallbacks, 'Code not found.', a licence that cannot join the family checkout, and 'Add another athlete''s refusals
 * of another team's code. The machines keep the spec's English text as it is (the card steps and their model tests
 * are shared with update card); a view shows such a text through `shownText`, while rendering, so a language switch
 * re-renders it. Any other text (the server's `message`, the card provider's) is already in the language in use and
 * is shown as it is.
 */
import {
  CHECKOUT_FALLBACK,
  DISCOUNT_NOT_FOUND,
  FULL_DISCOUNT_CHECKOUT_FALLBACK,
  PAYMENT_NOT_SUCCESSFUL,
  PAYMENT_PROCESSING,
  PAYMENT_SOMETHING_WENT_WRONG,
  PAYMENT_SUCCEEDED,
  PAYMENTS_UNAVAILABLE,
  UNEXPECTED_CARD_ERROR,
} from '../domain/payment-rules';
import type { Message } from '../i18n/runtime';
import { TEAM_LICENCE_TEXTS } from './add-athlete.rules';

const FIXED_TEXTS: ReadonlyMap<string, Message> = new Map<string, Message>([
  [PAYMENT_SUCCEEDED, { key: 'payment.succeeded' }],
  [PAYMENT_PROCESSING, { key: 'payment.processing' }],
  [PAYMENT_NOT_SUCCESSFUL, { key: 'payment.notSuccessful' }],
  // 'Something went wrong.' is also FULL_DISCOUNT_CHECKOUT_FALLBACK: one text, one key.
  [PAYMENT_SOMETHING_WENT_WRONG, { key: 'payment.somethingWentWrongDot' }],
  [FULL_DISCOUNT_CHECKOUT_FALLBACK, { key: 'payment.somethingWentWrongDot' }],
  [CHECKOUT_FALLBACK, { key: 'payment.somethingWentWrong' }],
  [UNEXPECTED_CARD_ERROR, { key: 'payment.unexpectedCardError' }],
  [PAYMENTS_UNAVAILABLE, { key: 'payment.paymentsUnavailable' }],
  [DISCOUNT_NOT_FOUND, { key: 'payment.codeNotFound' }],
  // Also the family checkout's LICENCE_NOT_AVAILABLE (household-checkout.context.ts), the same text: that module is
  // issue 20's lazily loaded code, kept out of the payment page's first chunk.
  [TEAM_LICENCE_TEXTS.unavailable, { key: 'payment.licenceNotAvailable' }],
  [TEAM_LICENCE_TEXTS.paused, { key: 'payment.teamPaused' }],
  [TEAM_LICENCE_TEXTS.coach, { key: 'payment.teamCoach' }],
  [TEAM_LICENCE_TEXTS.otherClub, { key: 'payment.teamOtherClub' }],
]);

/**
 * What a view shows for a text a payment machine holds: the catalogue's message for one of the flow's fixed texts,
 * the text itself otherwise (the server's or the card provider's, already in the language in use).
 */
export function shownText(value: string): Message | string {
  return FIXED_TEXTS.get(value) ?? value;
}
