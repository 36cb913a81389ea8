import { createRoute } from '@tanstack/react-router';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';

export const appsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/apps',
}).lazy(withTexts(['licence'], () => import('./apps.page').then((m) => m.Route)));
