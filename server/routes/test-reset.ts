import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';

/**
 * `POST /api/test/reset`: the database back to the rows it held at start (server/db/fixture-copy.ts), for the browser
 * tests' server of a worker that serves file after file (e2e/support/isolated-server.ts). Mounted only under
 * TEST_RESET, which the environment refuses in production and on PostgreSQL (server/env.ts); not in the API document.
 */
export function testResetRoutes(reset: () => Promise<void>) {
  const app = new Hono<AppEnv>();
  app.post('/api/test/reset', async (c) => {
    await reset();
    return c.body(null, 204);
  });
  return app;
}
