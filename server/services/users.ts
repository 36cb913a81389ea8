import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { licences, organizations, playerProfiles, subscriptions, type UserRow, users } from '../db/schema/index.ts';
import { paidThrough, statusMessage } from '../domain/subscription-status.ts';

/** The `User` response of docs/api.md. */
export interface UserJson {
  id: number;
  name: string | null;
  email: string;
  phone: string | null;
  username: string | null;
  token?: string;
  is_new: boolean;
  is_coach: boolean;
  has_subscription: boolean;
  player: { id: number } | null;
  license: {
    license_code: string;
    organization: {
      id: number;
      name: string;
      waiver: string | null;
      api_user_id: number | null;
      client: { api_subdomain: string | null } | null;
    } | null;
  } | null;
  subscription: { status_message: string; paid_through: string | null } | null;
  deeplink?: string | null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Finds an account by e-mail, case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user ?? null;
}

export async function findUserByUsername(db: Db | Tx, username: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return user ?? null;
}

/** Builds the User response from the database (the row passed in may be stale; it is re-read). */
export async function userJson(
  db: Db,
  userId: number,
  now: Date,
  extras: { token?: string; deeplink?: string | null } = {},
): Promise<UserJson> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} vanished`);

  const [player] = await db
    .select({ id: playerProfiles.id })
    .from(playerProfiles)
    .where(eq(playerProfiles.userId, userId));

  let license: UserJson['license'] = null;
  if (user.latestLicenseId !== null) {
    const [row] = await db
      .select({ code: licences.code, organization: organizations })
      .from(licences)
      .innerJoin(organizations, eq(organizations.id, licences.organizationId))
      .where(eq(licences.id, user.latestLicenseId));
    if (row) {
      license = {
        license_code: row.code,
        organization: {
          id: row.organization.id,
          name: row.organization.name,
          waiver: row.organization.waiver,
          api_user_id: row.organization.apiUserId,
          client: { api_subdomain: row.organization.apiSubdomain },
        },
      };
    }
  }

  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

  const json: UserJson = {
    id: user.id,
    name: user.name,
    // Athlete accounts may have no e-mail; the contract's field is a string.
    email: user.email ?? '',
    phone: user.phone,
    username: user.username,
    is_new: user.isNew,
    is_coach: user.isCoach,
    has_subscription: subscription !== undefined,
    player: player ? { id: player.id } : null,
    license,
    subscription: subscription
      ? {
          status_message: statusMessage(subscription, now),
          paid_through: paidThrough(subscription)?.toISOString() ?? null,
        }
      : null,
  };
  if (extras.token !== undefined) json.token = extras.token;
  if (extras.deeplink !== undefined) json.deeplink = extras.deeplink;
  return json;
}
