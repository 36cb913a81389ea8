import { z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { createRouter, json } from '../http/openapi.ts';
import { listDeadLetters, retryDeadLetter } from '../services/staff-jobs.ts';

const DeadLetterSchema = z.object({
  id: z.string(),
  queue: z.string(),
  as_of: z.string().nullable(),
  error: z.string(),
  retries: z.number().int(),
  created_at: z.string(),
  failed_at: z.string(),
});

const deadLettersRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/jobs/dead-letters',
  permission: 'read_jobs',
  summary:
    "The job engine's dead-letter queue (issue 33): background jobs whose retries are spent, newest first, with " +
    'their queue, date and last error (owners, registrars)',
  responses: { 200: json(z.object({ jobs: z.array(DeadLetterSchema) }), 'The dead-letter jobs') },
});

const retryRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/jobs/dead-letters/{job}/retry',
  permission: 'retry_jobs',
  summary:
    "'Try again' on a dead-letter job (issue 33 point 4): sent to its queue again with its data, taken off the " +
    "dead-letter queue; 404 'Job not found.' when it is not there (owners, registrars)",
  request: { params: z.object({ job: z.string().uuid() }) },
  responses: {
    200: json(z.object({ job: z.object({ id: z.string(), queue: z.string() }) }), 'The job sent again'),
  },
});

export function adminJobRoutes(deps: AppDeps) {
  const app = createRouter();
  app.openapi(deadLettersRoute, async (c) => c.json(await listDeadLetters(deps), 200));
  app.openapi(retryRoute, async (c) => c.json(await retryDeadLetter(deps, c.req.valid('param').job), 200));
  return app;
}
