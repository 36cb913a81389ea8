/**
 * The texts the payment flow's machines hold (issue 31: machines hold keys and values, never sentences): the card
 * payment's results (§8: card-steps.ts, card-payment.machine.ts, shared by /payment, the family checkout and update
 * card, so in the `card` group every one of those pages loads), the checkout's fallbacks, 'Code not found.', a licence
 * that cannot join the family checkout and 'Add another athlete''s refusals of another team's code. A view turns
 * each into text while rendering, so a language switch re-renders it.
 *
 * A text the server or the card processor wrote (an error answer's `message`, Stripe's card errors, localized by the
 * Elements locale) is already in the language in use: the machines hold it as it came, a string (`ShownText`).
 */
import type { Message } from '../i18n/runtime';

/** What a machine holds for a text it shows: a catalogue message of its own, or a text the server or provider wrote. */
export type ShownText = Message | string;

/** The card payment's own texts (the `card` group). */
export const CARD_TEXTS = {
  processing: { key: 'card.processing' },
  notSuccessful: { key: 'card.notSuccessful' },
  /** 'Something went wrong.': a result the provider did not explain, and a full-discount checkout's failure. */
  somethingWentWrongDot: { key: 'card.somethingWentWrongDot' },
  /** 'Something went wrong': a card checkout's failure (§8). */
  somethingWentWrong: { key: 'card.somethingWentWrong' },
  /** 'An unexpected error occured.' (the spec's spelling). */
  unexpectedError: { key: 'card.unexpectedError' },
  /** A card saved for later that the provider did not confirm (update card). */
  notConfirmed: { key: 'card.notConfirmed' },
} as const satisfies Record<string, Message>;

/** The payment page's own texts (the `payment` group). */
export const PAYMENT_TEXTS = {
  codeNotFound: { key: 'payment.codeNotFound' },
  /** A 409 on a family checkout's line without a text of the server's. */
  licenceNotAvailable: { key: 'payment.licenceNotAvailable' },
  /** A child's code that could not be fetched: the connection, as a failed call says. */
  networkError: { key: 'common.networkError' },
} as const satisfies Record<string, Message>;
