/**
 * The auth routes' work, one function per route (docs/architecture.md §7): rate limits, lookups, password checks,
 * accounts, tokens and the reset e-mail. The routes parse the request, call one of these and answer what it returns.
 */
import { PASSWORD_CONFIRMATION_MISMATCH } from '../../src/domain/forms/password.ts';
import type { UserRow } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError, type ErrorText, fieldError, text, validationError } from '../http/errors.ts';
import { siteLink } from '../http/origin.ts';
import { DEFAULT_LOCALE, english, type Locale } from '../i18n/index.ts';
import { savedLocale } from '../mail/mail-language.ts';
import { passwordResetMail } from '../mail/password-reset-mail.ts';
import { createAthlete, createGuardian, markNotNew, resetPassword as resetAccountPassword } from './accounts.ts';
import { claimLicence, claimRefusal, findLicence } from './licences.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { limiterOf, RATE_RULES } from './rate-limit.ts';
import { findTokenUser, issueToken, revokeAllTokens, revokeToken } from './tokens.ts';
import { findUserByEmail, findUserByUsername, normalizeEmail, type UserJson, userJson } from './users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tokens handed out for athletes (register-athlete, the athlete list) serve one payment session. */
export const ATHLETE_TOKEN_LIFETIME_MS = 7 * DAY_MS;

export const INVALID_LOGIN = english('auth.invalidLogin');
const EMAIL_TAKEN = english('auth.emailTaken');
const USERNAME_TAKEN = english('auth.usernameTaken');
export const FORGOT_ANSWER = english('auth.forgotAnswer');

/** A new password must be typed twice alike (422 on password_confirmation otherwise). */
export function confirmed(body: {
  password?: string | null | undefined;
  password_confirmation?: string | null | undefined;
}): void {
  if (body.password != null && body.password !== body.password_confirmation) {
    throw fieldError('password_confirmation', PASSWORD_CONFIRMATION_MISMATCH);
  }
}

/**
 * The login's rate limits and lockout (architecture.md §7 Rate limits), counted per client, per address and client,
 * and per address. The family login and the staff login (services/staff/auth.ts, issue 22) count the same counters:
 * one budget of guesses per e-mail address, whichever door they are tried at.
 */
export async function checkLoginLimits(deps: AppDeps, email: string, client: string): Promise<void> {
  const limit = limiterOf(deps);
  await limit(RATE_RULES.loginIp, client);
  // Per account and client before per account: once one client has used its few guesses, its further attempts
  // are refused before they reach the account's wider budget, so the owner can still log in from elsewhere.
  await limit(RATE_RULES.loginEmailIp, `${email}|${client}`);
  await limit(RATE_RULES.loginEmail, email);
}

/** POST /api/auth/login: `client` is the caller's address (http/client-ip.ts). */
export async function login(
  deps: AppDeps,
  body: { email: string; password: string },
  client: string,
): Promise<UserJson> {
  const { db } = deps;
  await checkLoginLimits(deps, body.email, client);
  const user = body.email.includes('@')
    ? await findUserByEmail(db, body.email)
    : await findUserByUsername(db, body.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyAgainstNothing(body.password);
  if (!user || !valid) throw fieldError('email', INVALID_LOGIN);
  const now = deps.now();
  await markNotNew(db, user, now);
  const token = await issueToken(db, user.id, 'session', now);
  return userJson(db, user.id, now, { token });
}

/** POST /api/website-token/validate. */
export async function tokenLogin(deps: AppDeps, body: { user_id: number; token: string }): Promise<UserJson> {
  const { db } = deps;
  const now = deps.now();
  const found = await findTokenUser(db, body.token, 'website', now);
  if (!found || found.user.id !== body.user_id) throw new ApiError(401, text('auth.tokenInvalid'));
  await markNotNew(db, found.user);
  const token = await issueToken(db, found.user.id, 'session', now);
  return userJson(db, found.user.id, now, { token });
}

export interface RegisterBody {
  email: string;
  phone: string;
  username?: string | null | undefined;
  password: string;
  password_confirmation: string;
  name: string;
  license?: string | null | undefined;
  do_not_claim?: boolean | null | undefined;
}

/** POST /api/auth/register: a guardian (or coach) account, its licence claimed unless do_not_claim. */
export async function register(
  deps: AppDeps,
  body: RegisterBody,
  client: string,
  language: Locale = DEFAULT_LOCALE,
): Promise<UserJson> {
  const { db, env } = deps;
  const limit = limiterOf(deps);
  // 'The email has already been taken.' tells whether an account exists: as costly to ask as check-email.
  await limit(RATE_RULES.registerIp, client);
  await limit(RATE_RULES.registerEmail, body.email);
  confirmed(body);
  const messages: Record<string, ErrorText[]> = {};
  if (await findUserByEmail(db, body.email)) messages.email = [EMAIL_TAKEN];
  const username = body.username?.trim() || null;
  if (username && (await findUserByUsername(db, username))) messages.username = [USERNAME_TAKEN];
  const licence = body.license?.trim() ? await findLicence(db, body.license) : null;
  if (body.license?.trim() && !licence) messages.license = [text('licence.teamUnavailable')];
  if (Object.keys(messages).length > 0) throw validationError(messages);

  const now = deps.now();
  const passwordHash = await hashPassword(body.password);
  // Unclaimed (do_not_claim), the licence is only remembered as the latest when it could still be claimed later:
  // a paused or full licence is not (POST /api/user/latest-license refuses them the same way).
  const remembered = licence && !(body.do_not_claim && claimRefusal(licence, now)) ? licence : null;
  const created = await createGuardian(db, {
    name: body.name,
    email: normalizeEmail(body.email),
    phone: body.phone,
    username,
    passwordHash,
    latestLicenseId: remembered?.id ?? null,
    language,
  });
  // Two registrations racing for one address: the unique index lets one through.
  if (!created) throw fieldError('email', EMAIL_TAKEN);
  if (licence && !body.do_not_claim) {
    // The account exists whatever the claim answers; the licence page shows an unavailable licence itself.
    await claimLicence(deps, created, licence);
  }
  const token = await issueToken(db, created.id, 'session', now);
  const websiteToken = await issueToken(db, created.id, 'website', now);
  const deeplink = siteLink(env, '/login', { userID: String(created.id), websiteToken });
  return userJson(db, created.id, now, { token, deeplink });
}

export interface RegisterAthleteBody {
  name: string;
  username: string;
  password: string;
  password_confirmation: string;
  relationship: string;
  phone?: string | null | undefined;
  email?: string | null | undefined;
}

export interface AthleteJson {
  user_id: number;
  name: string;
  token: string;
  relationship: string;
}

/** POST /api/auth/register-athlete: the athlete account of `guardian`, with the athlete's own token. */
export async function registerAthlete(
  deps: AppDeps,
  guardian: UserRow,
  body: RegisterAthleteBody,
): Promise<AthleteJson> {
  const { db } = deps;
  confirmed(body);
  const athleteEmail = body.email?.trim() ? normalizeEmail(body.email) : null;
  const messages: Record<string, ErrorText[]> = {};
  if (await findUserByUsername(db, body.username)) messages.username = [USERNAME_TAKEN];
  if (athleteEmail && (await findUserByEmail(db, athleteEmail))) messages.email = [EMAIL_TAKEN];
  if (Object.keys(messages).length > 0) throw validationError(messages);

  const now = deps.now();
  const passwordHash = await hashPassword(body.password);
  const athlete = await createAthlete(
    db,
    guardian.id,
    { name: body.name, email: athleteEmail, phone: body.phone?.trim() || null, username: body.username, passwordHash },
    body.relationship,
  );
  if (!athlete) throw fieldError('username', USERNAME_TAKEN);
  const token = await issueToken(db, athlete.id, 'session', now, ATHLETE_TOKEN_LIFETIME_MS);
  return { user_id: athlete.id, name: athlete.name ?? body.name, token, relationship: body.relationship };
}

/** POST /api/auth/check-email. */
export async function emailExists(
  deps: AppDeps,
  body: { email: string },
  client: string,
): Promise<{ exists: boolean }> {
  const limit = limiterOf(deps);
  await limit(RATE_RULES.checkEmailIp, client);
  await limit(RATE_RULES.checkEmailEmail, body.email);
  return { exists: (await findUserByEmail(deps.db, body.email)) !== null };
}

/** POST /api/auth/logout: the caller's session (`ownToken`) and a session token named in the body end. */
export async function logout(
  deps: AppDeps,
  ownToken: string | null,
  body: { token?: string | null | undefined },
): Promise<{ message: string }> {
  const { db } = deps;
  const now = deps.now();
  if (ownToken) await revokeToken(db, ownToken, now);
  if (body.token) {
    // Only a token whose holder is logging out: a session token, which the caller must possess to name.
    const found = await findTokenUser(db, body.token, 'session', now);
    if (found) await revokeToken(db, body.token, now);
  }
  return { message: english('auth.loggedOut') };
}

/** POST /api/auth/password/forgot-password: e-mails a reset link; the same answer whether or not the address exists. */
export async function requestPasswordReset(
  deps: AppDeps,
  body: { email: string },
  client: string,
): Promise<{ message: string }> {
  const { db, env } = deps;
  const limit = limiterOf(deps);
  await limit(RATE_RULES.forgotIp, client);
  await limit(RATE_RULES.forgotEmailIp, `${body.email}|${client}`);
  await limit(RATE_RULES.forgotEmail, body.email);
  const user = await findUserByEmail(db, body.email);
  if (user?.email) {
    const now = deps.now();
    // A new link replaces older ones: only the latest e-mail works.
    await revokeAllTokens(db, user.id, 'password_reset', now);
    const token = await issueToken(db, user.id, 'password_reset', now);
    const locale = savedLocale(user.language);
    const link = siteLink(env, '/resetpwd/forgot', { token, email: user.email });
    await deps.mailer.send(passwordResetMail(user.email, user.name, link, locale));
  }
  return { message: FORGOT_ANSWER };
}

/** POST /api/auth/password/forgot-password-reset: a new password with the e-mailed token; a new session token. */
export async function resetPassword(
  deps: AppDeps,
  body: { email: string; password: string; password_confirmation: string; token: string },
): Promise<{ message: string; token: string }> {
  const { db } = deps;
  confirmed(body);
  await limiterOf(deps)(RATE_RULES.resetEmail, body.email);
  const invalid = () => fieldError('token', text('auth.resetLinkInvalid'));
  const user = await findUserByEmail(db, body.email);
  if (!user) throw invalid();
  const now = deps.now();
  const passwordHash = await hashPassword(body.password);
  // Whoever knew the old password is logged out everywhere: sessions, website tokens, other reset links.
  const token = await resetAccountPassword(db, user.id, body.token, passwordHash, now);
  if (token === null) throw invalid();
  return { message: english('auth.passwordReset'), token };
}
