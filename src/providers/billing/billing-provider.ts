/**
 * The subscription billing provider behind /subscribe (design.md §6): Recurly.js in production, a local card form
 * against the server's sandbox otherwise. Either one renders the card entry and exchanges it, together with the
 * billing address, for a single-use token that `POST /api/subscribe/process` charges (docs/api.md).
 */
import type { ReactElement } from 'react';
import type { SubscribeProcessRequest } from '../../api/subscribe';
import type { Message } from '../../i18n/runtime';

/** The billing address sent with the card, in the field names Recurly.js and the sandbox share (docs/api.md). */
export interface BillingAddress {
  readonly first_name: string;
  readonly last_name: string;
  readonly address1: string;
  readonly city: string;
  /** Two-letter state or province code (§2 Subscribe). */
  readonly state: string;
  readonly postal_code: string;
  /** Two-letter country code. */
  readonly country: string;
}

/** The billing fields of `POST /api/subscribe/process` (docs/api.md). */
export type BillingDetails = Pick<
  SubscribeProcessRequest,
  'first_name' | 'last_name' | 'address' | 'city' | 'state' | 'postal_code' | 'country'
>;

/** The purchase's billing fields as the provider names them (Recurly.js and the sandbox say `address1`). */
export function toBillingAddress(details: BillingDetails): BillingAddress {
  const { address, ...rest } = details;
  return { ...rest, address1: address };
}

export interface BillingProvider {
  readonly kind: 'sandbox' | 'recurly';
  /** The card entry (number, expiry, security code) to render inside the billing form. */
  renderCardFields(): ReactElement;
  /**
   * The card as a token. Rejects with a BillingCardError carrying the provider's message when the card or a field
   * is refused; any other rejection is unexpected (§8).
   */
  tokenize(address: BillingAddress, signal?: AbortSignal): Promise<string>;
}

/** Shown when the provider's script cannot be loaded (blocked, offline, or too slow): `subscribe.billingUnavailable`. */
export const BILLING_UNAVAILABLE_TEXT =
  'Card payments are unavailable right now. Please check your connection and try again.';

/**
 * What the subscribe flow holds for a refused card or purchase (issue 31: keys and values, never sentences): a
 * catalogue message, the sandbox's field problems (catalogue messages, shown one a line), or a text the provider or
 * the server wrote, shown as it came.
 */
export type BillingText = Message | readonly Message[] | string;

/** 'An unexpected error occured.' (§8 card form, the spec's spelling). */
export const UNEXPECTED_CARD_TEXT: Message = { key: 'subscribe.unexpectedCardError' };

/**
 * The provider refused the card or a billing field. `message` is its text for the person (§8): Recurly.js's own, in
 * its words; the sandbox, whose texts are the site's, also gives them as catalogue messages (`texts`), which are shown
 * instead in the language in use.
 */
export class BillingCardError extends Error {
  override readonly name = 'BillingCardError';

  constructor(
    message: string,
    readonly texts: readonly Message[] = [],
  ) {
    super(message);
  }
}

/** The provider could not be loaded: the page offers no card entry until it can. */
export class BillingUnavailableError extends Error {
  override readonly name = 'BillingUnavailableError';
}

/** §8 Card form: the provider's message for a refused card, else 'An unexpected error occured.' */
export function cardErrorText(error: unknown): BillingText {
  if (!(error instanceof BillingCardError)) return UNEXPECTED_CARD_TEXT;
  const [first, ...more] = error.texts;
  if (first !== undefined) return more.length === 0 ? first : error.texts;
  return error.message.trim() !== '' ? error.message : UNEXPECTED_CARD_TEXT;
}
