import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { type Db, preparedPerDb, type Tx } from '../db/client.ts';
import { type AccessTokenKind, accessTokens, type UserRow, users } from '../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each kind of token lives. */
export const TOKEN_LIFETIME_MS: Record<AccessTokenKind, number> = {
  session: 30 * DAY_MS,
  website: 30 * DAY_MS,
  password_reset: 60 * 60 * 1000,
};

/** 256 random bits, URL-safe: what the client holds. Only its SHA-256 is stored. */
export function newTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a token of `kind` for the user and returns its clear value (the only time it exists in clear). */
export async function issueToken(
  db: Db | Tx,
  userId: number,
  kind: AccessTokenKind,
  now: Date,
  lifetimeMs: number = TOKEN_LIFETIME_MS[kind],
): Promise<string> {
  const token = newTokenValue();
  await db.insert(accessTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
  return token;
}

/**
 * The one session lookup's condition: a live (not revoked, not expired) token of a kind, by its hash, with the
 * placeholders `liveTokenParams` fills. findTokenUser runs it; the family quote joins it into its own statement
 * (services/checkout/lines.ts) to read the session and the athletes in one round trip.
 */
export function liveToken() {
  return and(
    eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
    eq(accessTokens.kind, sql.placeholder('kind')),
    isNull(accessTokens.revokedAt),
    gt(accessTokens.expiresAt, sql.placeholder('now')),
  );
}

/** The placeholders of liveToken. */
export function liveTokenParams(token: string, kind: AccessTokenKind, now: Date) {
  // Placeholders skip the column's encoder, so the timestamp goes as the ISO text PostgreSQL reads as timestamptz.
  return { tokenHash: hashToken(token), kind, now: now.toISOString() };
}

/** Every token route runs this first: one indexed lookup (token_hash is unique), built and planned once. */
const tokenUserStatement = preparedPerDb((db) =>
  db
    .select({ user: users, tokenId: accessTokens.id })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(liveToken())
    .limit(1)
    .prepare('token_user'),
);

/** The user a live (not revoked, not expired) token of `kind` belongs to, or null. */
export async function findTokenUser(
  db: Db,
  token: string,
  kind: AccessTokenKind,
  now: Date,
): Promise<{ user: UserRow; tokenId: number } | null> {
  const [row] = await tokenUserStatement(db).execute(liveTokenParams(token, kind, now));
  return row ?? null;
}

/** Revokes one token by its clear value; true when a live token was revoked. */
export async function revokeToken(db: Db | Tx, token: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return revoked.length > 0;
}

/**
 * Consumes a single-use token: one conditional UPDATE, so two concurrent uses cannot both succeed. Returns the
 * owner's id when the token was live and belonged to `userId`.
 */
export async function consumeToken(
  db: Db | Tx,
  token: string,
  kind: AccessTokenKind,
  userId: number,
  now: Date,
): Promise<boolean> {
  const consumed = await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        eq(accessTokens.kind, kind),
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
      ),
    )
    .returning({ id: accessTokens.id });
  return consumed.length > 0;
}

/** Revokes every live token of `kind` of a user (e.g. all sessions after a password reset). */
export async function revokeAllTokens(db: Db | Tx, userId: number, kind: AccessTokenKind, now: Date): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, userId), eq(accessTokens.kind, kind), isNull(accessTokens.revokedAt)));
}

/**
 * Revokes every live token of a user, of every kind (sessions, website tokens, reset links), but `keep` (the caller's
 * own session when they change their password). Whoever held the old password or a link made with it is out.
 */
export async function revokeUserTokens(
  db: Db | Tx,
  userId: number,
  now: Date,
  keep: string | null = null,
): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        keep === null ? undefined : ne(accessTokens.tokenHash, hashToken(keep)),
      ),
    );
}
