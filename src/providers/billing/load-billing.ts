/**
 * Chooses the billing provider this build is configured for. Both adapters are separate chunks of /subscribe, so
 * no other page loads billing code, and a sandbox build never contacts js.recurly.com.
 */
import { config } from '../../config';
import type { BillingProvider } from './billing-provider';

export async function loadBillingProvider(signal?: AbortSignal): Promise<BillingProvider> {
  if (config.billing.provider === 'recurly') {
    const { createRecurlyBilling } = await import('./recurly-billing');
    return createRecurlyBilling({ publicKey: config.billing.recurlyPublicKey, signal });
  }
  const { createSandboxBilling } = await import('./sandbox-billing');
  return createSandboxBilling();
}
