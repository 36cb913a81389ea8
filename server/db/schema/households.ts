import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A family (issue 20): the guardians who share athletes, memberships and payments. A guardian belongs to at most one
 * household (the unique user id); a guardian without a row is a household of one, so rows are made only when a
 * second guardian is invited or a family checkout needs the household's id. The household's athletes are the
 * athletes any of its guardians registered (athlete_guardians): server/services/households.ts is their one home.
 */
export const households = pgTable('households', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const householdGuardians = pgTable(
  'household_guardians',
  {
    householdId: integer('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the guardian relates to the household's athletes, as the invite named it; null for the first guardian. */
    relationship: text('relationship'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('household_guardians_household_idx').on(t.householdId)],
);

/**
 * An invitation for a second guardian: a link e-mailed once, valid 7 days, usable once. Only the SHA-256 of its token
 * is stored (as for access tokens), so a leaked table opens no household.
 */
export const householdInvites = pgTable(
  'household_invites',
  {
    id: serial('id').primaryKey(),
    householdId: integer('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    relationship: text('relationship').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('household_invites_household_idx').on(t.householdId)],
);

export type HouseholdCheckoutStatus = 'open' | 'paid' | 'canceled' | 'refunded';

/**
 * One family checkout (issue 20 point 1): several athletes, one payment. `lines` is what the server computed at
 * checkout (per athlete: team, season, licence, plan, amounts, the later phases), so checkout-success records exactly
 * what was charged, never what a client sends. The intent ids are unique, which makes recording idempotent.
 */
export const householdCheckouts = pgTable(
  'household_checkouts',
  {
    id: serial('id').primaryKey(),
    /** The id the site holds (`checkout_id`): random, so one household cannot guess another's. */
    publicId: text('public_id').notNull().unique(),
    householdId: integer('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The site's key for this checkout (idempotency of a repeated Pay Now). */
    checkoutKey: text('checkout_key').notNull(),
    lines: jsonb('lines').notNull(),
    /** What the lines pay for, hashed: the same key and params keep the open intent. */
    paramsKey: text('params_key').notNull(),
    amountTodayCents: integer('amount_today_cents').notNull(),
    paymentIntentId: text('payment_intent_id').unique(),
    setupIntentId: text('setup_intent_id').unique(),
    status: text('status').$type<HouseholdCheckoutStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('household_checkouts_household_idx').on(t.householdId, t.status),
    check('household_checkouts_amount_check', sql`${t.amountTodayCents} >= 0`),
    check('household_checkouts_status_check', sql`${t.status} in ('open', 'paid', 'canceled', 'refunded')`),
  ],
);

/**
 * A household's family checkouts run one at a time in every process (two guardians pressing Pay Now at once): a row
 * lease, as `checkouts` for one payer, because the card provider is called while it is held.
 */
export const householdCheckoutLeases = pgTable('household_checkout_leases', {
  householdId: integer('household_id')
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  leaseId: text('lease_id'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type HouseholdRow = typeof households.$inferSelect;
export type HouseholdGuardianRow = typeof householdGuardians.$inferSelect;
export type HouseholdInviteRow = typeof householdInvites.$inferSelect;
export type HouseholdCheckoutRow = typeof householdCheckouts.$inferSelect;
