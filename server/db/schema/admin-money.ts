import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { membershipPhases } from './billing.ts';
import { memberships } from './memberships.ts';
import { organizations } from './organizations.ts';

/**
 * The club console's money (issue 22 point 4, migration 0007). `staff_audit_log` is append-only: the code only ever
 * inserts, and a trigger (0007_admin_money.sql) refuses UPDATE and DELETE. Its staff and membership ids are kept as
 * plain numbers, never foreign keys: a row outlives the account or membership it names (a cascade would be a DELETE).
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Null: automation (the static STAFF_TOKEN). */
    staffAccountId: integer('staff_account_id'),
    membershipId: integer('membership_id'),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_audit_log_membership_idx').on(t.membershipId)],
);

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/**
 * A staff refund of (part of) one phase's charge. The row is inserted `pending` before the provider is called (it
 * reserves the amount, so two concurrent refunds can never exceed what is left), then marked `succeeded` (or `failed`,
 * which frees the amount). `idempotency_key` is unique: the same request sent twice is one refund.
 */
export const membershipRefunds = pgTable(
  'membership_refunds',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    phaseId: integer('phase_id')
      .notNull()
      .references(() => membershipPhases.id, { onDelete: 'cascade' }),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    staffAccountId: integer('staff_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('membership_refunds_membership_idx').on(t.membershipId),
    check('membership_refunds_amount_check', sql`${t.amountCents} > 0`),
    check('membership_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** A phase a registrar marked paid offline (cash or cheque, with a note). */
export const membershipOfflinePayments = pgTable(
  'membership_offline_payments',
  {
    phaseId: integer('phase_id')
      .primaryKey()
      .references(() => membershipPhases.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id').notNull(),
    method: text('method').$type<'cash' | 'cheque'>().notNull(),
    note: text('note').notNull(),
    staffAccountId: integer('staff_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('membership_offline_payments_method_check', sql`${t.method} in ('cash', 'cheque')`)],
);

export type StaffAuditRow = typeof staffAuditLog.$inferSelect;
export type MembershipRefundRow = typeof membershipRefunds.$inferSelect;
