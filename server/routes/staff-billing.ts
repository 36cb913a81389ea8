import { createRoute, z } from '@hono/zod-openapi';
import { isIsoDate } from '../../src/domain/dates.ts';
import { runCollector, todayOf } from '../billing/collector.ts';
import type { AppDeps } from '../deps.ts';
import { staffFirst } from '../http/auth.ts';
import { fieldError } from '../http/errors.ts';
import { createRouter, errors, json, jsonBody } from '../http/openapi.ts';

const runRoute = createRoute({
  method: 'post',
  path: '/api/staff/billing/run',
  tags: ['staff'],
  summary:
    'Run the collector now (staff token): charges, retries, reminders. Outside production `as_of` runs it as if ' +
    'today were that date',
  security: [{ staffToken: [] }],
  middleware: [staffFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        as_of: z
          .string()
          .trim()
          .refine(isIsoDate, 'The as of field must be a date (YYYY-MM-DD).')
          .nullable()
          .optional(),
      }),
    ),
  },
  responses: {
    200: json(z.object({ charged: z.number().int(), failed: z.number().int(), reminded: z.number().int() })),
    ...errors(400, 401, 422),
  },
});

export const AS_OF_REFUSED = 'as_of is refused in production: the collector runs as of today.';

export function staffBillingRoutes(deps: AppDeps) {
  const app = createRouter();
  app.openapi(runRoute, async (c) => {
    const asOf = c.req.valid('json').as_of;
    // In production only the clock decides what is due: nobody can charge a family early.
    if (asOf && deps.env.NODE_ENV === 'production') throw fieldError('as_of', AS_OF_REFUSED);
    return c.json(await runCollector(deps, asOf ?? todayOf(deps)), 200);
  });
  return app;
}
