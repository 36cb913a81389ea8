/**
 * The update-card machine's card actors for /payments/update-card (given with updateCardMachine.provide in the
 * route). The provider is imported lazily: Stripe.js or the sandbox form load only on this page. A returning
 * SetupIntent is looked up as /payment looks one up (its card payment is the same child machine).
 */
import { fromPromise } from 'xstate';
import type { CardPayments, CardResult } from './types';

export { retrievePaymentIntentActor } from './payment.actors';

async function load(): Promise<CardPayments> {
  const { loadCardPayments } = await import('./index');
  return loadCardPayments();
}

export const setupCardPaymentsActor = fromPromise<CardPayments>(() => load());

export const handleNextActionActor = fromPromise<
  CardResult,
  { clientSecret: string; paymentIntentId: string; returnUrl: string }
>(async ({ input }) => (await load()).handleNextAction(input));
