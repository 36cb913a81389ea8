import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../i18n/messages.gen.ts';
import { householdCheckouts } from './households.ts';
import { licences } from './licences.ts';
import { organizations, seasons, teams } from './organizations.ts';
import { languageCheck, users } from './users.ts';

/** Discount codes for team dues (spec §3 server discount). Stored upper-case. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    /** Null: valid for every organization. */
    organizationId: integer('organization_id').references(() => organizations.id),
    percentOff: integer('percent_off'),
    flatDiscountCents: integer('flat_discount_cents'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check(
      'discount_codes_amount_check',
      sql`(${t.percentOff} is null or ${t.percentOff} between 0 and 100) and (${t.flatDiscountCents} is null or ${t.flatDiscountCents} >= 0)`,
    ),
  ],
);

/**
 * A paid (or fully discounted) team registration. One row per successful payment intent: the unique intent id makes
 * recording a payment idempotent even when checkout-success is called twice at once. `user_id` is the member (the
 * athlete whose token paid, or, in a family checkout, the athlete a guardian paid for: `payer_id`). A member holds at
 * most one active membership per season (the partial unique index), so concurrent checkouts can never record two.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    licenceId: integer('licence_id').references(() => licences.id),
    paymentPlanMonth: integer('payment_plan_month').notNull(),
    /** What was charged today (the first phase), and the plan's total over all phases. */
    paidTodayCents: integer('paid_today_cents').notNull(),
    planTotalCents: integer('plan_total_cents').notNull(),
    discountCode: text('discount_code'),
    includesProtection: boolean('includes_protection').notNull().default(false),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    /** The family checkout that paid it (issue 20); null for the spec's one-athlete checkout. */
    householdCheckoutId: integer('household_checkout_id').references(() => householdCheckouts.id, {
      onDelete: 'set null',
    }),
    /** The guardian who paid (receipts go to them); null: the member (`user_id`) paid. */
    payerId: integer('payer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The household discount in this membership's amounts (issue 20 point 2), in cents. */
    siblingDiscountCents: integer('sibling_discount_cents').notNull().default(0),
    /**
     * Issue 31 point 4: the language of the waiver text the family agreed to: 'es' when they checked out in Spanish
     * and the organization had a Spanish text, else 'en'; null when there was no waiver to agree to (or the
     * membership was recorded before languages were: seeded fixtures, older rows).
     */
    waiverLanguage: text('waiver_language').$type<Locale>(),
    status: text('status').$type<'active' | 'canceled'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 34: the financial assistance awarded (assistance_requests of the athlete and season), taken off the dues
     * after the discount code and before the sibling discount, in cents; 0 when none. Never refunded as money.
     */
    financialAssistanceCents: integer('financial_assistance_cents').notNull().default(0),
    /** Issue 34 point 4: paid by check or cash (no card; the collector never charges its phases). */
    paysByCheckOrCash: boolean('pays_by_check_or_cash').notNull().default(false),
    /**
     * Issue 34 point 4: 'Awaiting payment' until this instant (the organization's hold days after checkout): nothing
     * received yet. Staff marking a phase received clears it; past it, the held-seat job releases the seat and
     * cancels the membership.
     */
    awaitingPaymentUntil: timestamp('awaiting_payment_until', { withTimezone: true }),
  },
  (t) => [
    index('memberships_user_idx').on(t.userId, t.seasonId),
    index('memberships_household_checkout_idx').on(t.householdCheckoutId),
    index('memberships_team_idx').on(t.teamId),
    uniqueIndex('memberships_active_user_season_key').on(t.userId, t.seasonId).where(sql`${t.status} = 'active'`),
    check('memberships_waiver_language_check', languageCheck(t.waiverLanguage)),
    check(
      'memberships_money_check',
      sql`${t.paidTodayCents} >= 0 and ${t.planTotalCents} >= 0 and ${t.siblingDiscountCents} >= 0`,
    ),
    check('memberships_financial_assistance_check', sql`${t.financialAssistanceCents} >= 0`),
  ],
);

/**
 * The payer's checkout for a season: the one payment intent left open (a new checkout with other parameters cancels
 * it through the provider first) and a lease that makes a payer's checkouts for the season run one at a time. The
 * lease is a row, not a transaction, because the provider is called while it is held (the card sandbox writes to
 * this database, and a network call must not hold a database lock).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    /** The open intent, or null when none is open. */
    paymentIntentId: text('payment_intent_id'),
    /** What the open intent pays for (team, plan, discount, protection, amounts), hashed. */
    paramsKey: text('params_key'),
    /** Counts the intents created for this payer and season; part of their idempotency keys. */
    attempt: integer('attempt').notNull().default(0),
    leaseId: text('lease_id'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'checkouts_pkey', columns: [t.userId, t.seasonId] })],
);

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
