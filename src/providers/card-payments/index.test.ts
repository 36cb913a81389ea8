import { describe, expect, it, vi } from 'vitest';
import { loadCardPayments } from './index';

const stripeAdapter = vi.hoisted(() => ({
  createStripeCardPayments: vi.fn(async (key: string) => ({ name: 'stripe', key })),
}));
vi.mock('./stripe-card-payments', () => stripeAdapter);

describe('loadCardPayments', () => {
  it('is the offline sandbox without a Stripe key', async () => {
    const payments = await loadCardPayments({ provider: 'sandbox', stripePublishableKey: '' });
    expect(payments.name).toBe('sandbox');
    expect(stripeAdapter.createStripeCardPayments).not.toHaveBeenCalled();
  });

  it('is Stripe, with the publishable key, when configured', async () => {
    const payments = await loadCardPayments({ provider: 'stripe', stripePublishableKey: 'pk_live_abc' });
    expect(payments).toEqual({ name: 'stripe', key: 'pk_live_abc' });
    expect(stripeAdapter.createStripeCardPayments).toHaveBeenCalledWith('pk_live_abc');
  });
});
