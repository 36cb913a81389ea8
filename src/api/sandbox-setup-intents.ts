/**
 * The card sandbox's SetupIntent calls (issue 15 contract; docs/api.md "Sandbox providers"): what Stripe.js's
 * confirmSetup and retrieveSetupIntent do against Stripe, for the sandbox card adapter. Without authorization: like
 * the real provider, the sandbox knows nothing of the site's users.
 */
import { type CallOptions, requestJson } from './client';
import { ApiError } from './errors';
import {
  type SandboxCardError,
  type SandboxSetupIntent,
  sandboxCardErrorSchema,
  sandboxSetupConfirmResponseSchema,
  sandboxSetupIntentSchema,
} from './schemas';

export interface SandboxSetupConfirmRequest {
  client_secret: string;
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  return_url: string;
}

/** Stripe.js's confirmSetup shape: the SetupIntent, or the card error to show (the provider's message). */
export type SandboxSetupConfirmResult = { setupIntent: SandboxSetupIntent } | { error: SandboxCardError };

/** POST /sandbox/setup-intents/{id}/confirm; a declined card (402 `card_error`) is a result, not an exception. */
export async function confirmSandboxSetupIntent(
  setupIntentId: string,
  body: SandboxSetupConfirmRequest,
  options?: CallOptions,
): Promise<SandboxSetupConfirmResult> {
  try {
    const { setup_intent } = await requestJson(
      `/sandbox/setup-intents/${encodeURIComponent(setupIntentId)}/confirm`,
      sandboxSetupConfirmResponseSchema,
      { method: 'post', json: body, ...options, auth: 'none' },
    );
    return { setupIntent: setup_intent };
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      const cardError = sandboxCardErrorSchema.safeParse(error.body);
      if (cardError.success) return { error: cardError.data.error };
    }
    throw error;
  }
}

/** GET /sandbox/setup-intents/{id}?client_secret= → the SetupIntent and its status. */
export function getSandboxSetupIntent(
  setupIntentId: string,
  clientSecret: string,
  options?: CallOptions,
): Promise<SandboxSetupIntent> {
  const query = new URLSearchParams({ client_secret: clientSecret });
  return requestJson(
    `/sandbox/setup-intents/${encodeURIComponent(setupIntentId)}?${query.toString()}`,
    sandboxSetupIntentSchema,
    { ...options, auth: 'none' },
  );
}
