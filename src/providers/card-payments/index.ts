/**
 * Loads the configured card provider (design.md §6): the Stripe adapter when a publishable key is configured, the
 * offline sandbox otherwise. Each adapter is its own chunk; this module is itself imported dynamically by the
 * payment machine, so no card code reaches a page before its payer reaches checkout.
 */
import { config } from '../../config';
import type { CardPayments } from './types';

export type { CardPayments } from './types';
export { PaymentsUnavailableError } from './types';

export interface CardPaymentsSettings {
  readonly provider: 'sandbox' | 'stripe';
  readonly stripePublishableKey: string;
}

export async function loadCardPayments(settings: CardPaymentsSettings = config.payments): Promise<CardPayments> {
  if (settings.provider === 'stripe') {
    const { createStripeCardPayments } = await import('./stripe-card-payments');
    return createStripeCardPayments(settings.stripePublishableKey);
  }
  const { sandboxCardPayments } = await import('./sandbox-card-payments');
  return sandboxCardPayments;
}
