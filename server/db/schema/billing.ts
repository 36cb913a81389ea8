import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberships } from './memberships.ts';
import { users } from './users.ts';

export type PhaseStatus = 'paid' | 'scheduled' | 'failed' | 'overdue' | 'cancelled';

/**
 * A charge of phases about to be asked of the provider, kept on each of its phases until its outcome is recorded
 * (server/billing/pending-charge.ts): the provider request exactly as sent, so it can be sent again under the same
 * idempotency key, and whose receipt it is.
 */
export interface PendingChargeRequest {
  amountCents: number;
  metadata: Record<string, string>;
  offSession: boolean;
  customerId: string;
  paymentMethodId: string;
  /** The receipt a succeeded charge sends (server/services/checkout/charge.ts `PhasesReceipt`). */
  receipt: { membershipId: number; checkoutId: number | null; card: { brand: string; last4: string } | null };
  /** The collector's attempt (counted on each phase when recorded); false: a catch-up charge. */
  countAttempt: boolean;
}

/**
 * One payment of a membership's plan (spec §9: the first phase is paid today, later phases form the remaining
 * schedule). The collector (server/billing/collector.ts) charges each scheduled phase on its date with the saved
 * card. A phase being charged holds a lease (`lease_id`, `lease_until`): claimed with FOR UPDATE SKIP LOCKED in a
 * short transaction, so several collectors (processes) never charge one phase twice, and the provider call happens
 * outside any transaction.
 */
export const membershipPhases = pgTable(
  'membership_phases',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** 0 = the phase paid at checkout; 1… the instalments in date order. */
    seq: integer('seq').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PhaseStatus>().notNull(),
    /** Charges tried (off-session by the collector, or on-session after a card update). */
    attempts: integer('attempts').notNull().default(0),
    /** When the collector charges it next: the due date, then 1, 3 and 7 days after the first failure; null: never. */
    nextAttemptOn: date('next_attempt_on', { mode: 'string' }),
    firstFailedOn: date('first_failed_on', { mode: 'string' }),
    /** The provider's charge (PaymentIntent) of the latest attempt. */
    providerChargeId: text('provider_charge_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    reminderSentOn: date('reminder_sent_on', { mode: 'string' }),
    leaseId: text('lease_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * Issue 33, exactly once: the idempotency key of the charge of these phases asked of the provider whose outcome
     * is not recorded yet (set under the lease before the call, cleared when paid, declined or requiring action is
     * recorded), and that charge's request. Every phase of the charge carries both.
     */
    chargeKey: text('charge_key'),
    chargeRequest: jsonb('charge_request').$type<PendingChargeRequest>(),
  },
  (t) => [
    uniqueIndex('membership_phases_membership_seq_key').on(t.membershipId, t.seq),
    index('membership_phases_due_idx').on(t.status, t.nextAttemptOn),
    index('membership_phases_charge_key_idx').on(t.chargeKey).where(sql`${t.chargeKey} is not null`),
    check('membership_phases_amount_check', sql`${t.amountCents} >= 0 and ${t.attempts} >= 0`),
    check(
      'membership_phases_status_check',
      sql`${t.status} in ('paid', 'scheduled', 'failed', 'overdue', 'cancelled')`,
    ),
  ],
);

/** The payer's customer at the card provider (Stripe Customer; the sandbox's `cus_…`), made once per payer. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The card saved for a membership's later phases: only the provider's ids and what a person recognises it by. */
export const membershipCards = pgTable('membership_cards', {
  membershipId: integer('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MembershipPhaseRow = typeof membershipPhases.$inferSelect;
export type MembershipCardRow = typeof membershipCards.$inferSelect;
