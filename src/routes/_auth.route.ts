import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root.route';

/**
 * The pathless layout of every login-required route (TanStack Router's `_auth` convention): its guard runs once per
 * navigation, before any child loads, and sends a visitor with no stored user to /login with `returnUrl` (spec §2).
 * A protected route is a child of this one (`getParentRoute: () => authRoute`) and names no guard of its own; its
 * route id gains the prefix (`createLazyRoute('/_auth/dashboard')`), its path does not (`/dashboard`).
 */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_auth',
  beforeLoad: requireUser,
});
