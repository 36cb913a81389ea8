import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { authFirst, requireGuardian, requireUser } from '../http/auth.ts';
import {
  AthleteSchema,
  BEARER,
  createRouter,
  email,
  errors,
  idParam,
  json,
  jsonBody,
  LanguageSchema,
  LatestLicenseSchema,
  name,
  password,
  passwordConfirmation,
  phone,
  UserSchema,
} from '../http/openapi.ts';
import {
  athletesWithTokens,
  currentUser,
  latestLicence,
  rememberLatestLicence,
  setOwnLanguage,
  updateOwnAccount,
} from '../services/own-account.ts';

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
        password_confirmation: passwordConfirmation.nullable().optional(),
      }),
    ),
  },
  responses: { 200: json(UserSchema), ...errors(400, 401, 403, 422) },
});

const setLanguageRoute = createRoute({
  method: 'put',
  path: '/api/user/language',
  tags: ['user'],
  summary: "Set the own language (issue 31): the site's, the error messages' and the e-mails' language",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { body: jsonBody(z.object({ language: LanguageSchema })) },
  responses: { 200: json(UserSchema), ...errors(400, 401, 422) },
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
  const app = createRouter();

  app.openapi(getUserRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await currentUser(deps, auth.user), 200);
  });

  // Before PUT /api/user/{id}, which would otherwise take "language" for an id.
  app.openapi(setLanguageRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await setOwnLanguage(deps, auth.user, c.req.valid('json').language), 200);
  });

  app.openapi(updateUserRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await updateOwnAccount(deps, auth, c.req.valid('param').id, c.req.valid('json')), 200);
  });

  app.openapi(setLatestRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await rememberLatestLicence(deps, auth.user, c.req.valid('json').license_code), 200);
  });

  app.openapi(getLatestRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await latestLicence(deps, auth.user), 200);
  });

  app.openapi(athletesRoute, async (c) => {
    const auth = await requireUser(c, deps);
    requireGuardian(auth);
    return c.json(await athletesWithTokens(deps, auth.user), 200);
  });

  return app;
}
