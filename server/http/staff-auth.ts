import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../deps.ts';
import { STAFF_TEXTS, type StaffAuthenticated } from '../services/staff-access.ts';
import { checkStaffToken } from '../services/staff-auth.ts';
import { bearerToken } from './auth.ts';
import { forbidden, unauthenticated } from './errors.ts';

/**
 * The one gate of the club's console (issue 22 point 1): every secured `/api/admin` route has it as its first
 * middleware, so the caller is checked before the request is validated.
 *
 * - no token, a token that is not ours, a revoked or expired staff session, the static STAFF_TOKEN: 401;
 * - a family session token (guardian, athlete, coach account): 403 'This page is for club staff.';
 * - a staff session: the staff member and their organizations go to the route (`requireStaffSession`), whose service
 *   then checks the scope with `requireOrganizationRole` / `requireTeamScope` (services/staff-access.ts).
 *
 * The other way round needs nothing here: a staff session token is not a family session (its own table), so every
 * family call that needs a session answers it 401 like any unknown token (server/http/auth.ts `requireUser`).
 */
export const staffSessionFirst = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c);
  if (!token) throw unauthenticated();
  const found = await checkStaffToken(c.get('deps'), token);
  if (found.kind === 'family') throw forbidden(STAFF_TEXTS.staffOnly);
  if (found.kind === 'none') throw unauthenticated();
  c.set('staffAuth', { staff: found.staff, token });
  await next();
});

/** The staff session `staffSessionFirst` opened for this request (401 if a route forgot the middleware). */
export function requireStaffSession(c: Context): StaffAuthenticated {
  const auth = (c as Context<AppEnv>).get('staffAuth');
  if (!auth) throw unauthenticated();
  return auth;
}
