/**
 * Staff invitations (issue 22 point 1), one function per route of server/routes/admin.ts: an owner invites a staff
 * member by e-mail to a role in their organization (a coach to one team), lists the organization's staff and pending
 * invites, and the invitee accepts with the link's token: a new staff account (name and password), or an existing
 * staff member's password, which adds the role to their account.
 *
 * The link's token is 256 random bits (./tokens.ts) of which only the SHA-256 is stored; it works for 7 days and once
 * (accepting locks the invite's row and marks it in the transaction that adds the role: of two accepts at once one
 * succeeds, the other hears it was used). Inviting the same address to the same organization again revokes the
 * pending invite (the old link then answers 404).
 */

import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  INVITE_STAFF_COACH_NEEDS_TEAM,
  INVITE_STAFF_TEAM_ONLY_FOR_COACH,
} from '../../../src/domain/forms/admin-staff-invite.ts';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../../../src/domain/forms/password.ts';
import {
  type StaffInviteRow,
  type StaffRole,
  staffAccounts,
  staffInvites,
  staffRoles,
  teams,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, conflict, fieldError, notFound, validationError } from '../../http/errors.ts';
import { siteLink } from '../../http/origin.ts';
import { DEFAULT_LOCALE, english, type Locale } from '../../i18n/index.ts';
import { staffInviteMail } from '../../mail/staff-invite-mail.ts';
import { checkLoginLimits, confirmed, INVALID_LOGIN } from '../auth.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { limiterOf, type RateRule } from '../rate-limit.ts';
import { hashToken, newTokenValue } from '../tokens.ts';
import { normalizeEmail } from '../users.ts';
import type { StaffAuthenticated, StaffJson, StaffTeam } from './access.ts';
import { findStaffByEmail, issueStaffSession, staffAccess } from './accounts.ts';
import { authorize, highestRoles, organizationTarget, ROLE_REACH } from './permissions.ts';

export const STAFF_INVITE_TEXTS = {
  teamNotFound: english('staff.teamNotFound'),
  alreadyStaff: english('staff.alreadyStaff'),
  notValid: english('staff.inviteNotValid'),
  expired: english('staff.inviteExpired'),
  used: english('staff.inviteUsed'),
  nameRequired: english('staff.nameRequired'),
  confirmationRequired: english('staff.confirmationRequired'),
  accountJustCreated: english('staff.accountJustCreated'),
} as const;

/** How long a staff invitation link works. */
export const STAFF_INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Invitations a staff member may send: 20 an hour (counted in the database, shared by every process). */
export const STAFF_INVITE_RULE: RateRule = { name: 'staff-invite:staff', limit: 20, windowSeconds: 60 * 60 };

export interface StaffInviteJson {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  team: StaffTeam | null;
  expires_at: string;
}

export interface StaffMemberJson {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  teams: StaffTeam[] | null;
}

export interface InviteStaffBody {
  email: string;
  name: string;
  role: StaffRole;
  team_id?: number | null | undefined;
}

function inviteJson(row: StaffInviteRow, teamName: string | null): StaffInviteJson {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    team: row.teamId !== null && teamName !== null ? { id: row.teamId, name: teamName } : null,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Pending: neither accepted nor revoked, and not expired at `now`. */
function pending(now: Date) {
  return and(isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, now));
}

/**
 * POST /api/admin/organizations/{id}/invites (owners): a pending invitation, replacing a pending one of the same
 * address to this organization, and its e-mail. 422 on `team_id` for a coach without a team, a team for another
 * role, a team of another organization; 422 on `email` for someone who already holds exactly this role.
 */
export async function inviteStaff(
  deps: AppDeps,
  auth: StaffAuthenticated,
  organizationId: number,
  body: InviteStaffBody,
): Promise<{ invite: StaffInviteJson }> {
  const organization = authorize(auth.staff, 'manage_staff', organizationTarget(organizationId));
  const { db } = deps;
  await limiterOf(deps)(STAFF_INVITE_RULE, String(auth.staff.id));
  const teamId = body.team_id ?? null;
  // The route's schema (adminStaffInviteBodySchema) refuses both first; kept for any other caller, in its words.
  if (ROLE_REACH[body.role] === 'team' && teamId === null) throw fieldError('team_id', INVITE_STAFF_COACH_NEEDS_TEAM);
  if (ROLE_REACH[body.role] === 'organization' && teamId !== null)
    throw fieldError('team_id', INVITE_STAFF_TEAM_ONLY_FOR_COACH);
  let teamName: string | null = null;
  if (teamId !== null) {
    const [team] = await db
      .select({ name: teams.name })
      .from(teams)
      .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)));
    if (!team) throw fieldError('team_id', STAFF_INVITE_TEXTS.teamNotFound);
    teamName = team.name;
  }
  const email = normalizeEmail(body.email);
  const existing = await findStaffByEmail(db, email);
  if (existing) {
    const [held] = await db
      .select({ id: staffRoles.id })
      .from(staffRoles)
      .where(
        and(
          eq(staffRoles.staffId, existing.id),
          eq(staffRoles.organizationId, organizationId),
          eq(staffRoles.role, body.role),
          teamId === null ? isNull(staffRoles.teamId) : eq(staffRoles.teamId, teamId),
        ),
      );
    if (held) throw fieldError('email', STAFF_INVITE_TEXTS.alreadyStaff);
  }

  const now = deps.now();
  const token = newTokenValue();
  const invite = await db.transaction(async (tx) => {
    await tx
      .update(staffInvites)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvites.organizationId, organizationId),
          sql`lower(${staffInvites.email}) = ${email}`,
          isNull(staffInvites.acceptedAt),
          isNull(staffInvites.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(staffInvites)
      .values({
        organizationId,
        role: body.role,
        teamId,
        email,
        name: body.name,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + STAFF_INVITE_LIFETIME_MS),
        invitedBy: auth.staff.id,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('staff invite insert returned nothing');
    return row;
  });

  await deps.mailer.send(
    staffInviteMail({
      to: email,
      inviteeName: body.name,
      inviterName: auth.staff.name,
      organizationName: organization.name,
      role: body.role,
      teamName,
      link: siteLink(deps.env, '/admin/join', { token }),
      // Issue 31: a staff account's own language; an address with no staff account gets the inviting staff member's.
      locale: existing?.language ?? auth.staff.language,
    }),
  );
  return { invite: inviteJson(invite, teamName) };
}

/** GET /api/admin/organizations/{id}/staff (owners): the organization's staff (highest role each) and pending invites. */
export async function listStaff(
  deps: AppDeps,
  auth: StaffAuthenticated,
  organizationId: number,
): Promise<{ staff: StaffMemberJson[]; invites: StaffInviteJson[] }> {
  authorize(auth.staff, 'manage_staff', organizationTarget(organizationId));
  const { db } = deps;
  const rows = await db
    .select({
      id: staffAccounts.id,
      name: staffAccounts.name,
      email: staffAccounts.email,
      role: staffRoles.role,
      teamId: teams.id,
      teamName: teams.name,
    })
    .from(staffRoles)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffRoles.staffId))
    .leftJoin(teams, eq(teams.id, staffRoles.teamId))
    .where(eq(staffRoles.organizationId, organizationId))
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id), asc(teams.name), asc(teams.id));
  const accounts = new Map(rows.map((row) => [row.id, row]));
  const places = highestRoles(rows.map((row) => ({ ...row, key: row.id })));
  const invites = await db
    .select({ invite: staffInvites, teamName: teams.name })
    .from(staffInvites)
    .leftJoin(teams, eq(teams.id, staffInvites.teamId))
    .where(and(eq(staffInvites.organizationId, organizationId), pending(deps.now())))
    .orderBy(asc(staffInvites.createdAt), asc(staffInvites.id));
  return {
    staff: [...places].flatMap(([id, place]) => {
      const account = accounts.get(id);
      return account ? [{ id, name: account.name, email: account.email, ...place }] : [];
    }),
    invites: invites.map((row) => inviteJson(row.invite, row.teamName)),
  };
}

/** The invite a link's token names, if it can still be accepted: 404 unknown or revoked, 410 used or expired. */
function usableInvite(row: StaffInviteRow | undefined, now: Date): StaffInviteRow {
  if (!row || (row.revokedAt !== null && row.acceptedAt === null)) throw notFound(STAFF_INVITE_TEXTS.notValid);
  if (row.acceptedAt !== null) throw new ApiError(410, STAFF_INVITE_TEXTS.used);
  if (row.expiresAt.getTime() <= now.getTime()) throw new ApiError(410, STAFF_INVITE_TEXTS.expired);
  return row;
}

export interface AcceptStaffInviteBody {
  token: string;
  password: string;
  name?: string | null | undefined;
  password_confirmation?: string | null | undefined;
}

/**
 * POST /api/admin/invites/accept (no sign-in: the link is the capability): a staff account for the invite's address
 * (name, password and its confirmation), or, when one exists, that account's password (the login's rate limits and
 * message, on `password`); the role is added and a staff session answered. 404 not valid, 410 expired or used.
 * A new account takes the language of the request (issue 31: the console then stays in the language it was joined in).
 */
export async function acceptStaffInvite(
  deps: AppDeps,
  body: AcceptStaffInviteBody,
  client: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ token: string; staff: StaffJson }> {
  const { db } = deps;
  const now = deps.now();
  const [found] = await db
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, hashToken(body.token)));
  const invite = usableInvite(found, now);
  await checkLoginLimits(deps, invite.email, client);
  const existing = await findStaffByEmail(db, invite.email);
  let newAccount: { name: string; passwordHash: string } | null = null;
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, body.password))) throw fieldError('password', INVALID_LOGIN);
  } else {
    const messages: Record<string, string[]> = {};
    const name = body.name?.trim() ?? '';
    if (name === '') messages.name = [STAFF_INVITE_TEXTS.nameRequired];
    if (body.password.length < PASSWORD_MIN_LENGTH) messages.password = [PASSWORD_TOO_SHORT];
    if (body.password_confirmation == null) messages.password_confirmation = [STAFF_INVITE_TEXTS.confirmationRequired];
    if (Object.keys(messages).length > 0) throw validationError(messages);
    confirmed(body);
    newAccount = { name, passwordHash: await hashPassword(body.password) };
  }

  const staffId = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(staffInvites).where(eq(staffInvites.id, invite.id)).for('update');
    usableInvite(locked, now);
    let id = existing?.id ?? null;
    if (newAccount) {
      const [created] = await tx
        .insert(staffAccounts)
        .values({
          email: invite.email,
          name: newAccount.name,
          passwordHash: newAccount.passwordHash,
          language: locale,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: staffAccounts.id });
      // Another invite of the same address accepted meanwhile made the account: its password was not checked here.
      if (!created) throw conflict(STAFF_INVITE_TEXTS.accountJustCreated);
      id = created.id;
    }
    if (id === null) throw new Error('staff invite: no account to add the role to');
    await tx
      .insert(staffRoles)
      .values({ staffId: id, organizationId: invite.organizationId, role: invite.role, teamId: invite.teamId })
      .onConflictDoNothing();
    const accepted = await tx
      .update(staffInvites)
      .set({ acceptedAt: now, acceptedBy: id })
      .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)))
      .returning({ id: staffInvites.id });
    if (accepted.length === 0) throw new ApiError(410, STAFF_INVITE_TEXTS.used);
    return id;
  });

  const staff = await staffAccess(db, staffId);
  if (!staff) throw new Error('staff invite: the account vanished');
  return { token: await issueStaffSession(db, staffId, now), staff };
}
