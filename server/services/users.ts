import { eq, sql } from 'drizzle-orm';
import { waiverEsField } from '../../src/domain/waiver-texts.ts';
import { type Db, preparedPerDb, type Tx } from '../db/client.ts';
import { licences, organizations, playerProfiles, subscriptions, type UserRow, users } from '../db/schema/index.ts';
import { paidThrough, statusMessage } from '../domain/subscription-status.ts';
import type { Locale } from '../i18n/index.ts';

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
      /** Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one. */
      waiver_es?: string;
      api_user_id: number | null;
      client: { api_subdomain: string | null } | null;
    } | null;
  } | null;
  subscription: { status_message: string; paid_through: string | null } | null;
  /** The person's language (issue 31): the site's and the e-mails' language once logged in. */
  language: Locale;
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

/**
 * Everything the User response shows, in one statement (GET /api/user runs it on every page load): the user, their
 * player profile, latest licence with its organization, and access. player_profiles.user_id and
 * subscriptions.user_id are unique, so the left joins add no rows.
 */
const userViewStatement = preparedPerDb((db) =>
  db
    .select({
      user: users,
      playerId: playerProfiles.id,
      licenceCode: licences.code,
      organization: {
        id: organizations.id,
        name: organizations.name,
        waiver: organizations.waiver,
        waiverEs: organizations.waiverEs,
        apiUserId: organizations.apiUserId,
        apiSubdomain: organizations.apiSubdomain,
      },
      subscription: subscriptions,
    })
    .from(users)
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .leftJoin(licences, eq(licences.id, users.latestLicenseId))
    .leftJoin(organizations, eq(organizations.id, licences.organizationId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_view'),
);

/** Builds the User response from the database (the row passed in may be stale; it is re-read). */
export async function userJson(
  db: Db,
  userId: number,
  now: Date,
  extras: { token?: string; deeplink?: string | null } = {},
): Promise<UserJson> {
  const [row] = await userViewStatement(db).execute({ userId });
  if (!row) throw new Error(`user ${userId} vanished`);
  const { user, organization, subscription } = row;

  const json: UserJson = {
    id: user.id,
    name: user.name,
    // Athlete accounts may have no e-mail; the contract's field is a string.
    email: user.email ?? '',
    phone: user.phone,
    username: user.username,
    is_new: user.isNew,
    is_coach: user.isCoach,
    has_subscription: subscription !== null,
    player: row.playerId === null ? null : { id: row.playerId },
    license:
      row.licenceCode === null || organization === null
        ? null
        : {
            license_code: row.licenceCode,
            organization: {
              id: organization.id,
              name: organization.name,
              waiver: organization.waiver,
              ...waiverEsField(organization.waiverEs),
              api_user_id: organization.apiUserId,
              client: { api_subdomain: organization.apiSubdomain },
            },
          },
    subscription: subscription
      ? {
          status_message: statusMessage(subscription, now),
          paid_through: paidThrough(subscription)?.toISOString() ?? null,
        }
      : null,
    language: user.language,
  };
  if (extras.token !== undefined) json.token = extras.token;
  if (extras.deeplink !== undefined) json.deeplink = extras.deeplink;
  return json;
}
