import { createRoute, z } from '@hono/zod-openapi';
import { PASSWORD_CONFIRMATION_MISMATCH } from '../../src/domain/forms/password.ts';
import type { AppDeps } from '../deps.ts';
import { authFirst, requireGuardian, requireUser } from '../http/auth.ts';
import { fieldError, forbidden, notFound, validationError } from '../http/errors.ts';
import {
  AthleteSchema,
  BEARER,
  createRouter,
  email,
  errors,
  idParam,
  json,
  jsonBody,
  LatestLicenseSchema,
  name,
  password,
  phone,
  UserSchema,
} from '../http/openapi.ts';
import { guardianAthletes, setLatestLicence, updateAccount } from '../services/accounts.ts';
import { findLicence, LICENCE_TEXTS, latestLicenceJson, latestLicenceRefusal } from '../services/licences.ts';
import { hashPassword } from '../services/passwords.ts';
import { issueToken } from '../services/tokens.ts';
import { findUserByEmail, normalizeEmail, userJson } from '../services/users.ts';
import { ATHLETE_TOKEN_LIFETIME_MS } from './auth.ts';

const getUserRoute = createRoute({
  method: 'get',
  path: '/api/user',
  tags: ['user'],
  summary: 'The current user',
  security: BEARER,
  middleware: [authFirst] as const,
  responses: { 200: json(UserSchema), ...errors(401) },
});

const updateUserRoute = createRoute({
  method: 'put',
  path: '/api/user/{id}',
  tags: ['user'],
  summary: 'Update the own account',
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    params: z.object({ id: idParam('id') }),
    body: jsonBody(
      z.object({
        name,
        email,
        phone: phone.refine((value) => value !== '', 'The phone field is required.'),
        password: password.nullable().optional(),
        password_confirmation: z.string().max(128).nullable().optional(),
      }),
    ),
  },
  responses: { 200: json(UserSchema), ...errors(400, 401, 403, 422) },
});

const setLatestRoute = createRoute({
  method: 'post',
  path: '/api/user/latest-license',
  tags: ['user'],
  summary: 'Record the licence the user is working with',
  security: BEARER,
  middleware: [authFirst] as const,
  request: { body: jsonBody(z.object({ license_code: z.string().trim().min(1).max(64) })) },
  responses: { 200: json(LatestLicenseSchema), ...errors(400, 401, 404, 422) },
});

const getLatestRoute = createRoute({
  method: 'get',
  path: '/api/user/latest-license',
  tags: ['user'],
  summary: "The user's latest licence (404 when none)",
  security: BEARER,
  middleware: [authFirst] as const,
  responses: { 200: json(LatestLicenseSchema), ...errors(401, 404) },
});

const athletesRoute = createRoute({
  method: 'get',
  path: '/api/user/athletes',
  tags: ['user'],
  summary: "The guardian's athletes, each with a fresh token of its own",
  security: BEARER,
  middleware: [authFirst] as const,
  responses: { 200: json(z.array(AthleteSchema)), ...errors(401, 403) },
});

export function userRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(getUserRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await userJson(db, auth.user.id, deps.now()), 200);
  });

  app.openapi(updateUserRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const { id } = c.req.valid('param');
    if (id !== auth.user.id) throw forbidden('You may only update your own account.');
    const body = c.req.valid('json');
    const newPassword = body.password ?? undefined;
    if (newPassword !== undefined && newPassword !== body.password_confirmation) {
      throw fieldError('password_confirmation', PASSWORD_CONFIRMATION_MISMATCH);
    }
    const owner = await findUserByEmail(db, body.email);
    if (owner && owner.id !== auth.user.id) throw validationError({ email: ['The email has already been taken.'] });
    const now = deps.now();
    const changes = {
      name: body.name,
      email: normalizeEmail(body.email),
      phone: body.phone,
      ...(newPassword === undefined ? {} : { passwordHash: await hashPassword(newPassword) }),
    };
    // A new password logs out every other device and voids the website tokens; this session stays.
    const updated = await updateAccount(db, id, changes, now, auth.token);
    if (!updated) throw notFound();
    return c.json(await userJson(db, id, now), 200);
  });

  app.openapi(setLatestRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const { license_code } = c.req.valid('json');
    const licence = await findLicence(db, license_code);
    if (!licence) throw notFound(LICENCE_TEXTS.notFound);
    // The payment page pays for the latest licence: only one the user holds (or their athletes do) or could claim.
    const refusal = await latestLicenceRefusal(db, auth.user, licence, deps.now());
    if (refusal) throw fieldError('license_code', refusal);
    await setLatestLicence(db, auth.user.id, licence.id, deps.now());
    const body = await latestLicenceJson(db, licence.id);
    if (!body) throw notFound(LICENCE_TEXTS.notFound);
    return c.json(body, 200);
  });

  app.openapi(getLatestRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const body = auth.user.latestLicenseId === null ? null : await latestLicenceJson(db, auth.user.latestLicenseId);
    if (!body) throw notFound('No licence yet.');
    return c.json(body, 200);
  });

  app.openapi(athletesRoute, async (c) => {
    const auth = await requireUser(c, deps);
    requireGuardian(auth);
    const rows = await guardianAthletes(db, auth.user.id);
    const now = deps.now();
    const athletes = [];
    // Tokens are stored hashed, so the list hands out a fresh short-lived token per athlete.
    for (const row of rows) {
      const token = await issueToken(db, row.id, 'session', now, ATHLETE_TOKEN_LIFETIME_MS);
      athletes.push({ user_id: row.id, name: row.name ?? row.username ?? '', token, relationship: row.relationship });
    }
    return c.json(athletes, 200);
  });

  return app;
}
