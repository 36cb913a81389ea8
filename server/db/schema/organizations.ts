import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The white-label client (spec §1): its name, app name and website stylesheet. */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  appName: text('app_name').notNull(),
  /** Slug of the static image set under server/static/white-label. */
  imageSet: text('image_set').notNull(),
  websiteCss: text('website_css').notNull().default(''),
});

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    /** The subdomain that selects this organization's white label (northside → northside.<site host>). */
    apiSubdomain: text('api_subdomain').unique(),
    waiver: text('waiver'),
    /**
     * Issue 31 point 4: the waiver's Spanish text, written by the owner beside `waiver` (null: none; Spanish pages then
     * show the English text under 'Este texto solo está disponible en inglés.'). Only with a `waiver`.
     */
    waiverEs: text('waiver_es'),
    apiUserId: integer('api_user_id'),
    websiteCss: text('website_css').notNull().default(''),
    /** Whether /api/subscribe/validate-organization accepts this organization (personal subscriptions offered). */
    acceptsSubscriptions: boolean('accepts_subscriptions').notNull().default(false),
    /** The organization's own branding; null falls back to its client's. */
    appName: text('app_name'),
    imageSet: text('image_set'),
    stripeAccountId: text('stripe_account_id'),
    /**
     * Household (sibling) discounts, issue 20 point 2: the percent off the dues of a household's 2nd athlete in a
     * season, and of its 3rd and every further one (src/domain/household.ts applies them); null: none.
     */
    secondAthletePercent: integer('second_athlete_percent'),
    furtherAthletePercent: integer('further_athlete_percent'),
    /**
     * Issue 30 point 2: the owner requires a second factor (TOTP) of every staff member who can move money here; one
     * who has not turned it on may not refund, retry, mark paid offline, cancel or approve assistance
     * (services/staff/permissions.ts).
     */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** Issue 32 point 2: an approved document's file is deleted at once (who approved it and when are kept). */
    deleteDocumentsAfterApproval: boolean('delete_documents_after_approval').notNull().default(false),
  },
  (t) => [
    check('organizations_subdomain_check', sql`${t.apiSubdomain} ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'`),
    check(
      'organizations_household_percent_check',
      sql`(${t.secondAthletePercent} is null or ${t.secondAthletePercent} between 0 and 100) and (${t.furtherAthletePercent} is null or ${t.furtherAthletePercent} between 0 and 100)`,
    ),
  ],
);

/**
 * A season. Its schedule: monthly instalments fall on the day of `first_installment_on`, starting with that date or,
 * once it has passed, with the next such day after today.
 */
export const seasons = pgTable('seasons', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  name: text('name').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  firstInstallmentOn: date('first_installment_on', { mode: 'string' }).notNull(),
});

/** Injury protection insurance offered with a team's dues (spec §3). */
export const protectionPlans = pgTable(
  'protection_plans',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [check('protection_plans_amount_check', sql`${t.amountCents} >= 0`)],
);

/** Money is integer cents. `plan_months` lists the monthly plans offered besides pay in full. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    name: text('name').notNull(),
    totalDuesCents: integer('total_dues_cents').notNull(),
    athleteDepositCents: integer('athlete_deposit_cents').notNull(),
    paymentPlanFeeCents: integer('payment_plan_fee_cents').notNull(),
    appFeeCents: integer('app_fee_cents').notNull(),
    isAppFeeItemized: boolean('is_app_fee_itemized').notNull(),
    planMonths: integer('plan_months').array().notNull().default(sql`'{3,6}'::integer[]`),
    protectionPlanId: integer('protection_plan_id').references(() => protectionPlans.id),
    /** Issue 32 point 2: the documents a guardian uploads for each membership ('Proof of age', or the club's own). */
    requiredDocuments: text('required_documents').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    check(
      'teams_money_check',
      sql`${t.totalDuesCents} >= 0 and ${t.athleteDepositCents} >= 0 and ${t.paymentPlanFeeCents} >= 0 and ${t.appFeeCents} >= 0`,
    ),
  ],
);

/**
 * A team registration being prepared by staff (spec §2 draft preview). It carries its own copy of the team's
 * settings so staff can change dues, plans, season and waiver without touching the live team; a draft may have no
 * season yet.
 */
export const drafts = pgTable(
  'drafts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    teamId: integer('team_id').references(() => teams.id),
    seasonId: integer('season_id').references(() => seasons.id),
    name: text('name').notNull(),
    totalDuesCents: integer('total_dues_cents').notNull(),
    athleteDepositCents: integer('athlete_deposit_cents').notNull(),
    paymentPlanFeeCents: integer('payment_plan_fee_cents').notNull(),
    appFeeCents: integer('app_fee_cents').notNull(),
    isAppFeeItemized: boolean('is_app_fee_itemized').notNull(),
    planMonths: integer('plan_months').array().notNull().default(sql`'{3,6}'::integer[]`),
    protectionPlanId: integer('protection_plan_id').references(() => protectionPlans.id),
    waiver: text('waiver'),
    /** Issue 31 point 4: the waiver's Spanish text (copied from the organization with `waiver`); null: none. */
    waiverEs: text('waiver_es'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'drafts_money_check',
      sql`${t.totalDuesCents} >= 0 and ${t.athleteDepositCents} >= 0 and ${t.paymentPlanFeeCents} >= 0 and ${t.appFeeCents} >= 0`,
    ),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type SeasonRow = typeof seasons.$inferSelect;
export type DraftRow = typeof drafts.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type ProtectionPlanRow = typeof protectionPlans.$inferSelect;
