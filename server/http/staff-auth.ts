import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../deps.ts';
import {
  authorizeAnywhere,
  checkStaffToken,
  STAFF_TEXTS,
  type StaffAction,
  type StaffAuthenticated,
} from '../services/staff/index.ts';
import { bearerToken } from './auth.ts';
import { forbidden, unauthenticated } from './errors.ts';

/**
 * The one gate of the club's console (issue 22 point 1, issue 30 point 2): every secured `/api/admin` route has it
 * as its first middleware, with the action the route performs (its row of the permission table,
 * services/staff/permissions.ts), so the caller is checked before the request is validated.
 *
 * - no token, a token that is not ours, a revoked or expired staff session, the static STAFF_TOKEN: 401;
 * - a family session token (guardian, athlete, coach account): 403 'This page is for club staff.';
 * - a staff member none of whose roles allows the action anywhere (a coach asking for a refund): 403;
 * - else the staff member and their organizations go to the route (`requireStaffSession`), whose service then checks
 *   the row it found (its organization or its team) with `authorize` for the same action, which reads the action's
 *   scope in the table.
 *
 * The other way round needs nothing here: a staff session token is not a family session (its own table), so every
 * family call that needs a session answers it 401 like any unknown token (server/http/auth.ts `requireUser`).
 */
function staffGateFor(action: StaffAction | null) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthenticated();
    const found = await checkStaffToken(c.get('deps'), token);
    if (found.kind === 'family') throw forbidden(STAFF_TEXTS.staffOnly);
    if (found.kind === 'none') throw unauthenticated();
    if (action !== null) authorizeAnywhere(found.staff, action);
    c.set('staffAuth', { staff: found.staff, token });
    await next();
  });
}

const gates = new Map<StaffAction | null, ReturnType<typeof staffGateFor>>();

/** The gate of a route performing `action` (null: any staff member, e.g. `GET /api/admin/me`): one per action. */
export function staffGate(action: StaffAction | null) {
  let gate = gates.get(action);
  if (!gate) {
    gate = staffGateFor(action);
    gates.set(action, gate);
  }
  return gate;
}

/** The staff session `staffGate` opened for this request (401 if a route forgot the middleware). */
export function requireStaffSession(c: Context): StaffAuthenticated {
  const auth = (c as Context<AppEnv>).get('staffAuth');
  if (!auth) throw unauthenticated();
  return auth;
}
