import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.route';

export const coachClaimedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/coach-claimed',
}).lazy(() => import('./coach-claimed.page').then((m) => m.Route));
