import { createRoute, z } from '@hono/zod-openapi';
import { isIsoDate } from '../../src/domain/dates.ts';
import type { AppDeps } from '../deps.ts';
import { staffFirst } from '../http/auth.ts';
import { createRouter, errors, json, jsonBody } from '../http/openapi.ts';
import { runCollectorNow } from '../services/collector-runs.ts';

const runRoute = createRoute({
  method: 'post',
  path: '/api/staff/billing/run',
  tags: ['staff'],
  summary:
    'Run the collector now (staff token): charges, retries, reminders, then its jobs (server/billing/jobs.ts: ' +
    'registration reminders, waitlist offer expiry). Outside production `as_of` runs it as if today were that date',
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

export function staffBillingRoutes(deps: AppDeps) {
  const app = createRouter();
  app.openapi(runRoute, async (c) => c.json(await runCollectorNow(deps, c.req.valid('json').as_of), 200));
  return app;
}
