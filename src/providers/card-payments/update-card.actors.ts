/**
 * The update-card machine's card actors for /payments/update-card (given with updateCardMachine.provide in the
 * route). The provider is imported lazily: Stripe.js or the sandbox form load only on this page.
 */
import { fromPromise } from 'xstate';
import type { CardPayments, CardResult, SetupResult } from './types';

async function load(): Promise<CardPayments> {
  const { loadCardPayments } = await import('./index');
  return loadCardPayments();
}

export const setupCardPaymentsActor = fromPromise<CardPayments>(() => load());

export const retrieveSetupActor = fromPromise<SetupResult, { clientSecret: string; setupIntentId: string }>(
  async ({ input }) => (await load()).retrieveSetup(input),
);

export const handleNextActionActor = fromPromise<
  CardResult,
  { clientSecret: string; paymentIntentId: string; returnUrl: string }
>(async ({ input }) => (await load()).handleNextAction(input));
