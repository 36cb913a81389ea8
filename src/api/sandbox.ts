/**
 * The sandbox providers' calls (docs/api.md "Sandbox providers"), used by the client's sandbox adapters in place of
 * Stripe.js and Recurly.js when no provider keys are configured. They go to the selected server, without
 * authorization: like the real providers, they know nothing of the site's users.
 */
import { type CallOptions, requestJson } from './client';
import { ApiError } from './errors';
import {
  type SandboxBillingToken,
  type SandboxCardError,
  type SandboxPaymentIntent,
  sandboxBillingTokenSchema,
  sandboxCardErrorSchema,
  sandboxConfirmResponseSchema,
  sandboxPaymentIntentSchema,
} from './schemas';

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
  const query = new URLSearchParams({ client_secret: clientSecret });
  return requestJson(
    `/sandbox/payment-intents/${encodeURIComponent(intentId)}?${query.toString()}`,
    sandboxPaymentIntentSchema,
    { ...options, auth: 'none' },
  );
}

export interface SandboxConfirmRequest {
  client_secret: string;
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  return_url: string;
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
  try {
    const { payment_intent } = await requestJson(
      `/sandbox/payment-intents/${encodeURIComponent(intentId)}/confirm`,
      sandboxConfirmResponseSchema,
      { method: 'post', json: body, ...options, auth: 'none' },
    );
    return { paymentIntent: payment_intent };
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      const cardError = sandboxCardErrorSchema.safeParse(error.body);
      if (cardError.success) return { error: cardError.data.error };
    }
    throw error;
  }
}
