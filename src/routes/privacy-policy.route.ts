import { createRoute } from '@tanstack/react-router';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy-policy',
}).lazy(withTexts(['legal'], () => import('./privacy-policy.page').then((m) => m.Route)));
