import { createRoute } from '@tanstack/react-router';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';

export const termsOfUseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms-of-use',
}).lazy(withTexts(['legal'], () => import('./terms-of-use.page').then((m) => m.Route)));
