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
  if (input.setup) {
    // A SetupIntent (nothing due today) reads as the payment it stands for: its id and status.
    const result = await payments.retrieveSetup({
      clientSecret: input.clientSecret,
      setupIntentId: input.paymentIntentId,
    });
    return result.setupIntent ? { paymentIntent: result.setupIntent } : { error: result.error };
  }
  return payments.retrieve({ clientSecret: input.clientSecret, paymentIntentId: input.paymentIntentId });
});
