import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.route';

export const appsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/apps',
}).lazy(() => import('./apps.page').then((m) => m.Route));
