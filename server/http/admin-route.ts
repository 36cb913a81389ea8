import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { StaffAction } from '../services/staff/index.ts';
import { errors } from './openapi.ts';
import { staffGate } from './staff-auth.ts';

/** The staff session's bearer token (POST /api/admin/login), declared as its own scheme in the document. */
export const STAFF_SESSION = [{ staffSession: [] }];

type AdminRouteConfig<P extends string> = Omit<RouteConfig, 'path' | 'tags' | 'security' | 'middleware'> & {
  path: P;
  /**
   * The route's row of the permission table (services/staff/permissions.ts), checked by the gate and again, on the
   * row's organization or team, by the service; null: any staff member (their own session).
   */
  permission: StaffAction | null;
};

/**
 * A secured `/api/admin` route (issue 22): tag `admin`, the `staffSession` scheme and the staff gate of its
 * `permission` before anything else (declared in the document as `x-staff-permission`, which the authorization
 * matrix reads), and the error answers that follow from the gate and the request: 401 and 403 always (no or another
 * kind of session), 404 and 422 with path parameters (a row out of the caller's scope or gone, an id out of bounds),
 * 422 with a query, headers or a body, 400 with a JSON body (malformed). A route's other answers (409, 429, …) are
 * in its own `responses`, with `errors()`.
 */
export function createAdminRoute<P extends string, R extends AdminRouteConfig<P>>(route: R) {
  const { permission, ...config } = route;
  const request = config.request;
  const validated = Boolean(request?.params || request?.query || request?.headers || request?.body);
  return createRoute({
    ...config,
    'x-staff-permission': permission,
    tags: ['admin'],
    security: STAFF_SESSION,
    middleware: [staffGate(permission)] as const,
    responses: {
      ...config.responses,
      ...errors(
        ...(request?.body ? ([400] as const) : []),
        401,
        403,
        ...(request?.params ? ([404] as const) : []),
        ...(validated ? ([422] as const) : []),
      ),
    },
  });
}
