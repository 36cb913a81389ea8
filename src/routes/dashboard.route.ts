import { createRoute } from '@tanstack/react-router';
import { authRoute } from './_auth.route';

export const dashboardRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/dashboard',
}).lazy(() => import('./dashboard.page').then((m) => m.Route));
