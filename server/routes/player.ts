import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { issuesToMessages, validationError } from '../http/errors.ts';
import { BEARER, createRouter, errors, id, json, jsonBody } from '../http/openapi.ts';
import { allPositions, BIRTHDAY, createPlayer, playerFormOptions, withErrorsList } from '../services/player.ts';

const OptionSchema = z.object({ id: z.number().int(), name: z.string() }).openapi('Option');

const optionsRoute = createRoute({
  method: 'get',
  path: '/api/player/create',
  tags: ['player'],
  summary: 'Option lists of the player profile form',
  security: BEARER,
  middleware: [authFirst] as const,
  responses: {
    200: json(
      z.object({
        sports: z.array(OptionSchema),
        experience_levels: z.array(OptionSchema),
        phase: z.array(OptionSchema),
        weight_goals: z.array(OptionSchema),
      }),
    ),
    ...errors(401),
  },
});

const positionsRoute = createRoute({
  method: 'get',
  path: '/api/position',
  tags: ['player'],
  summary: 'Positions of every sport',
  security: BEARER,
  middleware: [authFirst] as const,
  responses: {
    200: json(z.array(z.object({ id: z.number().int(), name: z.string(), sport_id: z.number().int() }))),
    ...errors(401),
  },
});

const createPlayerRoute = createRoute({
  method: 'post',
  path: '/api/player',
  tags: ['player'],
  summary: "Create the user's player profile (validation errors also carry `errors`)",
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        birthday: z.string().trim().regex(BIRTHDAY, 'The birthday must be a date written M/D/YYYY.'),
        sex: z.enum(['f', 'm']),
        weight: z.number().positive().max(1000),
        height: z.number().int().min(36).max(107),
        position: id,
        phase: id,
        lifting_experience: id,
        agility_experience: id,
        upper_plyometric_experience: id,
        lower_plyometric_experience: id,
        weight_goal: id,
      }),
    ),
  },
  responses: { 200: json(z.object({ id: z.number().int() })), ...errors(400, 401, 409, 422) },
});

/** The player endpoint's errors also carry `errors` (the same map), which the site lists (spec §8). */

export function playerRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(optionsRoute, async (c) => {
    await requireUser(c, deps);
    return c.json(await playerFormOptions(deps), 200);
  });

  app.openapi(positionsRoute, async (c) => {
    await requireUser(c, deps);
    return c.json(await allPositions(deps), 200);
  });

  app.openapi(
    createPlayerRoute,
    async (c) => {
      const auth = await requireUser(c, deps);
      return c.json(await createPlayer(deps, auth.user, c.req.valid('json')), 200);
    },
    (result) => {
      if (!result.success) throw withErrorsList(validationError(issuesToMessages(result.error.issues)));
      return undefined;
    },
  );

  return app;
}
