/**
 * What every sandbox provider call has in common (docs/api.md "Sandbox providers"): it goes without authorization,
 * like the real providers that know nothing of the site's users, to `/sandbox/{collection}/{id}`, and a declined card
 * is answered the way Stripe.js answers it.
 */
import type { z } from 'zod/mini';
import { type CallOptions, requestJson } from './client';
import { ApiError } from './errors';
import { type SandboxCardError, sandboxCardErrorSchema } from './schemas';

/** What Stripe.js's confirmPayment and confirmSetup send of the card to confirm an intent with. */
export interface SandboxIntentConfirmRequest {
  client_secret: string;
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  return_url: string;
}

/** The sandbox's intent collections: PaymentIntents (card payments) and SetupIntents (update card). */
export type SandboxIntentCollection = 'payment-intents' | 'setup-intents';

/** GET /sandbox/{collection}/{id}?client_secret= → the intent and its Stripe status. */
export function getSandboxIntent<S extends z.ZodMiniType>(
  collection: SandboxIntentCollection,
  intentId: string,
  clientSecret: string,
  schema: S,
  options?: CallOptions,
): Promise<z.output<S>> {
  const query = new URLSearchParams({ client_secret: clientSecret });
  return requestJson(`/sandbox/${collection}/${encodeURIComponent(intentId)}?${query.toString()}`, schema, {
    ...options,
    auth: 'none',
  });
}

/**
 * POST /sandbox/{collection}/{id}/confirm. A declined card (402 with a Stripe `card_error`) is a result, not an
 * exception, as with Stripe.js; any other failure is thrown as ApiError.
 */
export async function confirmSandboxIntent<S extends z.ZodMiniType>(
  collection: SandboxIntentCollection,
  intentId: string,
  body: SandboxIntentConfirmRequest,
  schema: S,
  options?: CallOptions,
): Promise<{ confirmed: z.output<S> } | { error: SandboxCardError }> {
  try {
    const confirmed = await requestJson(`/sandbox/${collection}/${encodeURIComponent(intentId)}/confirm`, schema, {
      method: 'post',
      json: body,
      ...options,
      auth: 'none',
    });
    return { confirmed };
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      const cardError = sandboxCardErrorSchema.safeParse(error.body);
      if (cardError.success) return { error: cardError.data.error };
    }
    throw error;
  }
}
