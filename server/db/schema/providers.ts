import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tables of the offline sandboxes (design.md §6). With production keys configured the providers keep this state
 * themselves and these tables stay empty.
 */

/** A card-payment intent as the Stripe sandbox keeps it; `status` holds one of Stripe's PaymentIntent statuses. */
export const paymentIntents = pgTable('payment_intents', {
  /** `pi_<random>`, the shape of Stripe's ids. */
  id: text('id').primaryKey(),
  /** `pi_<id>_secret_<random>`: the only thing a browser holds to read or confirm the intent. */
  clientSecret: text('client_secret').notNull(),
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  /** Same key, same intent: a retried checkout never creates a second charge. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** The last card error as Stripe reports it (`{ type, code, decline_code?, message }`). */
  lastError: jsonb('last_error').$type<Record<string, string> | null>(),
  /** The payer's customer (`cus_…`) when the intent may save its card, or charges a saved one. */
  customerId: text('customer_id'),
  /** 'off_session': the card confirmed on this intent is saved to the customer for later charges. */
  setupFutureUsage: text('setup_future_usage'),
  /** The card (`pm_…`) the intent was confirmed with, set at confirmation. */
  paymentMethodId: text('payment_method_id'),
  /** Set when the (succeeded) intent was refunded in full. */
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A single-use card token of the billing sandbox (stands in for Recurly.js tokens). Only the last four digits are
 * kept; `outcome` is what a purchase with this card answers, decided once from the test card number.
 */
export const billingTokens = pgTable('billing_tokens', {
  /** `sbx-tok-<random>`. */
  id: text('id').primaryKey(),
  cardLast4: text('card_last4').notNull(),
  /** 'ok' | 'declined' | 'processor' | 'error' (the spec §8 card status codes, or ok). */
  outcome: text('outcome').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  address1: text('address1').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  postalCode: text('postal_code').notNull(),
  country: text('country').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a purchase consumes the token; a token is good for one purchase. */
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A card the sandbox saved (Stripe's PaymentMethod): never the number, only what it is recognised by and how
 * later charges of it behave, decided once from the test card (test-cards.ts `savedCardBehavior`).
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  /** `pm_<random>`. */
  id: text('id').primaryKey(),
  customerId: text('customer_id'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** 'succeed' | 'decline' | 'authenticate' (every charge needs 3-D Secure: off-session it fails). */
  behavior: text('behavior').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A SetupIntent of the sandbox: saves a card to a customer without charging it (update card). */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  /** `seti_<random>`. */
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  customerId: text('customer_id').notNull(),
  /** requires_payment_method | requires_action | succeeded | canceled. */
  status: text('status').notNull(),
  paymentMethodId: text('payment_method_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  lastError: jsonb('last_error').$type<Record<string, string> | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type BillingTokenRow = typeof billingTokens.$inferSelect;
export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxSetupIntentRow = typeof sandboxSetupIntents.$inferSelect;

/** The card sandbox's refunds (Stripe's Refund objects): partial refunds of a succeeded intent, keyed for retries. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** `re_<random>`. */
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => paymentIntents.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_refunds_intent_idx').on(t.paymentIntentId)],
);

/**
 * Issue 33 point 2: the card sandbox counts the requests it is sent per second of the database's clock, across every
 * process (one row per second, counted with one upsert), and answers Stripe's 429 `rate_limit` above
 * SANDBOX_RATE_LIMIT (25 by default, Stripe's test mode). Rows older than a minute are dropped as new seconds begin.
 */
export const sandboxRateWindows = pgTable('sandbox_rate_windows', {
  /** The second (truncated `clock_timestamp()`) the requests fell in. */
  windowStart: timestamp('window_start', { withTimezone: true }).primaryKey(),
  requests: integer('requests').notNull(),
});

/** Every request the card sandbox refused with 429: what the billing bench counts as "429s seen". */
export const sandboxRateRefusals = pgTable(
  'sandbox_rate_refusals',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The adapter call refused: `chargeSavedCard`, `createIntent`, … */
    operation: text('operation').notNull(),
    /** The request's idempotency key, when it had one. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [index('sandbox_rate_refusals_at_idx').on(t.at)],
);

/**
 * Issue 33 point 2: the card provider's calls per second across every process (server/providers/card-calls.ts; the server's own count, not the sandbox's), one
 * row per second of the database's clock, counted with one upsert. The job engine's calls (the collector) are
 * admitted while the second has had fewer than CARD_RATE_LIMIT calls, a family's (checkout, card update, refund)
 * while it has had fewer than CARD_RATE_LIVE_LIMIT; a call refused waits for the next second. Rows older than a minute
 * are dropped as new seconds begin.
 */
export const cardRateWindows = pgTable('card_rate_windows', {
  /** The second (truncated `clock_timestamp()`) the calls fell in. */
  windowStart: timestamp('window_start', { withTimezone: true }).primaryKey(),
  calls: integer('calls').notNull(),
});
