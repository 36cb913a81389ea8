import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, createRouter, errors, id, json, jsonBody } from '../http/openapi.ts';
import { discardProgress, PROGRESS_FLOWS, readProgress, saveProgress } from '../services/registration-progress.ts';

/**
 * Unfinished registrations (issue 21 points 1, 4; docs/api.md "Resume and reminders (issue 21)"): the site saves a
 * flow's persisted snapshot per licence, reads it back on another device, and discards it on 'Start over'. The work,
 * and every rule (whose row, which athlete, what a snapshot may hold), is services/registration-progress.ts's.
 */

/** A flow's persisted snapshot (XState `getPersistedSnapshot`): any JSON object the site's machine can restore. */
const SnapshotSchema = z.record(z.string(), z.unknown()).openapi({
  type: 'object',
  additionalProperties: true,
  description: "A flow's persisted snapshot; no key named like a password or card detail, at any depth",
});

const ProgressFields = z.object({
  license: z.string(),
  flow: z.enum(PROGRESS_FLOWS),
  machine_version: z.string(),
  step: z.string(),
  athlete: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  team: z.object({ name: z.string(), season: z.string().nullable() }).nullable(),
  snapshot: SnapshotSchema,
  updated_at: z.string(),
  /** Issue 30 point 4: 'Your held spot on {team} was released.' (GET, only when the family's hold was released). */
  released: z.string().optional(),
});
const ProgressSchema = ProgressFields.openapi('RegistrationProgress');

const ProgressAnswer = json(z.object({ progress: ProgressSchema }));
// Inline: OpenAPI 3.0 wants a type beside `nullable`, which a nullable reference (allOf [ref, { nullable }]) lacks.
const MaybeProgressAnswer = json(z.object({ progress: ProgressFields.nullable() }));

const licenceCode = z.string().trim().min(1).max(64);
const licenceParam = { param: { name: 'license', in: 'query' as const } };

const putRoute = createRoute({
  method: 'put',
  path: '/api/registrations/progress',
  tags: ['registrations'],
  summary:
    "Save the caller's unfinished registration of a licence (replaces the one saved before, of any of its flows); " +
    'never passwords or card details',
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        license: licenceCode,
        flow: z.enum(PROGRESS_FLOWS),
        machine_version: z.string().trim().min(1).max(64),
        step: z.string().trim().min(1).max(64),
        athlete_id: id.nullable(),
        snapshot: SnapshotSchema,
      }),
    ),
  },
  responses: { 200: ProgressAnswer, ...errors(400, 401, 403, 404, 422) },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/registrations/progress',
  tags: ['registrations'],
  summary: "The caller's unfinished registration of a licence, or without `license` their latest one; null for none",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { query: z.object({ license: licenceCode.optional().openapi(licenceParam) }) },
  responses: { 200: MaybeProgressAnswer, ...errors(401, 422) },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/registrations/progress',
  tags: ['registrations'],
  summary: "'Start over': discard the caller's unfinished registration of a licence (204 also when there is none)",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { query: z.object({ license: licenceCode.openapi(licenceParam) }) },
  responses: { 204: { description: 'Discarded' }, ...errors(401, 422) },
});

export function registrationProgressRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(putRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json({ progress: await saveProgress(deps, auth.user, c.req.valid('json')) }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json({ progress: await readProgress(deps, auth.user, c.req.valid('query').license) }, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const auth = await requireUser(c, deps);
    await discardProgress(deps, auth.user, c.req.valid('query').license);
    return c.body(null, 204);
  });

  return app;
}
