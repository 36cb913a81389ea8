import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { UserRow } from '../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { findTokenUser } from '../services/tokens.ts';
import { ApiError, forbidden, text, unauthenticated } from './errors.ts';

export interface Authenticated {
  user: UserRow;
  /** The bearer token in clear (as sent), e.g. to revoke it at logout. */
  token: string;
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,512})\s*$/i;

/** The bearer token of the request, or null when there is none or it is not shaped like one of ours. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The session the bearer token opens; 401 when the token is missing, unknown, revoked or expired. */
export async function requireUser(c: Context, deps: AppDeps): Promise<Authenticated> {
  const known = (c as Context<AppEnv>).get('auth');
  if (known) return known;
  const token = bearerToken(c);
  if (!token) throw unauthenticated();
  const found = await findTokenUser(deps.db, token, 'session', deps.now());
  if (!found) throw unauthenticated();
  const auth = { user: found.user, token };
  (c as Context<AppEnv>).set('auth', auth);
  return auth;
}

/**
 * Route middleware that checks the bearer token before the request is validated, so an anonymous caller gets 401
 * rather than a list of field errors.
 */
export const authFirst = createMiddleware<AppEnv>(async (c, next) => {
  await requireUser(c, c.get('deps'));
  await next();
});

/**
 * The same for the static staff API's token (`/api/staff/*`): automation outside production only. With
 * NODE_ENV=production it is refused (401) whatever it is; the club's console has staff sessions (./staff-auth.ts).
 */
export const staffFirst = createMiddleware<AppEnv>(async (c, next) => {
  const { env } = c.get('deps');
  if (env.NODE_ENV === 'production') throw new ApiError(401, text('error.staffTokenInProduction'));
  requireStaff(c, env.STAFF_TOKEN);
  await next();
});

/** Like requireUser for routes where the token is optional: a missing or dead token means anonymous. */
export async function optionalUser(c: Context, deps: AppDeps): Promise<Authenticated | null> {
  const token = bearerToken(c);
  if (!token) return null;
  const found = await findTokenUser(deps.db, token, 'session', deps.now());
  return found ? { user: found.user, token } : null;
}

/** Athletes have their own token (spec §6) but may not act as a guardian (register athletes, read their list). */
export function requireGuardian(auth: Authenticated): void {
  if (auth.user.kind === 'athlete') throw forbidden(text('error.athleteCannot'));
}

/** The staff API's bearer token, compared in constant time. */
export function requireStaff(c: Context, staffToken: string): void {
  const token = bearerToken(c);
  if (!token) throw unauthenticated();
  if (!constantTimeEqual(token, staffToken)) throw new ApiError(401, text('error.staffTokenInvalid'));
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  let diff = left.length ^ right.length;
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    diff |= (left[index] ?? 0) ^ (right[index] ?? 0);
  }
  return diff === 0;
}
