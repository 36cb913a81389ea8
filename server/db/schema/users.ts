import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LOCALES, type Locale } from '../../i18n/messages.gen.ts';

/** A language column holds one of the catalogues' locales (a new language is a new migration of this check). */
export function languageCheck(column: AnyPgColumn) {
  return sql`${column} in (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`;
}

/**
 * Accounts. A guardian (parent) registers with e-mail and password; an athlete account is created by a guardian and
 * may have no e-mail; a coach is a guardian-like account that claimed a coach licence. E-mail and username are
 * unique case-insensitively (unique indexes on lower(...)), which both PostgreSQL 15 and PGlite accept without the
 * citext extension.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'guardian' | 'athlete' | 'coach'>().notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    /** Set at registration, cleared by the next password or token login (spec §4 routing redirector). */
    isNew: boolean('is_new').notNull().default(false),
    isCoach: boolean('is_coach').notNull().default(false),
    /** The licence the user last worked with (spec §7 latest-license); plain id to avoid a cycle with licences. */
    latestLicenseId: integer('latest_license_id'),
    /** The person's language (issue 31): one of the catalogues' locales, set at registration from Accept-Language. */
    language: text('language').$type<Locale>().notNull().default('en'),
    /**
     * Issue 32 point 1: an athlete's date of birth (`YYYY-MM-DD`), asked once by the athlete steps of a team with an
     * age rule; null until then (the player profile's `birthday`, when there is one, counts while this is null).
     */
    birthDate: date('birth_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_kind_check', sql`${t.kind} in ('guardian', 'athlete', 'coach')`),
    check('users_language_check', languageCheck(t.language)),
  ],
);

/** Which guardian registered which athlete, with the relationship text of the create-athlete form (spec §2). */
export const athleteGuardians = pgTable(
  'athlete_guardians',
  {
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relationship: text('relationship').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.athleteId] }), index('athlete_guardians_athlete_idx').on(t.athleteId)],
);

export type AccessTokenKind = 'session' | 'website' | 'password_reset';

/**
 * Bearer tokens, website (token-login) tokens and password-reset tokens. Only the SHA-256 of a token is stored, so a
 * leaked table does not let anyone log in.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AccessTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_tokens_user_idx').on(t.userId, t.kind),
    check('access_tokens_kind_check', sql`${t.kind} in ('session', 'website', 'password_reset')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
