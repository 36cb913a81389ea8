import { createRoute } from '@tanstack/react-router';
import { requireUser } from './guards';
import { rootRoute } from './root.route';

export const playerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/player',
  beforeLoad: requireUser,
}).lazy(() => import('./player.page').then((m) => m.Route));
