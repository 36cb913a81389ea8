/**
 * The subscription billing provider behind /subscribe (design.md §6): Recurly.js in production, a local card form
 * against the server's sandbox otherwise. Either one renders the card entry and exchanges it, together with the
 * billing address, for a single-use token that `POST /api/subscribe/process` charges (docs/api.md).
 */
import type { ReactElement } from 'react';
import type { SubscribeProcessRequest } from '../../api/subscribe';
import { UNEXPECTED_CARD_ERROR } from '../../domain/payment-rules';

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

/** Shown when the provider's script cannot be loaded (blocked, offline, or too slow). */
export const BILLING_UNAVAILABLE_TEXT =
  'Card payments are unavailable right now. Please check your connection and try again.';

/** The provider refused the card or a billing field; `message` is its text for the person (§8). */
export class BillingCardError extends Error {
  override readonly name = 'BillingCardError';
}

/** The provider could not be loaded: the page offers no card entry until it can. */
export class BillingUnavailableError extends Error {
  override readonly name = 'BillingUnavailableError';
}

/** §8 Card form: the provider's message for a refused card, else 'An unexpected error occured.' */
export function cardErrorText(error: unknown): string {
  return error instanceof BillingCardError && error.message.trim() !== '' ? error.message : UNEXPECTED_CARD_ERROR;
}
