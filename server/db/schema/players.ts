import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Option lists of the player profile (spec §3 player field options). */
export const sports = pgTable('sports', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const positions = pgTable('positions', {
  id: serial('id').primaryKey(),
  sportId: integer('sport_id')
    .notNull()
    .references(() => sports.id),
  name: text('name').notNull(),
});

export const experienceLevels = pgTable('experience_levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Season statuses ("phase" on the wire). */
export const seasonPhases = pgTable('season_phases', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const weightGoals = pgTable('weight_goals', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const playerProfiles = pgTable(
  'player_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    sex: text('sex').$type<'f' | 'm'>().notNull(),
    weightLbs: doublePrecision('weight_lbs').notNull(),
    heightInches: integer('height_inches').notNull(),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id),
    phaseId: integer('phase_id')
      .notNull()
      .references(() => seasonPhases.id),
    liftingExperienceId: integer('lifting_experience_id')
      .notNull()
      .references(() => experienceLevels.id),
    agilityExperienceId: integer('agility_experience_id')
      .notNull()
      .references(() => experienceLevels.id),
    upperPlyometricExperienceId: integer('upper_plyometric_experience_id')
      .notNull()
      .references(() => experienceLevels.id),
    lowerPlyometricExperienceId: integer('lower_plyometric_experience_id')
      .notNull()
      .references(() => experienceLevels.id),
    weightGoalId: integer('weight_goal_id')
      .notNull()
      .references(() => weightGoals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('player_profiles_sex_check', sql`${t.sex} in ('f', 'm')`)],
);
