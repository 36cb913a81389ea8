import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.route';

export const termsOfUseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms-of-use',
}).lazy(() => import('./terms-of-use.page').then((m) => m.Route));
