import { createRoute } from '@tanstack/react-router';
import { authRoute } from './_auth.route';
import { withTexts } from './page-texts';

export const dashboardRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/dashboard',
}).lazy(withTexts(['dashboard'], () => import('./dashboard.page').then((m) => m.Route)));
