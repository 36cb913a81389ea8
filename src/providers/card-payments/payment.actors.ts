/**
 * The payment machine's card actors for /payment (given with paymentMachine.provide in the route). The provider
 * itself is imported lazily: Stripe.js or the sandbox form load only once a payer reaches checkout.
 */
import { fromPromise } from 'xstate';
import type { ReturnedPayment } from '../../domain/payment-return';
import type { CardPayments, CardResult } from './types';

async function load(): Promise<CardPayments> {
  const { loadCardPayments } = await import('./index');
  return loadCardPayments();
}

export const cardPaymentsActor = fromPromise<CardPayments>(() => load());

export const retrievePaymentIntentActor = fromPromise<CardResult, ReturnedPayment>(async ({ input }) => {
  const payments = await load();
  return payments.retrieve({ clientSecret: input.clientSecret, paymentIntentId: input.paymentIntentId });
});
