import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config-schema';

describe('parseConfig', () => {
  it('gives the spec §9 defaults with no variables set', () => {
    const config = parseConfig({});
    expect(config.apiServers).toEqual([{ id: 'default', label: 'Default server', url: '' }]);
    expect(config.clientName).toBe('Diamond Academy');
    expect(config.clientId).toBe('1');
    expect(config.environment).toBe('prod');
    expect(config.production).toBe(false);
    expect(config.realtime).toEqual({ provider: 'sandbox', key: 'local-key', cluster: 'us3', forceTLS: true });
    expect(config.payments.provider).toBe('sandbox');
    expect(config.billing.provider).toBe('sandbox');
  });

  it('adds the alternate server only when configured', () => {
    const config = parseConfig({ VITE_ALT_API_URL: 'https://staging.example.com' });
    expect(config.apiServers.map((s) => s.id)).toEqual(['default', 'alternate']);
    expect(config.apiServers[1]?.url).toBe('https://staging.example.com');
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ VITE_CLIENT_NAME: '' }).clientName).toBe('Diamond Academy');
  });

  it('lets TLS be turned off explicitly', () => {
    expect(parseConfig({ VITE_PUSHER_FORCE_TLS: 'false' }).realtime.forceTLS).toBe(false);
  });

  it.each([
    ['VITE_API_URL', 'ftp://nope'],
    ['VITE_CLIENT_ID', 'abc'],
    ['VITE_PAYMENTS_PROVIDER', 'paypal'],
    ['VITE_PRODUCTION', 'maybe'],
  ])('names the invalid variable %s', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('requires the Stripe key when Stripe is selected', () => {
    expect(() => parseConfig({ VITE_PAYMENTS_PROVIDER: 'stripe' })).toThrow(/VITE_STRIPE_PUBLISHABLE_KEY/);
    expect(
      parseConfig({ VITE_PAYMENTS_PROVIDER: 'stripe', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }).payments,
    ).toEqual({ provider: 'stripe', stripePublishableKey: 'pk_live_x' });
  });
});
