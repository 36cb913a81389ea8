/**
 * The /api/user routes' work, one function per route (docs/architecture.md §7): the caller's own account, their
 * latest licence and their athletes. The routes parse the request, call one of these and answer what it returns.
 */

import { eq } from 'drizzle-orm';
import { type UserRow, users } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { fieldError, forbidden, notFound, text, validationError } from '../http/errors.ts';
import type { Locale } from '../i18n/index.ts';
import { setLatestLicence, updateAccount } from './accounts.ts';
import { ATHLETE_TOKEN_LIFETIME_MS, type AthleteJson, confirmed } from './auth.ts';
import { householdAthletes } from './households.ts';
import { findLicence, LICENCE_TEXTS, latestLicenceJson, latestLicenceRefusal } from './licences.ts';
import { hashPassword } from './passwords.ts';
import { findTokenUser, issueToken } from './tokens.ts';
import { findUserByEmail, normalizeEmail, type UserJson, userJson } from './users.ts';

/** GET /api/user. */
export function currentUser(deps: AppDeps, user: UserRow): Promise<UserJson> {
  return userJson(deps.db, user.id, deps.now());
}

export interface AccountChanges {
  name: string;
  email: string;
  phone: string;
  password?: string | null | undefined;
  password_confirmation?: string | null | undefined;
}

/**
 * PUT /api/user/{id}: only the caller's own account (`id`). A new password logs out every other device and voids
 * the website tokens; the caller's session (`sessionToken`) stays.
 */
export async function updateOwnAccount(
  deps: AppDeps,
  auth: { user: UserRow; token: string },
  id: number,
  body: AccountChanges,
): Promise<UserJson> {
  const { db } = deps;
  if (id !== auth.user.id) throw forbidden(text('account.ownOnly'));
  confirmed(body);
  const newPassword = body.password ?? undefined;
  const owner = await findUserByEmail(db, body.email);
  if (owner && owner.id !== auth.user.id) throw validationError({ email: [text('auth.emailTaken')] });
  const now = deps.now();
  const changes = {
    name: body.name,
    email: normalizeEmail(body.email),
    phone: body.phone,
    ...(newPassword === undefined ? {} : { passwordHash: await hashPassword(newPassword) }),
  };
  const updated = await updateAccount(db, id, changes, now, auth.token);
  if (!updated) throw notFound();
  return userJson(db, id, now);
}

/** PUT /api/user/language (issue 31): the caller's language; answers the user as GET /api/user does. */
export async function setOwnLanguage(deps: AppDeps, user: UserRow, language: Locale): Promise<UserJson> {
  const now = deps.now();
  await deps.db.update(users).set({ language, updatedAt: now }).where(eq(users.id, user.id));
  return userJson(deps.db, user.id, now);
}

/** POST /api/user/latest-license. */
export async function rememberLatestLicence(deps: AppDeps, user: UserRow, licenseCode: string) {
  const { db } = deps;
  const licence = await findLicence(db, licenseCode);
  if (!licence) throw notFound(LICENCE_TEXTS.notFound);
  // The payment page pays for the latest licence: only one the user holds (or their athletes do) or could claim.
  const refusal = await latestLicenceRefusal(db, user, licence, deps.now());
  if (refusal) throw fieldError('license_code', refusal);
  await setLatestLicence(db, user.id, licence.id, deps.now());
  const body = await latestLicenceJson(db, licence.id);
  if (!body) throw notFound(LICENCE_TEXTS.notFound);
  return body;
}

/** GET /api/user/latest-license: 404 when the user has none yet. */
export async function latestLicence(deps: AppDeps, user: UserRow) {
  const body = user.latestLicenseId === null ? null : await latestLicenceJson(deps.db, user.latestLicenseId);
  if (!body) throw notFound(text('account.noLicenceYet'));
  return body;
}

/** GET /api/user/athletes: the guardian's household's athletes (issue 20), each with a fresh short-lived token of its own. */
export async function athletesWithTokens(deps: AppDeps, guardian: UserRow): Promise<AthleteJson[]> {
  const { db } = deps;
  const rows = await householdAthletes(db, guardian.id);
  const now = deps.now();
  const athletes: AthleteJson[] = [];
  // Tokens are stored hashed, so the list hands out a fresh short-lived token per athlete.
  for (const row of rows) {
    const token = await issueToken(db, row.id, 'session', now, ATHLETE_TOKEN_LIFETIME_MS);
    athletes.push({ user_id: row.id, name: row.name ?? row.username ?? '', token, relationship: row.relationship });
  }
  return athletes;
}

/**
 * POST /api/registration-link/license-link: the licence of a registration link becomes the caller's latest, when the website token
 * sent with it is the caller's own.
 */
export async function followLicenceLink(
  deps: AppDeps,
  user: UserRow,
  body: { token: string; license: string },
): Promise<{ organization_id: number | null }> {
  const { db } = deps;
  const website = await findTokenUser(db, body.token, 'website', deps.now());
  if (!website || website.user.id !== user.id) throw forbidden(text('account.websiteTokenNotYours'));
  const licence = await findLicence(db, body.license);
  if (!licence) throw notFound(LICENCE_TEXTS.notFound);
  await setLatestLicence(db, user.id, licence.id);
  return { organization_id: licence.organizationId };
}
