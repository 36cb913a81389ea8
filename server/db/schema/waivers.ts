import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Locale } from '../../i18n/messages.gen.ts';
import { memberships } from './memberships.ts';
import { organizations, teams } from './organizations.ts';
import { languageCheck, users } from './users.ts';

/**
 * Issue 32 point 3: every text of an organization's waiver a family could agree to. A version number covers the
 * waiver as the owner saved it (the English text and, when there is one, the Spanish text): one row per language,
 * with the text word for word and its SHA-256 (hex, of the UTF-8 text). A change of either text is the next number
 * (server/services/waivers.ts `currentWaiverVersion`, which also makes the first one).
 */
export const waiverVersions = pgTable(
  'waiver_versions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    version: integer('version').notNull(),
    language: text('language').$type<Locale>().notNull(),
    text: text('text').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waiver_versions_org_version_language_key').on(t.organizationId, t.version, t.language),
    check('waiver_versions_language_check', languageCheck(t.language)),
  ],
);

/**
 * Issue 32 point 3: one guardian's agreement, for one athlete of a checkout, to one waiver version (the language's
 * row they read), when they pressed Pay Now, from which address and browser. The membership the checkout recorded
 * is linked in the same transaction that records it (null until then: a payment not yet confirmed).
 */
export const waiverAgreements = pgTable(
  'waiver_agreements',
  {
    id: serial('id').primaryKey(),
    waiverVersionId: integer('waiver_version_id')
      .notNull()
      .references(() => waiverVersions.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => users.id),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => users.id),
    membershipId: integer('membership_id').references(() => memberships.id),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [
    index('waiver_agreements_membership_idx').on(t.membershipId),
    index('waiver_agreements_athlete_team_idx').on(t.athleteId, t.teamId),
  ],
);

export type WaiverVersionRow = typeof waiverVersions.$inferSelect;
export type WaiverAgreementRow = typeof waiverAgreements.$inferSelect;
