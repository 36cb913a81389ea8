import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.route';

export const entryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
}).lazy(() => import('./entry.page').then((m) => m.Route));
