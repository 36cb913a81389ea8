import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../deps.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, createRouter, errors, json, jsonBody } from '../http/openapi.ts';
import { getWaitlistEntry, joinWaitlist, leaveWaitlist, requireWaitlistGuardian } from '../services/waitlist.ts';

/**
 * The waitlist of a full licence (issue 21 point 3, docs/api.md "Waitlist (issue 21)"): a guardian joins, reads
 * their family's place and leaves; the work is services/waitlist.ts's (seats and offers: services/waitlist-seats.ts).
 */

const entryShape = {
  license: z.string(),
  team: z.object({ name: z.string() }),
  position: z.number().int(),
  status: z.enum(['waiting', 'offered']),
  offer: z.object({ expires_at: z.string() }).nullable(),
  joined_at: z.string(),
};
const WaitlistEntrySchema = z.object(entryShape).openapi('WaitlistEntry');
/** Inline (OpenAPI 3.0 cannot make a `$ref` nullable). */
const NullableEntrySchema = z.object(entryShape).nullable();

const licenceCode = z.string().trim().min(1).max(64);
const licenceQuery = z.object({ license: licenceCode.openapi({ param: { name: 'license', in: 'query' } }) });

/** Athletes and coaches are refused before their request is validated (as authFirst does for the anonymous). */
const guardianFirst = createMiddleware<AppEnv>(async (c, next) => {
  const auth = await requireUser(c, c.get('deps'));
  requireWaitlistGuardian(auth.user);
  await next();
});

const joinRoute = createRoute({
  method: 'post',
  path: '/api/waitlist',
  tags: ['waitlist'],
  summary: "Join a full licence's waitlist (201; 200 with the same entry when the family is on it already)",
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: { body: jsonBody(z.object({ license: licenceCode })) },
  responses: {
    200: json(z.object({ entry: WaitlistEntrySchema }), 'Already on the waitlist'),
    201: json(z.object({ entry: WaitlistEntrySchema }), 'Joined'),
    ...errors(400, 401, 403, 404, 422),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/waitlist',
  tags: ['waitlist'],
  summary:
    "The family's place on a licence's waitlist, or null; `released` when the family's held spot on it was released",
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: { query: licenceQuery },
  responses: {
    200: json(z.object({ entry: NullableEntrySchema, released: z.string().optional() })),
    ...errors(401, 403, 404, 422),
  },
});

const leaveRoute = createRoute({
  method: 'delete',
  path: '/api/waitlist',
  tags: ['waitlist'],
  summary: "Leave a licence's waitlist (an open offer is declined and passes on); 204 also when not on it",
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: { query: licenceQuery },
  responses: { 204: { description: 'Left' }, ...errors(401, 403, 404, 422) },
});

export function waitlistRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(joinRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const { entry, created } = await joinWaitlist(deps, auth.user, c.req.valid('json'));
    return created ? c.json({ entry }, 201) : c.json({ entry }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await getWaitlistEntry(deps, auth.user, c.req.valid('query').license), 200);
  });

  app.openapi(leaveRoute, async (c) => {
    const auth = await requireUser(c, deps);
    await leaveWaitlist(deps, auth.user, c.req.valid('query').license);
    return c.body(null, 204);
  });

  return app;
}
