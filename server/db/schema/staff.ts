import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Locale } from '../../i18n/messages.gen.ts';
import { organizations, teams } from './organizations.ts';
import { languageCheck } from './users.ts';

/**
 * The club's console (issue 22 point 1): staff accounts are their own table, never family users. A staff member
 * logs in with e-mail and password (argon2id, services/passwords.ts) under the family login's rate limits (the
 * lockout families have: services/auth.ts `checkLoginLimits`, counters in `rate_limits`, so no lockout column here).
 * E-mail is unique case-insensitively (a unique index on lower(email), as users).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * The second factor (issue 30 point 2, services/staff/two-factor.ts): the TOTP secret (RFC 6238, base32) once
     * turned on, the one an enrolment is confirming until then, when it was turned on, and the last time step a code
     * was accepted for (a code is accepted once).
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The staff member's language for the console and its e-mails (issue 31), as users.language. */
    language: text('language').$type<Locale>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_lower_key').on(sql`lower(${t.email})`),
    check('staff_accounts_totp_check', sql`(${t.totpSecret} is null) = (${t.totpEnabledAt} is null)`),
    check('staff_accounts_language_check', languageCheck(t.language)),
  ],
);

/**
 * A staff member's ten one-time recovery codes (issue 30 point 2): only their SHA-256 is stored; each works once
 * (used_at), in place of a TOTP code at the console's login.
 */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_key').on(t.staffId, t.codeHash)],
);

export type StaffRole = 'owner' | 'registrar' | 'coach';

/**
 * What a staff member may do in an organization. Owner and registrar rows cover the whole organization (no team); a
 * coach has one row per team they coach (team set). One staff member may hold several rows (a coach of two teams).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').$type<StaffRole>().notNull(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_roles_key').on(t.staffId, t.organizationId, t.role, sql`coalesce(${t.teamId}, 0)`),
    index('staff_roles_organization_idx').on(t.organizationId),
    check('staff_roles_role_check', sql`${t.role} in ('owner', 'registrar', 'coach')`),
    check('staff_roles_team_check', sql`(${t.role} = 'coach') = (${t.teamId} is not null)`),
  ],
);

/** Staff sessions: bearer tokens of 256 random bits of which only the SHA-256 is stored (as access_tokens). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * An owner's invitation of a staff member by e-mail: a link whose token only the SHA-256 of is stored, working for
 * 7 days and once (accepted_at). Inviting the same address to the same organization again revokes the pending one.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').$type<StaffRole>().notNull(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_invites_organization_idx').on(t.organizationId),
    check('staff_invites_role_check', sql`${t.role} in ('owner', 'registrar', 'coach')`),
    check('staff_invites_team_check', sql`(${t.role} = 'coach') = (${t.teamId} is not null)`),
  ],
);

export type StaffAccountRow = typeof staffAccounts.$inferSelect;
export type StaffRoleRow = typeof staffRoles.$inferSelect;
export type StaffInviteRow = typeof staffInvites.$inferSelect;
