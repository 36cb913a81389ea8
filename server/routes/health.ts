import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, json } from '../http/openapi.ts';

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['system'],
  summary: 'Liveness (no database round trip, so it measures the HTTP stack alone)',
  responses: { 200: json(z.object({ status: z.literal('ok') })) },
});

export function healthRoutes() {
  const app = createRouter();
  app.openapi(healthRoute, (c) => c.json({ status: 'ok' as const }, 200));
  return app;
}
