import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
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
import type { AppDeps } from '../deps.ts';
import { authFirst, optionalUser, requireGuardian, requireUser } from '../http/auth.ts';
import { clientIp } from '../http/client-ip.ts';
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
  passwordConfirmation,
  phone,
  UserSchema,
} from '../http/openapi.ts';
import { requestLocale, translate } from '../i18n/index.ts';
import {
  emailExists,
  login,
  logout,
  register,
  registerAthlete,
  requestPasswordReset,
  resetPassword,
  tokenLogin,
} from '../services/auth.ts';

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
        password_confirmation: passwordConfirmation,
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
        password_confirmation: passwordConfirmation,
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
      z.object({ email, password, password_confirmation: passwordConfirmation, token: z.string().min(1).max(512) }),
    ),
  },
  responses: {
    200: json(z.object({ message: z.string(), token: z.string() })),
    ...errors(400, 422, 429),
  },
});

export function authRoutes(deps: AppDeps) {
  const client = (c: Context) => clientIp(c, deps.env.TRUST_PROXY);
  const app = createRouter();

  app.openapi(loginRoute, async (c) => c.json(await login(deps, c.req.valid('json'), client(c)), 200));

  app.openapi(tokenLoginRoute, async (c) => c.json(await tokenLogin(deps, c.req.valid('json')), 200));

  // The new account's language is the request's (issue 31): the register body stays the spec's.
  app.openapi(registerRoute, async (c) =>
    c.json(await register(deps, c.req.valid('json'), client(c), requestLocale(c.req.header('accept-language'))), 200),
  );

  app.openapi(registerAthleteRoute, async (c) => {
    const auth = await requireUser(c, deps);
    requireGuardian(auth);
    return c.json(await registerAthlete(deps, auth.user, c.req.valid('json')), 200);
  });

  app.openapi(checkEmailRoute, async (c) => c.json(await emailExists(deps, c.req.valid('json'), client(c)), 200));

  app.openapi(logoutRoute, async (c) => {
    const body = c.req.valid('json');
    const auth = await optionalUser(c, deps);
    return c.json(await logout(deps, auth?.token ?? null, body), 200);
  });

  // The answers' texts the family reads are in the request's language too (issue 31).
  app.openapi(forgotRoute, async (c) => {
    await requestPasswordReset(deps, c.req.valid('json'), client(c));
    return c.json({ message: translate(requestLocale(c.req.header('accept-language')), 'auth.forgotAnswer') }, 200);
  });

  app.openapi(resetRoute, async (c) => {
    const { token } = await resetPassword(deps, c.req.valid('json'));
    const message = translate(requestLocale(c.req.header('accept-language')), 'auth.passwordReset');
    return c.json({ message, token }, 200);
  });

  return app;
}
