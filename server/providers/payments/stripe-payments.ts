import Stripe from 'stripe';
import type { CardPayments, PaymentIntent } from '../types.ts';
import { isIntentStatus } from './intent-status.ts';

export interface StripePaymentsOptions {
  secretKey: string;
  /** `http(s)://host[:port]`; lets tests and proxies stand in for api.stripe.com. */
  apiBase?: string | undefined;
}

const INTENT_ID = /^pi_[A-Za-z0-9]+$/;

function connection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiBase === undefined || apiBase.trim() === '') return {};
  const url = new URL(apiBase);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STRIPE_API_BASE must be an http(s) URL, got ${url.protocol}`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  if (intent.client_secret === null) throw new Error(`Stripe returned intent ${intent.id} without a client secret`);
  if (intent.currency !== 'usd') throw new Error(`Stripe intent ${intent.id} is in ${intent.currency}, not usd`);
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    // A status newer than this code knows is treated as in flight: never as paid, never as failed.
    status: isIntentStatus(intent.status) ? intent.status : 'processing',
    amountCents: intent.amount,
    currency: 'usd',
    metadata: { ...intent.metadata },
  };
}

/** Card payments through Stripe: the server creates and reads PaymentIntents; Stripe.js confirms them. */
export function createStripePayments(options: StripePaymentsOptions): CardPayments {
  const stripe = new Stripe(options.secretKey, {
    ...connection(options.apiBase),
    // Stripe retries idempotent requests safely: every create carries our idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'diamond-academy-server' },
  });

  return {
    name: 'stripe',
    async createIntent(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    },
    retrieveIntent: (id) => retrieve(id),
    async cancelIntent(id) {
      if (!INTENT_ID.test(id)) return null;
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        // Already canceled, or paid (or being paid) before the cancel arrived: answer the state it is in.
        if (hasCode(error, 'payment_intent_unexpected_state')) return retrieve(id);
        throw error;
      }
    },
    async refundIntent(id) {
      if (!INTENT_ID.test(id)) throw new Error('not a payment intent id');
      try {
        // One refund per intent: a repeated call (a retry, a concurrent request) reuses the first.
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}` });
      } catch (error) {
        if (hasCode(error, 'charge_already_refunded')) return;
        throw error;
      }
    },
  };

  async function retrieve(id: string): Promise<PaymentIntent | null> {
    // Stripe would answer 404 too; checking first keeps arbitrary client input out of the request path.
    if (!INTENT_ID.test(id)) return null;
    try {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === code;
}
