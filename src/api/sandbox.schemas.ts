/**
 * The sandbox providers' wire schemas (docs/api.md "Sandbox providers"): payment and setup intents and the billing
 * token, beside ./sandbox.ts and ./sandbox-setup-intents.ts, out of the app shell (only the sandbox adapters use them).
 */
import { z } from 'zod/mini';
import { nonEmptyString } from '../domain/wire';

export const sandboxBillingTokenSchema = z.object({ id: nonEmptyString });
export type SandboxBillingToken = z.infer<typeof sandboxBillingTokenSchema>;

export const paymentIntentStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;
export type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];

export const sandboxPaymentIntentSchema = z.object({
  id: nonEmptyString,
  status: z.enum(paymentIntentStatuses),
  /** Stripe's convention: the smallest currency unit (cents), not dollars. */
  amount: z.optional(z.int().check(z.gte(0))),
  client_secret: z.optional(z.string()),
  next_action: z.optional(
    z.nullable(
      z.object({
        type: z.string(),
        redirect_to_url: z.optional(z.object({ url: z.string() })),
      }),
    ),
  ),
});
export type SandboxPaymentIntent = z.infer<typeof sandboxPaymentIntentSchema>;

export const sandboxConfirmResponseSchema = z.object({ payment_intent: sandboxPaymentIntentSchema });

export const setupIntentStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'canceled',
  'succeeded',
] as const;
export type SetupIntentStatus = (typeof setupIntentStatuses)[number];

export const sandboxSetupIntentSchema = z.object({
  id: nonEmptyString,
  status: z.enum(setupIntentStatuses),
  next_action: z.optional(
    z.nullable(z.object({ type: z.string(), redirect_to_url: z.optional(z.object({ url: z.string() })) })),
  ),
});
export type SandboxSetupIntent = z.infer<typeof sandboxSetupIntentSchema>;

export const sandboxSetupConfirmResponseSchema = z.object({ setup_intent: sandboxSetupIntentSchema });
