/**
 * The household calls of issue 20 point 4 (two guardians), one function per route of server/routes/household.ts:
 * the household as a guardian sees it, inviting a second guardian by e-mail, cancelling an invite, looking an invite
 * up by its link, accepting it and removing a guardian. Who belongs to which household is read through
 * ./households.ts; this module is the one place that changes it.
 *
 * An invite is a link e-mailed once: 256 random bits (as password-reset tokens, ./tokens.ts), of which only the
 * SHA-256 is stored; it lives 7 days and works once (accepting marks it in the transaction that moves the guardian,
 * under a lock on the invite's row, so of two accepts at once one succeeds and the other hears it was used).
 * Inviting the same address again revokes the pending invite (the old link then answers 404).
 */
import { and, asc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { householdGuardians, householdInvites, households, type UserRow, users } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError, fieldError, forbidden, notFound } from '../http/errors.ts';
import { siteLink } from '../http/origin.ts';
import { english, translate } from '../i18n/index.ts';
import { householdInviteMail } from '../mail/household-invite-mail.ts';
import { savedLocale } from '../mail/mail-language.ts';
import { whiteLabelOf } from './branding.ts';
import { ensureHousehold, householdAthletes, householdIdOf } from './households.ts';
import { limiterOf, type RateRule } from './rate-limit.ts';
import { hashToken, newTokenValue } from './tokens.ts';
import { findUserByEmail, normalizeEmail } from './users.ts';

export const HOUSEHOLD_TEXTS = {
  guardiansOnly: english('household.guardiansOnly'),
  inviteSelf: english('household.inviteSelf'),
  alreadyGuardian: english('household.alreadyGuardian'),
  inviteNotFound: english('household.inviteNotFound'),
  notValid: english('household.notValid'),
  expired: english('household.expired'),
  used: english('household.used'),
  otherHousehold: english('household.otherHousehold'),
  sameHousehold: english('household.sameHousehold'),
  removeSelf: english('household.removeSelf'),
  guardianNotFound: english('household.guardianNotFound'),
} as const;

/** How long an invite link works. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Invites a guardian may send: 10 an hour (counted in the database, so every process shares the limit). */
export const HOUSEHOLD_INVITE_RULE: RateRule = { name: 'household-invite:guardian', limit: 10, windowSeconds: 60 * 60 };

/** The name the invite e-mail gives the app when no client is configured. */
const DEFAULT_APP_NAME = 'Diamond Academy';

export interface HouseholdJson {
  guardians: { id: number; name: string | null; email: string; relationship: string | null; is_you: boolean }[];
  invites: InviteJson[];
}

export interface InviteJson {
  id: number;
  name: string;
  email: string;
  relationship: string;
  expires_at: string;
}

export interface InviteLookupJson {
  name: string;
  email: string;
  relationship: string;
  invited_by_name: string | null;
  expires_at: string;
}

type InviteRow = typeof householdInvites.$inferSelect;

export interface InviteBody {
  name: string;
  email: string;
  relationship: string;
}

/** Athletes and coaches have accounts of their own but no household to manage (403). */
export function requireHouseholdGuardian(user: Pick<UserRow, 'kind'>): void {
  if (user.kind !== 'guardian') throw forbidden(HOUSEHOLD_TEXTS.guardiansOnly);
}

function inviteJson(row: typeof householdInvites.$inferSelect): InviteJson {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    relationship: row.relationship,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Pending: neither accepted nor revoked, and not expired at `now`. */
function pending(now: Date) {
  return and(
    isNull(householdInvites.acceptedAt),
    isNull(householdInvites.revokedAt),
    gt(householdInvites.expiresAt, now),
  );
}

/** The household as `user` sees it: its guardians (the first one to join first) and its pending invites. */
async function householdView(db: Db | Tx, user: Pick<UserRow, 'id'>, now: Date): Promise<HouseholdJson> {
  const householdId = await householdIdOf(db, user.id);
  const guardianRows =
    householdId === null
      ? []
      : await db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            relationship: householdGuardians.relationship,
          })
          .from(householdGuardians)
          .innerJoin(users, eq(users.id, householdGuardians.userId))
          .where(eq(householdGuardians.householdId, householdId))
          .orderBy(asc(householdGuardians.joinedAt), asc(householdGuardians.userId));
  if (guardianRows.length === 0) {
    const [self] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    if (self) guardianRows.push({ ...self, relationship: null });
  }
  const invites =
    householdId === null
      ? []
      : await db
          .select()
          .from(householdInvites)
          .where(and(eq(householdInvites.householdId, householdId), pending(now)))
          .orderBy(asc(householdInvites.createdAt), asc(householdInvites.id));
  return {
    guardians: guardianRows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email ?? '',
      relationship: row.relationship,
      is_you: row.id === user.id,
    })),
    invites: invites.map(inviteJson),
  };
}

/** GET /api/household. */
export async function getHousehold(deps: AppDeps, user: UserRow): Promise<{ household: HouseholdJson }> {
  requireHouseholdGuardian(user);
  return { household: await householdView(deps.db, user, deps.now()) };
}

/** The app's name for the invite e-mail: the configured client's. */
async function appName(db: Db): Promise<string> {
  return (await whiteLabelOf(db, null))?.appName ?? DEFAULT_APP_NAME;
}

/**
 * The pending invite of `body.email` (normalized) into the household `householdId`, under the household's lock (one
 * writer per household at a time: two invites of one address at once leave one pending); null when `user` is no
 * longer one of its guardians once the lock is held (removed meanwhile).
 */
function inviteInto(
  db: Db,
  user: UserRow,
  householdId: number,
  body: InviteBody,
  token: string,
  now: Date,
): Promise<InviteRow | null> {
  const { email } = body;
  return db.transaction(async (tx) => {
    await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId)).for('update');
    if ((await householdIdOf(tx, user.id)) !== householdId) return null;
    const [guardian] = await tx
      .select({ id: users.id })
      .from(householdGuardians)
      .innerJoin(users, eq(users.id, householdGuardians.userId))
      .where(and(eq(householdGuardians.householdId, householdId), sql`lower(${users.email}) = ${email}`));
    if (guardian) throw fieldError('email', HOUSEHOLD_TEXTS.alreadyGuardian);
    await revokeOpenInvites(tx, householdId, now, sql`lower(${householdInvites.email}) = ${email}`);
    const [row] = await tx
      .insert(householdInvites)
      .values({
        householdId,
        invitedBy: user.id,
        name: body.name,
        email,
        relationship: body.relationship,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('household invite insert returned nothing');
    return row;
  });
}

/**
 * POST /api/household/invites: a pending invite for `body.email` (replacing an earlier pending one for that address)
 * and its e-mail. 422 on `email` for the guardian's own address or one of the household's guardians; 429 past
 * HOUSEHOLD_INVITE_RULE.
 */
export async function inviteGuardian(deps: AppDeps, user: UserRow, body: InviteBody): Promise<{ invite: InviteJson }> {
  requireHouseholdGuardian(user);
  const { db } = deps;
  await limiterOf(deps)(HOUSEHOLD_INVITE_RULE, String(user.id));
  const email = normalizeEmail(body.email);
  if (user.email !== null && normalizeEmail(user.email) === email)
    throw fieldError('email', HOUSEHOLD_TEXTS.inviteSelf);

  const now = deps.now();
  const token = newTokenValue();
  let invite: InviteRow | null = null;
  // Twice at most: a guardian removed between reading their household and locking it invites from the household of
  // one they have now, never into the household they left.
  for (let attempt = 0; invite === null && attempt < 2; attempt++) {
    invite = await inviteInto(db, user, await ensureHousehold(db, user.id), { ...body, email }, token, now);
  }
  if (invite === null) throw new Error('household invite: the household kept changing');

  const athletes = await householdAthletes(db, user.id);
  // Issue 31: an address with an account gets its owner's saved language; any other, the inviting guardian's.
  const invitee = await findUserByEmail(db, email);
  const locale = savedLocale(invitee?.language ?? user.language);
  await deps.mailer.send(
    householdInviteMail({
      to: email,
      locale,
      inviteeName: body.name,
      inviterName: user.name ?? user.email ?? translate(locale, 'mail.householdInviterFallback'),
      athleteNames: athletes.map((athlete) => athlete.name ?? athlete.username ?? '').filter((name) => name !== ''),
      appName: await appName(db),
      link: siteLink(deps.env, '/household/join', { token }),
    }),
  );
  return { invite: inviteJson(invite) };
}

/** DELETE /api/household/invites/{id}: revokes a pending invite of the caller's household; 404 for any other. */
export async function cancelInvite(deps: AppDeps, user: UserRow, inviteId: number): Promise<void> {
  requireHouseholdGuardian(user);
  const { db } = deps;
  const householdId = await householdIdOf(db, user.id);
  const now = deps.now();
  const revoked =
    householdId === null
      ? []
      : await db
          .update(householdInvites)
          .set({ revokedAt: now })
          .where(and(eq(householdInvites.id, inviteId), eq(householdInvites.householdId, householdId), pending(now)))
          .returning({ id: householdInvites.id });
  if (revoked.length === 0) throw notFound(HOUSEHOLD_TEXTS.inviteNotFound);
}

/**
 * Revokes the household's invites that were neither accepted nor revoked (expired ones too), or only those `which`
 * also names (one e-mail's, one guardian's).
 */
async function revokeOpenInvites(tx: Tx, householdId: number, now: Date, which?: SQL) {
  await tx
    .update(householdInvites)
    .set({ revokedAt: now })
    .where(
      and(
        eq(householdInvites.householdId, householdId),
        which,
        isNull(householdInvites.acceptedAt),
        isNull(householdInvites.revokedAt),
      ),
    );
}

/** The invite a link's token names, if it can still be accepted: 404 unknown or revoked, 410 used or expired. */
function usableInvite(row: InviteRow | undefined, now: Date): InviteRow {
  if (!row || (row.revokedAt !== null && row.acceptedAt === null)) throw notFound(HOUSEHOLD_TEXTS.notValid);
  if (row.acceptedAt !== null) throw new ApiError(410, HOUSEHOLD_TEXTS.used);
  if (row.expiresAt.getTime() <= now.getTime()) throw new ApiError(410, HOUSEHOLD_TEXTS.expired);
  return row;
}

/** POST /api/household/invites/lookup (no sign-in): what the join page shows about the invite its link carries. */
export async function lookupInvite(deps: AppDeps, body: { token: string }): Promise<{ invite: InviteLookupJson }> {
  const [found] = await deps.db
    .select({ invite: householdInvites, invitedByName: users.name })
    .from(householdInvites)
    .innerJoin(users, eq(users.id, householdInvites.invitedBy))
    .where(eq(householdInvites.tokenHash, hashToken(body.token)));
  const invite = usableInvite(found?.invite, deps.now());
  return {
    invite: {
      name: invite.name,
      email: invite.email,
      relationship: invite.relationship,
      invited_by_name: found?.invitedByName ?? null,
      expires_at: invite.expiresAt.toISOString(),
    },
  };
}

/**
 * POST /api/household/invites/accept: the caller joins the inviting household, in one transaction that first locks
 * the invite's row (so a second accept waits, then finds it used: 410) and then the caller's row (so the caller
 * cannot join two households at once). A caller whose household has other guardians: 409. A caller alone in a
 * household of their own leaves it (its pending invites die with it); their athletes come along, because a
 * household's athletes are its guardians' (./households.ts).
 */
export async function acceptInvite(
  deps: AppDeps,
  user: UserRow,
  body: { token: string },
): Promise<{ household: HouseholdJson }> {
  requireHouseholdGuardian(user);
  const { db } = deps;
  const now = deps.now();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(householdInvites)
      .where(eq(householdInvites.tokenHash, hashToken(body.token)))
      .for('update');
    const invite = usableInvite(row, now);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const ownHousehold = await householdIdOf(tx, user.id);
    if (ownHousehold === invite.householdId) throw new ApiError(409, HOUSEHOLD_TEXTS.sameHousehold);
    if (ownHousehold !== null) {
      const others = await tx
        .select({ userId: householdGuardians.userId })
        .from(householdGuardians)
        .where(and(eq(householdGuardians.householdId, ownHousehold), ne(householdGuardians.userId, user.id)))
        .limit(1);
      if (others.length > 0) throw new ApiError(409, HOUSEHOLD_TEXTS.otherHousehold);
      // The household of one the caller leaves: nobody can join it through its pending invites any more.
      await revokeOpenInvites(tx, ownHousehold, now);
    }
    const accepted = await tx
      .update(householdInvites)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(
        and(
          eq(householdInvites.id, invite.id),
          isNull(householdInvites.acceptedAt),
          isNull(householdInvites.revokedAt),
        ),
      )
      .returning({ id: householdInvites.id });
    if (accepted.length === 0) throw new ApiError(410, HOUSEHOLD_TEXTS.used);
    await tx
      .insert(householdGuardians)
      .values({ householdId: invite.householdId, userId: user.id, relationship: invite.relationship, joinedAt: now })
      .onConflictDoUpdate({
        target: householdGuardians.userId,
        set: { householdId: invite.householdId, relationship: invite.relationship, joinedAt: now },
      });
  });
  return { household: await householdView(db, user, now) };
}

/**
 * DELETE /api/household/guardians/{user_id}: another guardian leaves the caller's household (a household of one
 * again, keeping only the athletes they registered themselves); the pending invites they sent die with their place.
 */
export async function removeGuardian(
  deps: AppDeps,
  user: UserRow,
  guardianId: number,
): Promise<{ household: HouseholdJson }> {
  requireHouseholdGuardian(user);
  if (guardianId === user.id) throw fieldError('user_id', HOUSEHOLD_TEXTS.removeSelf);
  const { db } = deps;
  const now = deps.now();
  const householdId = await householdIdOf(db, user.id);
  if (householdId === null) throw notFound(HOUSEHOLD_TEXTS.guardianNotFound);
  await db.transaction(async (tx) => {
    await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId)).for('update');
    // Under the lock the caller must still be a guardian here: of two guardians removing each other, the second
    // (removed meanwhile) removes nobody.
    if ((await householdIdOf(tx, user.id)) !== householdId) throw notFound(HOUSEHOLD_TEXTS.guardianNotFound);
    const removed = await tx
      .delete(householdGuardians)
      .where(and(eq(householdGuardians.householdId, householdId), eq(householdGuardians.userId, guardianId)))
      .returning({ userId: householdGuardians.userId });
    if (removed.length === 0) throw notFound(HOUSEHOLD_TEXTS.guardianNotFound);
    await revokeOpenInvites(tx, householdId, now, eq(householdInvites.invitedBy, guardianId));
  });
  return { household: await householdView(db, user, now) };
}
