import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root.route';

/** "My payments" (issue 15 point 3): login required, guarded like /dashboard (login first, then back here). */
export const paymentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payments',
  beforeLoad: requireUser,
}).lazy(() => import('./payments.page').then((m) => m.Route));
