import { createRoute, z } from '@hono/zod-openapi';
import { isRealDate, toIsoDate } from '../../src/domain/dates.ts';
import type { AppDeps } from '../deps.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { ApiError, issuesToMessages, validationError } from '../http/errors.ts';
import { BEARER, createRouter, errors, id, json, jsonBody } from '../http/openapi.ts';
import { createPlayerProfile, playerChoiceErrors, playerOptions, playerPositions } from '../services/player.ts';

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

const BIRTHDAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

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
function withErrorsList(error: ApiError): ApiError {
  return new ApiError(error.status, error.message, error.messages, error.headers, { errors: error.messages });
}

export function playerRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(optionsRoute, async (c) => {
    await requireUser(c, deps);
    const options = await playerOptions(db);
    return c.json(
      {
        sports: options.sports,
        experience_levels: options.experienceLevels,
        phase: options.phases,
        weight_goals: options.weightGoals,
      },
      200,
    );
  });

  app.openapi(positionsRoute, async (c) => {
    await requireUser(c, deps);
    const rows = await playerPositions(db);
    return c.json(
      rows.map((row) => ({ id: row.id, name: row.name, sport_id: row.sportId })),
      200,
    );
  });

  app.openapi(
    createPlayerRoute,
    async (c) => {
      const auth = await requireUser(c, deps);
      const body = c.req.valid('json');
      const now = deps.now();
      const messages: Record<string, string[]> = {};

      const [, month, day, year] = (BIRTHDAY.exec(body.birthday) ?? []).map(Number) as number[];
      const birthday =
        month && day && year && isRealDate(year, month, day)
          ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
          : null;
      if (birthday === null || year! < 1900 || birthday > toIsoDate(now)) {
        messages.birthday = ['The birthday is not a valid date.'];
      }
      Object.assign(messages, await playerChoiceErrors(db, body));
      if (Object.keys(messages).length > 0 || birthday === null) throw withErrorsList(validationError(messages));

      const profileId = await createPlayerProfile(db, auth.user.id, { ...body, birthday });
      return c.json({ id: profileId }, 200);
    },
    (result) => {
      if (!result.success) throw withErrorsList(validationError(issuesToMessages(result.error.issues)));
      return undefined;
    },
  );

  return app;
}
