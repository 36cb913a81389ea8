import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AgeRulePreset } from '../../../src/domain/eligibility.ts';
import { teams } from './organizations.ts';
import { staffAccounts } from './staff.ts';
import { users } from './users.ts';

/**
 * A team's age rule (issue 32 point 1; src/domain/eligibility.ts): the age-determination date's preset (or a custom
 * date) and the ages allowed on it. A team without a row has no age rule and registers as before.
 */
export const teamAgeRules = pgTable(
  'team_age_rules',
  {
    teamId: integer('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    preset: text('preset').$type<AgeRulePreset>().notNull(),
    customDate: date('custom_date', { mode: 'string' }),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'team_age_rules_preset_check',
      sql`${t.preset} in ('us-soccer', 'little-league-baseball', 'little-league-softball', 'birth-year', 'custom')`,
    ),
    check('team_age_rules_custom_date_check', sql`(${t.preset} = 'custom') = (${t.customDate} is not null)`),
    check('team_age_rules_ages_check', sql`${t.minAge} between 0 and 99 and ${t.maxAge} between ${t.minAge} and 99`),
  ],
);

/**
 * An athlete let onto a team whatever its age rule says (issue 32 point 1): granted by an owner or registrar with a
 * reason, once per athlete and team (the grant is also in the audit log).
 */
export const eligibilityExceptions = pgTable(
  'eligibility_exceptions',
  {
    id: serial('id').primaryKey(),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    grantedBy: integer('granted_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('eligibility_exceptions_athlete_team_key').on(t.athleteId, t.teamId),
    index('eligibility_exceptions_team_idx').on(t.teamId),
  ],
);

export type TeamAgeRuleRow = typeof teamAgeRules.$inferSelect;
export type EligibilityExceptionRow = typeof eligibilityExceptions.$inferSelect;
