/**
 * The sandbox providers' calls (docs/api.md "Sandbox providers"), used by the client's sandbox adapters in place of
 * Stripe.js and Recurly.js when no provider keys are configured. They go to the selected server, without
 * authorization: like the real providers, they know nothing of the site's users.
 */
import { type CallOptions, requestJson } from './client';
import {
  type SandboxBillingToken,
  type SandboxPaymentIntent,
  sandboxBillingTokenSchema,
  sandboxConfirmResponseSchema,
  sandboxPaymentIntentSchema,
} from './sandbox.schemas';
import { confirmSandboxIntent, getSandboxIntent, type SandboxIntentConfirmRequest } from './sandbox-request';
import type { SandboxCardError } from './schemas';

export interface SandboxBillingCard {
  number: string;
  month: string;
  year: string;
  cvv: string;
  first_name: string;
  last_name: string;
  address1: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

/** POST /sandbox/billing/tokens → `{ id: 'sbx-tok-…' }`; a 422 (field errors) is thrown as ApiError. */
export function createSandboxBillingToken(
  card: SandboxBillingCard,
  options?: CallOptions,
): Promise<SandboxBillingToken> {
  return requestJson('/sandbox/billing/tokens', sandboxBillingTokenSchema, {
    method: 'post',
    json: card,
    ...options,
    auth: 'none',
  });
}

/** GET /sandbox/payment-intents/{id}?client_secret= → the intent and its Stripe status. */
export function getSandboxPaymentIntent(
  intentId: string,
  clientSecret: string,
  options?: CallOptions,
): Promise<SandboxPaymentIntent> {
  return getSandboxIntent('payment-intents', intentId, clientSecret, sandboxPaymentIntentSchema, options);
}

export interface SandboxConfirmRequest extends SandboxIntentConfirmRequest {
  billing_details?: Record<string, unknown>;
}

/** Stripe.js's confirmPayment shape: the intent, or the card error to show (§8: the provider's message). */
export type SandboxConfirmResult = { paymentIntent: SandboxPaymentIntent } | { error: SandboxCardError };

/**
 * POST /sandbox/payment-intents/{id}/confirm. A declined card (402 with a Stripe `card_error`) is a result, not an
 * exception, as with Stripe.js; any other failure is thrown as ApiError.
 */
export async function confirmSandboxPaymentIntent(
  intentId: string,
  body: SandboxConfirmRequest,
  options?: CallOptions,
): Promise<SandboxConfirmResult> {
  const result = await confirmSandboxIntent('payment-intents', intentId, body, sandboxConfirmResponseSchema, options);
  return 'error' in result ? result : { paymentIntent: result.confirmed.payment_intent };
}
