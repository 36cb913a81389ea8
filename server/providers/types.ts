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

/** A SetupIntent's statuses: a PaymentIntent's without `requires_capture` (nothing is charged). */
export type SetupIntentStatus = Exclude<IntentStatus, 'requires_capture'>;

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: 'usd';
  /** What the intent pays for: user_id, team_id, payment_plan_month, discount_code, protection. Set at creation. */
  metadata: Record<string, string>;
  /** The card the intent was confirmed with (`pm_…`), once confirmed; null before. */
  paymentMethodId: string | null;
  /** The latest failed attempt's card error (Stripe's `last_payment_error`), null when none. */
  lastError: { code: string; message: string } | null;
}

/** A card as people recognise it: Stripe's brand (`visa`, `mastercard`, `amex`, …) and the last four digits. */
export interface CardSummary {
  brand: string;
  last4: string;
}

/** A Stripe SetupIntent: saves a card to a customer for later charges, without charging it. */
export interface SetupIntent {
  id: string;
  clientSecret: string;
  status: SetupIntentStatus;
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
}

/** What charging a saved card answers. */
export type SavedCardCharge =
  | { status: 'succeeded'; intent: PaymentIntent }
  /** On-session only: the family must authenticate (3-D Secure) by confirming `intent` in the browser. */
  | { status: 'requires_action'; intent: PaymentIntent }
  /** Declined, or off-session and authentication is needed; `code` and `message` are the provider's. */
  | { status: 'failed'; intent: PaymentIntent | null; code: string; message: string };

export interface CardPayments {
  readonly name: 'sandbox' | 'stripe';
  /** Creates (or, for the same idempotency key, returns the existing) intent. */
  createIntent(input: {
    amountCents: number;
    currency: 'usd';
    metadata: Record<string, string>;
    idempotencyKey: string;
    /** With `saveCard`: the customer the confirmed card is saved to for later off-session charges. */
    customerId?: string | undefined;
    /** Stripe's `setup_future_usage: 'off_session'`. */
    saveCard?: boolean | undefined;
  }): Promise<PaymentIntent>;
  /** Creates (or, for the same idempotency key, returns) the payer's customer; answers its id. */
  createCustomer(input: { metadata: Record<string, string>; idempotencyKey: string }): Promise<string>;
  /**
   * Charges a saved card: off-session (the collector; a card that needs authentication fails with
   * `authentication_required`) or on-session (the family is present; it may answer requires_action). The same
   * idempotency key answers the same charge and never charges again.
   */
  chargeSavedCard(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: 'usd';
    metadata: Record<string, string>;
    idempotencyKey: string;
    offSession: boolean;
  }): Promise<SavedCardCharge>;
  /** A SetupIntent for the customer (usage off_session), which the browser confirms with the new card. */
  createSetupIntent(input: { customerId: string; metadata: Record<string, string> }): Promise<SetupIntent>;
  retrieveSetupIntent(id: string): Promise<SetupIntent | null>;
  /** The brand and last four digits of a card; null for an unknown id. */
  cardSummary(paymentMethodId: string): Promise<CardSummary | null>;
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
  /**
   * Refunds part (or all) of a succeeded intent (issue 22 point 4): Stripe's Refunds API with `amount` and an
   * idempotency key, so the same key answers the same refund and never refunds twice. More than is left to refund on
   * the charge answers `exceeds` (Stripe's `amount_too_large` / `charge_already_refunded`). Throws for an unknown
   * intent or one not succeeded.
   */
  refundAmount(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<RefundOutcome>;
}

export type RefundOutcome = { status: 'refunded'; refundId: string } | { status: 'exceeds' };

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

/**
 * Where uploaded documents are kept (issue 32 point 2): files under DATA_DIR, or S3-compatible object storage. The
 * adapter makes each object's key, random (storage/local-storage.ts `newObjectKey`: never derived from a name or an
 * id), and refuses any other key.
 */
export interface DocumentStorage {
  readonly name: 'local' | 's3';
  /** Stores a new object; answers its key. */
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

export interface Providers {
  /** The card adapter as the site's requests call it (a family paying live), within CARD_RATE_LIVE_LIMIT. */
  payments: CardPayments;
  /**
   * Issue 33 point 2: the same adapter as the job engine's work calls it (server/billing/engine.ts hands it to the
   * jobs as `payments`), within CARD_RATE_LIMIT; unset: the jobs use `payments`.
   */
  backgroundPayments?: CardPayments | undefined;
  billing: SubscriptionBilling;
  realtime: Realtime;
  storage: DocumentStorage;
}
