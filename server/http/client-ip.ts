import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address for per-client rate limits: the socket's peer, or with TRUST_PROXY the right-most
 * X-Forwarded-For entry. A proxy appends the address it saw to whatever X-Forwarded-For the client sent, so only the
 * right-most entry comes from the trusted load balancer; the entries left of it are the client's own words, and
 * taking the left-most would let every request claim a fresh address and escape the limits. Behind a chain of
 * proxies this is the address the last one saw (configure the outer one to replace the header, not append).
 * Requests that did not come through a socket (in-process tests) share the address `local`.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}
