import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { organizations, teams } from './organizations.ts';
import { staffAccounts } from './staff.ts';
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
    /**
     * The licence's version (issue 30 point 4): the `ETag` of `GET`/`PUT /api/admin|staff/licences/{code}`. The
     * trigger `licences_bump_version` (migration 0010) adds 1 whenever the seats left or the pause change, by any
     * path (a staff change, a claim, an offer, a released hold), so a seat change sent with an older version is
     * refused (412) instead of undoing what happened since.
     */
    version: integer('version').notNull().default(1),
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
  (t) => [
    unique('licence_claims_licence_user_key').on(t.licenceId, t.userId),
    // The hold expiry job's scan (claims older than 96 hours).
    index('licence_claims_claimed_at_idx').on(t.claimedAt),
    // An athlete's own claims (the checkout's seats, server/services/checkout/lines.ts): found by the athlete.
    index('licence_claims_user_idx').on(t.userId),
  ],
);

export type SeatReleaseReason = 'expired' | 'removed' | 'staff';

/**
 * A held seat given back (issue 30 point 4, server/services/seat-holds.ts): a team licence's claim with nothing paid
 * (no active membership of the claimant on the licence's team) that expired 96 hours after the claim, was removed
 * from a family checkout, or was released by staff. The claim row itself is deleted (its seat returns to the pool or
 * the waitlist's first family); this row remembers it so that the family's saved registration and licence page say
 * 'Your held spot on {team} was released.' and Pay Now may claim again. `user_id` is the claimant (the athlete whose
 * token claimed); `released_by` the staff member, or null.
 */
export const seatReleases = pgTable(
  'seat_releases',
  {
    id: serial('id').primaryKey(),
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    reason: text('reason').$type<SeatReleaseReason>().notNull(),
    releasedBy: integer('released_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('seat_releases_user_idx').on(t.userId, t.licenceId),
    check('seat_releases_reason_check', sql`${t.reason} in ('expired', 'removed', 'staff')`),
  ],
);

export type LicenceRow = typeof licences.$inferSelect;
export type SeatReleaseRow = typeof seatReleases.$inferSelect;
