import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Personal subscription prices (spec §3 plan details); a null price means the plan is not offered. */
export const planDetails = pgTable('plan_details', {
  id: serial('id').primaryKey(),
  monthlyPriceCents: integer('monthly_price_cents'),
  annualPriceCents: integer('annual_price_cents'),
  annualPmPriceCents: integer('annual_pm_price_cents'),
  quarterlyPriceCents: integer('quarterly_price_cents'),
  trialDaysMonthly: integer('trial_days_monthly'),
  trialDaysAnnual: integer('trial_days_annual'),
  trialDaysAnnualPm: integer('trial_days_annual_pm'),
  trialDaysQuarterly: integer('trial_days_quarterly'),
});

/** Subscription coupons (spec §3). Stored upper-case. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    discountType: text('discount_type').$type<'dollars' | 'percent'>().notNull(),
    discountInCents: integer('discount_in_cents'),
    discountPercent: integer('discount_percent'),
    duration: text('duration').$type<'forever' | 'single_use' | 'temporal'>().notNull(),
    appliesForMonths: integer('applies_for_months'),
  },
  (t) => [
    check('coupons_type_check', sql`${t.discountType} in ('dollars', 'percent')`),
    check('coupons_duration_check', sql`${t.duration} in ('forever', 'single_use', 'temporal')`),
  ],
);

export type SubscriptionKind = 'license' | 'trial' | 'subscription';

/**
 * A user's access (spec §4 subscription status messages). The message is derived from this row and the clock
 * (server/domain/subscription-status.ts) so it never goes stale:
 * - license: access from a coach licence until `paid_through`, or disabled;
 * - trial: a free trial without billing information until `trial_ends_at`;
 * - subscription: a paid subscription, possibly still in its free trial.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SubscriptionKind>().notNull(),
    active: boolean('active').notNull().default(true),
    disabled: boolean('disabled').notNull().default(false),
    term: text('term'),
    couponCode: text('coupon_code'),
    providerSubscriptionId: text('provider_subscription_id'),
    paidThrough: timestamp('paid_through', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('subscriptions_kind_check', sql`${t.kind} in ('license', 'trial', 'subscription')`)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanDetailsRow = typeof planDetails.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
