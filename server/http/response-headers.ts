import type { Context } from 'hono';

/**
 * Sets (or appends to) a header of the answer a middleware finds after `await next()`, on that answer itself.
 *
 * Hono's `c.header()` on a finished answer builds a new Response around the old one's body stream, and
 * @hono/node-server then has to read that stream back: an answer made from a string (`c.json`, `c.text`) stops
 * being the "lightweight" Response it writes straight to the socket. Four headers set that way cost four Response
 * objects and a stream read per request (issue 20, the quote's CPU profile). Setting them on the answer's own
 * Headers keeps it lightweight. An answer whose headers are immutable (Response.error(), a fetch() result) falls back
 * to `c.header()`.
 */
export function setAnswerHeader(c: Context, name: string, value: string, options: { append?: boolean } = {}): void {
  const headers = c.res.headers;
  try {
    if (options.append) headers.append(name, value);
    else headers.set(name, value);
  } catch {
    c.header(name, value, options);
  }
}
