import type { Server } from 'node:http';

/**
 * The provider seams of the reference server (design.md §6). Each concern has a production adapter (Stripe,
 * Recurly, Pusher) and an honest local sandbox; routes only ever see these interfaces.
 */

/** Stripe's PaymentIntent statuses, which the sandbox reproduces. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: 'usd';
  /** What the intent pays for: user_id, team_id, payment_plan_month, discount_code, protection. Set at creation. */
  metadata: Record<string, string>;
}

export interface CardPayments {
  readonly name: 'sandbox' | 'stripe';
  /** Creates (or, for the same idempotency key, returns the existing) intent. */
  createIntent(input: {
    amountCents: number;
    currency: 'usd';
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  /** Asks the provider for the intent's current state; never trusts anything the client sent. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels an intent nobody has paid, so it can never be confirmed. Answers the intent's state afterwards:
   * `canceled`, or, when money already moved and it cannot be canceled, `succeeded` / `processing` / … as it is;
   * null for an unknown id. Canceling a canceled intent answers it again.
   */
  cancelIntent(id: string): Promise<PaymentIntent | null>;
  /** Refunds a succeeded intent in full; refunding it again changes nothing. Throws for an intent not succeeded. */
  refundIntent(id: string): Promise<void>;
}

export type BillingTerm = 'annual' | 'annual-pm' | 'quarterly' | 'monthly';

export type PurchaseResult =
  | { ok: true; subscriptionId: string }
  /** code: 'declined' | 'nosubplan' | 'processor' | 'error', or a provider text shown as it is (spec §8). */
  | { ok: false; code: string };

export interface SubscriptionBilling {
  readonly name: 'sandbox' | 'recurly';
  purchase(input: {
    accountCode: string;
    email: string;
    firstName: string;
    lastName: string;
    term: BillingTerm;
    couponCode: string | null;
    tokenId: string;
  }): Promise<PurchaseResult>;
}

export interface Realtime {
  readonly name: 'local' | 'pusher';
  /** Publishes `event` on `channel`; data is serialized to a JSON string as Pusher does. */
  trigger(channel: string, event: string, data: unknown): Promise<void>;
  /** The local Pusher-protocol endpoint attaches to the HTTP server's upgrade event at /app/{key}. */
  attach(server: Server): void;
  close(): Promise<void>;
}

export interface Providers {
  payments: CardPayments;
  billing: SubscriptionBilling;
  realtime: Realtime;
}
