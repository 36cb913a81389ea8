import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { licences } from './licences.ts';
import { users } from './users.ts';

/**
 * An unfinished registration (issue 21 points 1, 2): the persisted snapshot of the register, login-athlete or payment
 * flow a logged-in guardian left, one per account and licence (the three flows of one registration replace each
 * other's row). Passwords and card details are never in it (server/services/registration-progress.ts refuses them).
 * The row is deleted on payment, on 'Start over', and once not updated for 60 days; the reminder columns record the
 * two e-mails (24 h, 72 h), each claimed once by one conditional UPDATE.
 */
export const registrationProgress = pgTable(
  'registration_progress',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    flow: text('flow').$type<'register' | 'login' | 'payment'>().notNull(),
    machineVersion: text('machine_version').notNull(),
    step: text('step').notNull(),
    athleteId: integer('athlete_id').references(() => users.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    firstReminderAt: timestamp('first_reminder_at', { withTimezone: true }),
    secondReminderAt: timestamp('second_reminder_at', { withTimezone: true }),
  },
  (t) => [
    unique('registration_progress_user_license_key').on(t.userId, t.licenseId),
    index('registration_progress_license_idx').on(t.licenseId),
    index('registration_progress_updated_idx').on(t.updatedAt),
    check('registration_progress_flow_check', sql`${t.flow} in ('register', 'login', 'payment')`),
    check('registration_progress_step_check', sql`char_length(${t.step}) between 1 and 64`),
  ],
);

export type RegistrationProgressRow = typeof registrationProgress.$inferSelect;
