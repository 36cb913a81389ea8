import { createRoute, z } from '@hono/zod-openapi';
import {
  EMAIL_INVALID,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_TOO_LONG,
  RELATIONSHIP_MAX_LENGTH,
  RELATIONSHIP_TOO_LONG,
  USERNAME_CHARACTERS,
  USERNAME_RULES,
  USERNAME_TOO_LONG,
  USERNAME_TOO_SHORT,
} from '../../src/domain/forms/create-athlete.ts';
import { PASSWORD_CONFIRMATION_MISMATCH } from '../../src/domain/forms/password.ts';
import type { AppDeps } from '../deps.ts';
import { authFirst, optionalUser, requireGuardian, requireUser } from '../http/auth.ts';
import { clientIp } from '../http/client-ip.ts';
import { ApiError, fieldError, validationError } from '../http/errors.ts';
import {
  AthleteSchema,
  BEARER,
  createRouter,
  email,
  errors,
  id,
  json,
  jsonBody,
  MessageSchema,
  name,
  password,
  phone,
  UserSchema,
} from '../http/openapi.ts';
import { siteLink } from '../http/origin.ts';
import { createAthlete, createGuardian, markNotNew, resetPassword } from '../services/accounts.ts';
import { claimLicence, claimRefusal, findLicence } from '../services/licences.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../services/passwords.ts';
import { RATE_RULES, rateLimiter } from '../services/rate-limit.ts';
import { findTokenUser, issueToken, revokeAllTokens, revokeToken } from '../services/tokens.ts';
import { findUserByEmail, findUserByUsername, normalizeEmail, userJson } from '../services/users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tokens handed out for athletes (register-athlete, the athlete list) serve one payment session. */
export const ATHLETE_TOKEN_LIFETIME_MS = 7 * DAY_MS;

const INVALID_LOGIN = 'These credentials do not match our records.';
const FORGOT_ANSWER =
  'If an account exists for this address, we have sent instructions on how to reset your password to it.';

function confirmed<T extends { password?: string | undefined; password_confirmation?: string | undefined }>(
  body: T,
): void {
  if (body.password !== undefined && body.password !== body.password_confirmation) {
    throw fieldError('password_confirmation', PASSWORD_CONFIRMATION_MISMATCH);
  }
}

const loginRoute = createRoute({
  method: 'post',
  path: '/api/auth/login',
  tags: ['auth'],
  summary: 'Log in with e-mail (or an athlete username) and password',
  request: {
    body: jsonBody(z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(128) })),
  },
  responses: { 200: json(UserSchema, 'The user with a new session token'), ...errors(400, 422, 429) },
});

const tokenLoginRoute = createRoute({
  method: 'post',
  path: '/api/website-token/validate',
  tags: ['auth'],
  summary: 'Token login with a website token issued to the user',
  request: { body: jsonBody(z.object({ user_id: id, token: z.string().min(1).max(512) })) },
  responses: { 200: json(UserSchema, 'The user with a new session token'), ...errors(400, 401, 422) },
});

const registerRoute = createRoute({
  method: 'post',
  path: '/api/auth/register',
  tags: ['auth'],
  summary: 'Create a primary guardian (or coach) account',
  request: {
    body: jsonBody(
      z.object({
        email,
        phone: phone.refine((value) => value !== '', 'The phone field is required.'),
        // The site sends the guardian's e-mail (spec §3 payload; the form has no username field): as long as one.
        username: z.string().trim().max(254).nullable().optional(),
        password,
        password_confirmation: z.string().max(128),
        name,
        license: z.string().trim().max(64).nullable().optional(),
        do_not_claim: z.boolean().nullable().optional(),
      }),
    ),
  },
  responses: {
    200: json(UserSchema, 'The new user with token, is_new true and a deeplink'),
    ...errors(400, 422, 429),
  },
});

const registerAthleteRoute = createRoute({
  method: 'post',
  path: '/api/auth/register-athlete',
  tags: ['auth'],
  summary: "Create an athlete account linked to the guardian; returns the athlete's own token",
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        name: name.max(NAME_MAX_LENGTH, NAME_TOO_LONG),
        // The create-athlete form's own rules and texts (src/domain/forms/create-athlete.ts).
        username: z
          .string()
          .trim()
          .min(USERNAME_RULES.minLength, USERNAME_TOO_SHORT)
          .max(USERNAME_RULES.maxLength, USERNAME_TOO_LONG)
          .regex(USERNAME_RULES.pattern, USERNAME_CHARACTERS),
        password,
        password_confirmation: z.string().max(128),
        relationship: z.string().trim().min(1).max(RELATIONSHIP_MAX_LENGTH, RELATIONSHIP_TOO_LONG),
        phone: phone.nullable().optional(),
        email: z
          .union([z.string().trim().max(EMAIL_MAX_LENGTH, EMAIL_INVALID).email(EMAIL_INVALID), z.literal('')])
          .nullable()
          .optional(),
      }),
    ),
  },
  responses: { 200: json(AthleteSchema, 'The athlete'), ...errors(400, 401, 403, 422) },
});

const checkEmailRoute = createRoute({
  method: 'post',
  path: '/api/auth/check-email',
  tags: ['auth'],
  summary: 'Whether an account with this e-mail exists',
  request: { body: jsonBody(z.object({ email })) },
  responses: { 200: json(z.object({ exists: z.boolean() })), ...errors(400, 422, 429) },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/api/auth/logout',
  tags: ['auth'],
  summary: 'Revoke the session token',
  security: [{}, ...BEARER],
  request: {
    body: jsonBody(
      z.object({ email: z.string().max(254).nullable().optional(), token: z.string().max(512).nullable().optional() }),
    ),
  },
  responses: { 200: json(MessageSchema), ...errors(400, 422) },
});

const forgotRoute = createRoute({
  method: 'post',
  path: '/api/auth/password/forgot-password',
  tags: ['auth'],
  summary: 'E-mail a single-use password reset link (same answer whether or not the address exists)',
  request: { body: jsonBody(z.object({ email })) },
  responses: { 200: json(MessageSchema), ...errors(400, 422, 429) },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/api/auth/password/forgot-password-reset',
  tags: ['auth'],
  summary: 'Set a new password with the e-mailed token; answers a session token',
  request: {
    body: jsonBody(
      z.object({ email, password, password_confirmation: z.string().max(128), token: z.string().min(1).max(512) }),
    ),
  },
  responses: {
    200: json(z.object({ message: z.string(), token: z.string() })),
    ...errors(400, 422, 429),
  },
});

export function authRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = createRouter();
  const limit = rateLimiter(deps);

  app.openapi(loginRoute, async (c) => {
    const body = c.req.valid('json');
    const client = clientIp(c, env.TRUST_PROXY);
    await limit(RATE_RULES.loginIp, client);
    // Per account and client before per account: once one client has used its few guesses, its further attempts
    // are refused before they reach the account's wider budget, so the owner can still log in from elsewhere.
    await limit(RATE_RULES.loginEmailIp, `${body.email}|${client}`);
    await limit(RATE_RULES.loginEmail, body.email);
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
    return c.json(await userJson(db, user.id, now, { token }), 200);
  });

  app.openapi(tokenLoginRoute, async (c) => {
    const body = c.req.valid('json');
    const now = deps.now();
    const found = await findTokenUser(db, body.token, 'website', now);
    if (!found || found.user.id !== body.user_id) throw new ApiError(401, 'The authentication token was invalid.');
    await markNotNew(db, found.user);
    const token = await issueToken(db, found.user.id, 'session', now);
    return c.json(await userJson(db, found.user.id, now, { token }), 200);
  });

  app.openapi(registerRoute, async (c) => {
    const body = c.req.valid('json');
    // 'The email has already been taken.' tells whether an account exists: as costly to ask as check-email.
    await limit(RATE_RULES.registerIp, clientIp(c, env.TRUST_PROXY));
    await limit(RATE_RULES.registerEmail, body.email);
    confirmed(body);
    const messages: Record<string, string[]> = {};
    if (await findUserByEmail(db, body.email)) messages.email = ['The email has already been taken.'];
    const username = body.username?.trim() || null;
    if (username && (await findUserByUsername(db, username)))
      messages.username = ['The username has already been taken.'];
    const licence = body.license?.trim() ? await findLicence(db, body.license) : null;
    if (body.license?.trim() && !licence) messages.license = ['Sorry, this license is not available.'];
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
    });
    // Two registrations racing for one address: the unique index lets one through.
    if (!created) throw fieldError('email', 'The email has already been taken.');
    if (licence && !body.do_not_claim) {
      // The account exists whatever the claim answers; the licence page shows an unavailable licence itself.
      await claimLicence(deps, created, licence);
    }
    const token = await issueToken(db, created.id, 'session', now);
    const websiteToken = await issueToken(db, created.id, 'website', now);
    const deeplink = siteLink(env, '/login', { userID: String(created.id), websiteToken });
    return c.json(await userJson(db, created.id, now, { token, deeplink }), 200);
  });

  app.openapi(registerAthleteRoute, async (c) => {
    const auth = await requireUser(c, deps);
    requireGuardian(auth);
    const body = c.req.valid('json');
    confirmed(body);
    const athleteEmail = body.email?.trim() ? normalizeEmail(body.email) : null;
    const messages: Record<string, string[]> = {};
    if (await findUserByUsername(db, body.username)) messages.username = ['The username has already been taken.'];
    if (athleteEmail && (await findUserByEmail(db, athleteEmail)))
      messages.email = ['The email has already been taken.'];
    if (Object.keys(messages).length > 0) throw validationError(messages);

    const now = deps.now();
    const passwordHash = await hashPassword(body.password);
    const athlete = await createAthlete(
      db,
      auth.user.id,
      {
        name: body.name,
        email: athleteEmail,
        phone: body.phone?.trim() || null,
        username: body.username,
        passwordHash,
      },
      body.relationship,
    );
    if (!athlete) throw fieldError('username', 'The username has already been taken.');
    const token = await issueToken(db, athlete.id, 'session', now, ATHLETE_TOKEN_LIFETIME_MS);
    return c.json(
      { user_id: athlete.id, name: athlete.name ?? body.name, token, relationship: body.relationship },
      200,
    );
  });

  app.openapi(checkEmailRoute, async (c) => {
    const body = c.req.valid('json');
    await limit(RATE_RULES.checkEmailIp, clientIp(c, env.TRUST_PROXY));
    await limit(RATE_RULES.checkEmailEmail, body.email);
    return c.json({ exists: (await findUserByEmail(db, body.email)) !== null }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const body = c.req.valid('json');
    const auth = await optionalUser(c, deps);
    const now = deps.now();
    if (auth) await revokeToken(db, auth.token, now);
    if (body.token) {
      // Only a token whose holder is logging out: a session token, which the caller must possess to name.
      const found = await findTokenUser(db, body.token, 'session', now);
      if (found) await revokeToken(db, body.token, now);
    }
    return c.json({ message: 'Logged out.' }, 200);
  });

  app.openapi(forgotRoute, async (c) => {
    const body = c.req.valid('json');
    const client = clientIp(c, env.TRUST_PROXY);
    await limit(RATE_RULES.forgotIp, client);
    await limit(RATE_RULES.forgotEmailIp, `${body.email}|${client}`);
    await limit(RATE_RULES.forgotEmail, body.email);
    const user = await findUserByEmail(db, body.email);
    if (user?.email) {
      const now = deps.now();
      // A new link replaces older ones: only the latest e-mail works.
      await revokeAllTokens(db, user.id, 'password_reset', now);
      const token = await issueToken(db, user.id, 'password_reset', now);
      const link = siteLink(env, '/resetpwd/forgot', { token, email: user.email });
      await deps.mailer.send(resetMail(user.email, user.name, link));
    }
    return c.json({ message: FORGOT_ANSWER }, 200);
  });

  app.openapi(resetRoute, async (c) => {
    const body = c.req.valid('json');
    confirmed(body);
    await limit(RATE_RULES.resetEmail, body.email);
    const invalid = () => fieldError('token', 'This password reset link is invalid or has expired.');
    const user = await findUserByEmail(db, body.email);
    if (!user) throw invalid();
    const now = deps.now();
    const passwordHash = await hashPassword(body.password);
    // Whoever knew the old password is logged out everywhere: sessions, website tokens, other reset links.
    const token = await resetPassword(db, user.id, body.token, passwordHash, now);
    if (token === null) throw invalid();
    return c.json({ message: 'Your password has been reset.', token }, 200);
  });

  return app;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function resetMail(to: string, name: string | null, link: string) {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    '',
    'We received a request to reset the password of your account. Open this link to choose a new password:',
    link,
    '',
    'The link works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>We received a request to reset the password of your account.</p><p><a href="${escapeHtml(link)}">Reset your password</a></p><p>The link works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail.</p>`;
  return { to, subject: 'Reset your password', text, html };
}
