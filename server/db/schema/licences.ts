import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { organizations, teams } from './organizations.ts';
import { users } from './users.ts';

/**
 * Registration links (spec §2 licence pages). A team licence registers athletes on a team; a coach licence gives a
 * coach app access until `expires_on`. `available_licenses` never goes below 0: claims decrement it with one
 * conditional UPDATE, and the CHECK backs that up.
 */
export const licences = pgTable(
  'licences',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; looked up case-insensitively. */
    code: text('code').notNull().unique(),
    kind: text('kind').$type<'team' | 'coach'>().notNull(),
    name: text('name').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    teamId: integer('team_id').references(() => teams.id),
    availableLicenses: integer('available_licenses').notNull(),
    paused: boolean('paused').notNull().default(false),
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (t) => [
    check('licences_available_check', sql`${t.availableLicenses} >= 0`),
    check('licences_kind_check', sql`${t.kind} in ('team', 'coach')`),
    check('licences_team_check', sql`(${t.kind} = 'team') = (${t.teamId} is not null)`),
  ],
);

export const licenceClaims = pgTable(
  'licence_claims',
  {
    id: serial('id').primaryKey(),
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('licence_claims_licence_user_key').on(t.licenceId, t.userId)],
);

export type LicenceRow = typeof licences.$inferSelect;
