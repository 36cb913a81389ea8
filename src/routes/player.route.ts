import { createRoute } from '@tanstack/react-router';
import { authRoute } from './_auth.route';

export const playerRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/player',
}).lazy(() => import('./player.page').then((m) => m.Route));
