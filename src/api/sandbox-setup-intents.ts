/**
 * The card sandbox's SetupIntent calls (issue 15 contract; docs/api.md "Sandbox providers"): what Stripe.js's
 * confirmSetup and retrieveSetupIntent do against Stripe, for the sandbox card adapter. Without authorization: like
 * the real provider, the sandbox knows nothing of the site's users.
 */
import type { CallOptions } from './client';
import {
  type SandboxSetupIntent,
  sandboxSetupConfirmResponseSchema,
  sandboxSetupIntentSchema,
} from './sandbox.schemas';
import { confirmSandboxIntent, getSandboxIntent, type SandboxIntentConfirmRequest } from './sandbox-request';
import type { SandboxCardError } from './schemas';

/** A SetupIntent is confirmed with the card alone: no billing details, as with Stripe.js's confirmSetup. */
export type SandboxSetupConfirmRequest = SandboxIntentConfirmRequest;

/** Stripe.js's confirmSetup shape: the SetupIntent, or the card error to show (the provider's message). */
export type SandboxSetupConfirmResult = { setupIntent: SandboxSetupIntent } | { error: SandboxCardError };

/** POST /sandbox/setup-intents/{id}/confirm; a declined card (402 `card_error`) is a result, not an exception. */
export async function confirmSandboxSetupIntent(
  setupIntentId: string,
  body: SandboxSetupConfirmRequest,
  options?: CallOptions,
): Promise<SandboxSetupConfirmResult> {
  const result = await confirmSandboxIntent(
    'setup-intents',
    setupIntentId,
    body,
    sandboxSetupConfirmResponseSchema,
    options,
  );
  return 'error' in result ? result : { setupIntent: result.confirmed.setup_intent };
}

/** GET /sandbox/setup-intents/{id}?client_secret= → the SetupIntent and its status. */
export function getSandboxSetupIntent(
  setupIntentId: string,
  clientSecret: string,
  options?: CallOptions,
): Promise<SandboxSetupIntent> {
  return getSandboxIntent('setup-intents', setupIntentId, clientSecret, sandboxSetupIntentSchema, options);
}
