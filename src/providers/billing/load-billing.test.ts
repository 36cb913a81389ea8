import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('../../config');
  vi.doUnmock('./recurly-billing');
  vi.resetModules();
});

describe('loadBillingProvider', () => {
  it('uses the sandbox card form when the build is not configured for Recurly', async () => {
    const { loadBillingProvider } = await import('./load-billing');
    const provider = await loadBillingProvider();
    expect(provider.kind).toBe('sandbox');
  });

  it("loads the Recurly adapter with the configured public key when config.billing.provider is 'recurly'", async () => {
    const createRecurlyBilling = vi.fn(async () => ({ kind: 'recurly' }));
    vi.doMock('../../config', () => ({
      config: { billing: { provider: 'recurly', recurlyPublicKey: 'ewr1-public-key' } },
    }));
    vi.doMock('./recurly-billing', () => ({ createRecurlyBilling }));
    const { loadBillingProvider } = await import('./load-billing');
    const controller = new AbortController();
    const provider = await loadBillingProvider(controller.signal);
    expect(provider.kind).toBe('recurly');
    expect(createRecurlyBilling).toHaveBeenCalledWith({ publicKey: 'ewr1-public-key', signal: controller.signal });
  });
});
