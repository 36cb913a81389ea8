import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.route';

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy-policy',
}).lazy(() => import('./privacy-policy.page').then((m) => m.Route));
