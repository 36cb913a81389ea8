/**
 * Staff accounts, roles and sessions (issue 22 point 1): the queries every console service builds on. Staff are not
 * family users: their own table, their own sessions (`staff_sessions`), tokens made and hashed as family tokens
 * (./tokens.ts: 256 random bits, only the SHA-256 stored).
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  organizations,
  type StaffAccountRow,
  staffAccounts,
  staffRoles,
  staffSessions,
  teams,
} from '../../db/schema/index.ts';
import { hashToken, newTokenValue } from '../tokens.ts';
import { normalizeEmail } from '../users.ts';
import type { StaffJson } from './access.ts';
import { canFlags, highestRoles } from './permissions.ts';

/** A staff session lasts 7 days (a family session 30): the console can refund money. */
export const STAFF_SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The staff account of an e-mail address, case-insensitively. */
export async function findStaffByEmail(db: Db | Tx, email: string): Promise<StaffAccountRow | null> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(sql`lower(${staffAccounts.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row ?? null;
}

/**
 * The staff member as the console sees them: each organization once, with their highest role there; a coach's
 * organization lists the teams they coach, an owner's or registrar's `teams` is null (every team).
 */
export async function staffAccess(db: Db | Tx, staffId: number): Promise<StaffJson | null> {
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
  return account ? describeStaff(db, account) : null;
}

/** The staff member a live (not revoked, not expired) staff session token belongs to, as `staffAccess` says them. */
export async function staffOfSession(db: Db, token: string, now: Date): Promise<StaffJson | null> {
  const [row] = await db
    .select({ account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ? describeStaff(db, row.account) : null;
}

async function describeStaff(db: Db | Tx, account: StaffAccountRow): Promise<StaffJson> {
  const staffId = account.id;
  const rows = await db
    .select({
      organizationId: staffRoles.organizationId,
      organizationName: organizations.name,
      requireTwoFactor: organizations.requireTwoFactor,
      role: staffRoles.role,
      teamId: teams.id,
      teamName: teams.name,
    })
    .from(staffRoles)
    .innerJoin(organizations, eq(organizations.id, staffRoles.organizationId))
    .leftJoin(teams, eq(teams.id, staffRoles.teamId))
    .where(eq(staffRoles.staffId, staffId))
    .orderBy(asc(organizations.name), asc(organizations.id), asc(teams.name), asc(teams.id));
  const names = new Map(rows.map((row) => [row.organizationId, row.organizationName]));
  const required = new Set(rows.filter((row) => row.requireTwoFactor).map((row) => row.organizationId));
  const places = highestRoles(rows.map((row) => ({ ...row, key: row.organizationId })));
  const twoFactor = { two_factor_enabled: account.totpEnabledAt !== null };
  const organizationList = [...places].map(([id, place]) => {
    const facts = { role: place.role, two_factor_required: required.has(id) };
    return { id, name: names.get(id) ?? '', ...place, ...facts, can: canFlags(twoFactor, facts) };
  });
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    ...twoFactor,
    language: account.language,
    organizations: organizationList,
  };
}

/** A new staff session; returns its token in clear (the only time it exists in clear). */
export async function issueStaffSession(db: Db | Tx, staffId: number, now: Date): Promise<string> {
  const token = newTokenValue();
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + STAFF_SESSION_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

/** Ends one staff session by its clear token. */
export async function revokeStaffSession(db: Db | Tx, token: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)));
}
