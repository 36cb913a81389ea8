import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { QuestionKind } from '../../../src/domain/team-questions.ts';
import { teams } from './organizations.ts';
import { users } from './users.ts';

/**
 * Issue 32 point 4: a team's own questions (src/domain/team-questions.ts), asked in `position` order. The prompt and
 * the options are the owner's text, stored as typed. Removing a question removes its answers.
 */
export const teamQuestions = pgTable(
  'team_questions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    prompt: text('prompt').notNull(),
    /** The options of a choice question, in order; [] for the other kinds. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_questions_team_idx').on(t.teamId, t.position),
    check('team_questions_kind_check', sql`${t.kind} in ('short_text', 'choice', 'yes_no', 'date')`),
  ],
);

/**
 * An athlete's answer to a team's question: one per athlete and question, so the answers given at checkout belong to
 * the membership the athlete then holds on that team (its `user_id` and `team_id`), and changing them from /payments
 * rewrites them in place. '' is no answer to an optional question.
 */
export const teamQuestionAnswers = pgTable(
  'team_question_answers',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => teamQuestions.id, { onDelete: 'cascade' }),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'team_question_answers_pkey', columns: [t.questionId, t.athleteId] }),
    index('team_question_answers_athlete_idx').on(t.athleteId),
  ],
);

export type TeamQuestionRow = typeof teamQuestions.$inferSelect;
