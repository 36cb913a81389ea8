import { createRoute } from '@tanstack/react-router';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';

export const contactCoachRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact-coach',
}).lazy(withTexts(['contact'], () => import('./contact-coach.page').then((m) => m.Route)));
