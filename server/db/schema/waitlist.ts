import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { licences } from './licences.ts';
import { users } from './users.ts';

/**
 * The waitlist of a full licence (issue 21 point 3). An entry is a family's place in the line: the guardian who
 * joined (their household's other guardians see and leave the same entry, server/services/waitlist.ts). Only an
 * entry in the line (`waiting`, or `offered` while its offer is open) counts; one per guardian and licence (the
 * partial unique index). `left_at` is when it left the line (left, claimed, offer expired).
 */
export type WaitlistEntryStatus = 'waiting' | 'offered' | 'claimed' | 'left' | 'expired';

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<WaitlistEntryStatus>().notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_entries_active_key')
      .on(t.licenceId, t.guardianId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_line_idx').on(t.licenceId, t.status, t.joinedAt, t.id),
    check('waitlist_entries_status_check', sql`${t.status} in ('waiting', 'offered', 'claimed', 'left', 'expired')`),
  ],
);

/**
 * An offer of one held seat to an entry's family (issue 21 point 3): made when a seat frees, it takes the seat out of
 * `licences.available_licenses` until it is taken (the family claims the licence), expires (48 h) or is declined
 * (the family leaves); an expired or declined offer's seat goes to the next family or back to the pool. The link's
 * token is random; only its SHA-256 is stored. An entry has at most one open offer (the partial unique index).
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_offers_open_entry_key')
      .on(t.entryId)
      .where(sql`${t.takenAt} is null and ${t.expiredAt} is null and ${t.declinedAt} is null`),
    index('waitlist_offers_open_idx')
      .on(t.licenceId, t.expiresAt)
      .where(sql`${t.takenAt} is null and ${t.expiredAt} is null and ${t.declinedAt} is null`),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type WaitlistOfferRow = typeof waitlistOffers.$inferSelect;
