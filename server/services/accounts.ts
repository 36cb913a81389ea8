/**
 * Writes to accounts: creating guardians and athletes, changing the own account, the latest licence, and setting a
 * password with a reset link. The routes validate the request; the rows are written here.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { athleteGuardians, type UserRow, users } from '../db/schema/index.ts';
import { validationError } from '../http/errors.ts';
import { english } from '../i18n/index.ts';
import { consumeToken, issueToken, revokeUserTokens } from './tokens.ts';

type NewUserRow = typeof users.$inferInsert;

const EMAIL_TAKEN = english('auth.emailTaken');

/** The first login (or token login) ends the account's "new" state; `now` also stamps updated_at. */
export async function markNotNew(db: Db, user: Pick<UserRow, 'id' | 'isNew'>, now?: Date): Promise<void> {
  if (!user.isNew) return;
  await db
    .update(users)
    .set(now ? { isNew: false, updatedAt: now } : { isNew: false })
    .where(eq(users.id, user.id));
}

/** Inserts a guardian; null when the address was taken meanwhile (the unique index lets one of two through). */
export async function createGuardian(
  db: Db,
  values: Pick<NewUserRow, 'name' | 'email' | 'phone' | 'username' | 'passwordHash' | 'latestLicenseId' | 'language'>,
): Promise<UserRow | null> {
  const [created] = await db
    .insert(users)
    .values({ ...values, kind: 'guardian', isNew: true })
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}

/**
 * Inserts an athlete account and its link to the guardian in one transaction; null when the username (or e-mail)
 * was taken meanwhile.
 */
export async function createAthlete(
  db: Db,
  guardianId: number,
  values: Pick<NewUserRow, 'name' | 'email' | 'phone' | 'username' | 'passwordHash'>,
  relationship: string,
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...values, kind: 'athlete' })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.insert(athleteGuardians).values({ guardianId, athleteId: row.id, relationship });
    return row;
  });
}

/**
 * Changes the own account. A new password (`passwordHash`) logs out every other device and voids the website tokens
 * and reset links in the same transaction; the caller's session (`keepToken`) stays. False when the user is gone.
 */
export async function updateAccount(
  db: Db,
  userId: number,
  changes: Pick<NewUserRow, 'name' | 'email' | 'phone'> & { passwordHash?: string },
  now: Date,
  keepToken: string,
): Promise<boolean> {
  const rows = await db
    .transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length > 0 && changes.passwordHash !== undefined) await revokeUserTokens(tx, userId, now, keepToken);
      return updated;
    })
    .catch((error: unknown) => {
      // The unique index caught a concurrent change to the same address.
      if (isUniqueViolation(error)) throw validationError({ email: [EMAIL_TAKEN] });
      throw error;
    });
  return rows.length > 0;
}

/** Records the licence the user is working with (`now` also stamps updated_at). */
export async function setLatestLicence(db: Db, userId: number, licenceId: number | null, now?: Date): Promise<void> {
  await db
    .update(users)
    .set(now ? { latestLicenseId: licenceId, updatedAt: now } : { latestLicenseId: licenceId })
    .where(eq(users.id, userId));
}

/**
 * Sets a new password with a single-use reset token: the token is consumed, the hash stored, and every session,
 * website token and other reset link of the user ended, in one transaction. Answers one new session token, or null
 * when the token is not (or no longer) valid.
 */
export async function resetPassword(
  db: Db,
  userId: number,
  resetToken: string,
  passwordHash: string,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (!(await consumeToken(tx, resetToken, 'password_reset', userId, now))) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    // Whoever knew the old password is logged out everywhere: sessions, website tokens, other reset links.
    await revokeUserTokens(tx, userId, now);
    return issueToken(tx, userId, 'session', now);
  });
}
