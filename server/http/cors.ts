import type { Context, MiddlewareHandler } from 'hono';
import { setAnswerHeader } from './response-headers.ts';

export interface CorsOptions {
  /** The origin to allow for a request's `Origin` header, or null to allow none. */
  origin: (origin: string, c: Context) => string | null;
  allowMethods: readonly string[];
  allowHeaders: readonly string[];
  exposeHeaders: readonly string[];
  /** Seconds a browser may keep a preflight's answer. */
  maxAge: number;
}

/**
 * Cross-origin headers, as hono/cors sends them, set on the route's own answer after it is made (hono/cors touches
 * `c.res` before the route runs, so Hono copies every answer into a second Response and @hono/node-server reads it
 * back from a stream: server/http/response-headers.ts). A request without an `Origin` header (same origin, or not a
 * browser) gets only `Access-Control-Expose-Headers` and `Vary: Origin`, as before.
 *
 * Every OPTIONS request is answered here as a preflight (204), like hono/cors does.
 */
export function corsHeaders(options: CorsOptions): MiddlewareHandler {
  const allowMethods = options.allowMethods.join(',');
  const allowHeaders = options.allowHeaders.join(',');
  const exposeHeaders = options.exposeHeaders.join(',');
  const maxAge = String(options.maxAge);
  return async (c, next) => {
    const requestOrigin = c.req.header('origin');
    const allowOrigin = requestOrigin ? options.origin(requestOrigin, c) : null;
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers();
      if (allowOrigin) headers.set('Access-Control-Allow-Origin', allowOrigin);
      if (exposeHeaders) headers.set('Access-Control-Expose-Headers', exposeHeaders);
      headers.append('Vary', 'Origin');
      headers.set('Access-Control-Max-Age', maxAge);
      if (allowMethods) headers.set('Access-Control-Allow-Methods', allowMethods);
      if (allowHeaders) {
        headers.set('Access-Control-Allow-Headers', allowHeaders);
        headers.append('Vary', 'Access-Control-Request-Headers');
      }
      return new Response(null, { status: 204, statusText: 'No Content', headers });
    }
    await next();
    if (allowOrigin) setAnswerHeader(c, 'Access-Control-Allow-Origin', allowOrigin);
    if (exposeHeaders) setAnswerHeader(c, 'Access-Control-Expose-Headers', exposeHeaders);
    setAnswerHeader(c, 'Vary', 'Origin', { append: true });
  };
}
