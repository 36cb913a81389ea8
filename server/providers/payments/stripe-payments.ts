import Stripe from 'stripe';
import type { CardPayments, PaymentIntent, SavedCardCharge, SetupIntent } from '../types.ts';
import { isIntentStatus, isSetupIntentStatus } from './intent-status.ts';

export interface StripePaymentsOptions {
  secretKey: string;
  /** `http(s)://host[:port]`; lets tests and proxies stand in for api.stripe.com. */
  apiBase?: string | undefined;
}

const INTENT_ID = /^pi_[A-Za-z0-9]+$/;
const SETUP_INTENT_ID = /^seti_[A-Za-z0-9]+$/;
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9]+$/;

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
    paymentMethodId: idOf(intent.payment_method),
    lastError: intent.last_payment_error
      ? {
          code: intent.last_payment_error.code ?? 'card_declined',
          message: intent.last_payment_error.message ?? 'Your card was declined.',
        }
      : null,
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function toSetupIntent(intent: Stripe.SetupIntent): SetupIntent {
  if (intent.client_secret === null) throw new Error(`Stripe returned setup intent ${intent.id} without a secret`);
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    status: isSetupIntentStatus(intent.status) ? intent.status : 'processing',
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...(intent.metadata ?? {}) },
  };
}

function chargeAnswer(intent: PaymentIntent): SavedCardCharge {
  if (intent.status === 'succeeded') return { status: 'succeeded', intent };
  if (intent.status === 'requires_action') return { status: 'requires_action', intent };
  const error = intent.lastError ?? { code: 'card_declined', message: 'Your card was declined.' };
  return { status: 'failed', intent, code: error.code, message: error.message };
}

/** Card payments through Stripe: the server creates and reads PaymentIntents; Stripe.js confirms them. */
export function createStripePayments(options: StripePaymentsOptions): CardPayments {
  const stripe = new Stripe(options.secretKey, {
    ...connection(options.apiBase),
    // No retries in the SDK: server/providers/card-calls.ts retries a 429, a 5xx or a network error itself, with
    // backoff and jitter, under the same idempotency key, each attempt counted against CARD_RATE_LIMIT.
    maxNetworkRetries: 0,
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
          // A plan with later phases keeps the card for the collector's off-session charges.
          ...(input.customerId ? { customer: input.customerId } : {}),
          ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    },
    async createCustomer(input) {
      const customer = await stripe.customers.create(
        { metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return customer.id;
    },
    async chargeSavedCard(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            // A saved card never redirects; 3-D Secure on-session is handled by Stripe.js in the browser.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: input.metadata,
            confirm: true,
            off_session: input.offSession,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return chargeAnswer(toIntent(intent));
      } catch (error) {
        // Stripe answers a declined (or, off-session, an authentication_required) confirmation with a card error
        // that carries the failed intent.
        if (error instanceof Stripe.errors.StripeCardError) {
          const failed = (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
          return {
            status: 'failed',
            intent: failed ? toIntent(failed) : null,
            code: error.code ?? 'card_declined',
            message: error.message,
          };
        }
        throw error;
      }
    },
    async createSetupIntent(input) {
      const intent = await stripe.setupIntents.create({
        customer: input.customerId,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true },
        metadata: input.metadata,
      });
      return toSetupIntent(intent);
    },
    async retrieveSetupIntent(id) {
      if (!SETUP_INTENT_ID.test(id)) return null;
      try {
        return toSetupIntent(await stripe.setupIntents.retrieve(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async cardSummary(id) {
      if (!PAYMENT_METHOD_ID.test(id)) return null;
      try {
        const method = await stripe.paymentMethods.retrieve(id);
        return method.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
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
    async refundAmount({ intentId, amountCents, idempotencyKey }) {
      if (!INTENT_ID.test(intentId)) throw new Error('not a payment intent id');
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents },
          { idempotencyKey: `admin-refund-${idempotencyKey}` },
        );
        return { status: 'refunded', refundId: refund.id };
      } catch (error) {
        if (hasCode(error, 'amount_too_large') || hasCode(error, 'charge_already_refunded')) {
          return { status: 'exceeds' };
        }
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
