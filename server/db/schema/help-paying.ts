import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { households } from './households.ts';
import { licences } from './licences.ts';
import { organizations, seasons, teams } from './organizations.ts';
import { staffAccounts } from './staff.ts';
import { users } from './users.ts';

/**
 * Issue 34 (help paying): an organization's offer of financial assistance and of paying by check or cash, set by its
 * owner (server/services/help-paying.ts). No row: the organization offers neither and registers exactly as before.
 */
export const organizationHelpPaying = pgTable(
  'organization_help_paying',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    offersAssistance: boolean('offers_assistance').notNull().default(false),
    acceptsCheckOrCash: boolean('accepts_check_or_cash').notNull().default(false),
    /** The owner's instructions for a check or cash (whom to make checks payable to, where to hand them in). */
    checkOrCashInstructions: text('check_or_cash_instructions'),
    /** How many days a membership awaiting a check or cash holds its seat. */
    checkOrCashHoldDays: integer('check_or_cash_hold_days').notNull().default(14),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organization_help_paying_hold_days_check', sql`${t.checkOrCashHoldDays} between 1 and 60`),
    check(
      'organization_help_paying_instructions_check',
      sql`not ${t.acceptsCheckOrCash} or coalesce(length(${t.checkOrCashInstructions}), 0) > 0`,
    ),
  ],
);

/**
 * A season's assistance budget (integer cents), set by the owner. Approvals lock this row (SELECT … FOR UPDATE) so
 * that two approvals at once can never exceed it; no row reads as a budget of 0.
 */
export const assistanceBudgets = pgTable(
  'assistance_budgets',
  {
    seasonId: integer('season_id')
      .primaryKey()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    budgetCents: integer('budget_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('assistance_budgets_budget_check', sql`${t.budgetCents} >= 0`)],
);

export type AssistanceStatus = 'pending' | 'approved' | 'declined';

/**
 * A family's request for financial assistance: one per athlete and season (so one per household, athlete and
 * season), whatever its status. The reason is shown only in the console, never e-mailed or exported.
 */
export const assistanceRequests = pgTable(
  'assistance_requests',
  {
    id: serial('id').primaryKey(),
    householdId: integer('household_id').references(() => households.id, { onDelete: 'set null' }),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account whose session sent it (the athlete's own in a guardian's registration, or the payer). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    licenceId: integer('licence_id').references(() => licences.id),
    sharePercent: integer('share_percent').notNull(),
    freeOrReducedMeals: boolean('free_or_reduced_meals').notNull().default(false),
    reason: text('reason').notNull(),
    /** The team's dues when asked (the share is of these). */
    duesCents: integer('dues_cents').notNull(),
    status: text('status').$type<AssistanceStatus>().notNull().default('pending'),
    amountApprovedCents: integer('amount_approved_cents'),
    decisionMessage: text('decision_message'),
    decidedBy: integer('decided_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assistance_requests_athlete_season_key').on(t.athleteId, t.seasonId),
    index('assistance_requests_organization_idx').on(t.organizationId, t.seasonId),
    check('assistance_requests_share_check', sql`${t.sharePercent} in (25, 50, 75, 100)`),
    check('assistance_requests_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check(
      'assistance_requests_amount_check',
      sql`(${t.status} = 'approved') = (${t.amountApprovedCents} is not null) and coalesce(${t.amountApprovedCents}, 1) > 0 and ${t.duesCents} >= 0`,
    ),
  ],
);
