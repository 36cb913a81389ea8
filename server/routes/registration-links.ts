import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { BEARER, codeParam, createRouter, errors, json, jsonBody, LicenceInfoSchema } from '../http/openapi.ts';
import { findLicenceInfo, LICENCE_TEXTS } from '../services/licences.ts';
import { followLicenceLink } from '../services/own-account.ts';
import { licenceInfoForVisitor } from '../services/waitlist.ts';

const infoRoute = createRoute({
  method: 'get',
  path: '/api/registration-link/info/{code}',
  tags: ['licences'],
  summary: 'Licence info (team or coach); `offer` names a waitlist offer (issue 21): its seat counts for the visitor',
  request: {
    params: z.object({ code: codeParam('code') }),
    query: z.object({ offer: z.string().trim().max(512).optional() }),
  },
  responses: { 200: json(LicenceInfoSchema), ...errors(404, 422) },
});

const coachRoute = createRoute({
  method: 'get',
  path: '/api/registration-link/license/coach/code/{code}',
  tags: ['licences'],
  summary: 'Coach licence info (404 for unknown codes and team licences)',
  request: { params: z.object({ code: codeParam('code') }) },
  responses: { 200: json(LicenceInfoSchema), ...errors(404, 422) },
});

const licenseLinkRoute = createRoute({
  method: 'post',
  path: '/api/registration-link/license-link',
  tags: ['licences'],
  summary: "Link a licence to the user named by a website token; answers the licence's organization",
  description:
    'The call spec §7 leaves open. `token` is a website token issued to the bearer (e.g. in the registration ' +
    "deeplink); the licence becomes the user's latest licence.",
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(z.object({ token: z.string().min(1).max(512), license: z.string().trim().min(1).max(64) })),
  },
  responses: { 200: json(z.object({ organization_id: z.number().int() })), ...errors(400, 401, 403, 404, 422) },
});

export function registrationLinkRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(infoRoute, async (c) => {
    const found = await licenceInfoForVisitor(db, c.req.valid('param').code, c.req.valid('query').offer, deps.now());
    if (!found) throw notFound(LICENCE_TEXTS.notFound);
    return c.json(found.info, 200);
  });

  app.openapi(coachRoute, async (c) => {
    const found = await findLicenceInfo(db, c.req.valid('param').code, deps.now());
    if (found?.kind !== 'coach') throw notFound(LICENCE_TEXTS.notFound);
    return c.json(found.info, 200);
  });

  app.openapi(licenseLinkRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await followLicenceLink(deps, auth.user, c.req.valid('json')), 200);
  });

  return app;
}
