import type { Context } from 'hono';
import type { Env } from '../env.ts';

/** The site's origin for links we send out: PUBLIC_URL when configured, else the origin the request came to. */
export function siteOrigin(c: Context, env: Pick<Env, 'PUBLIC_URL'>): string {
  return env.PUBLIC_URL ?? new URL(c.req.url).origin;
}
