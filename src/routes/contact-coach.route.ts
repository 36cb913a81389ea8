import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.route';

export const contactCoachRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact-coach',
}).lazy(() => import('./contact-coach.page').then((m) => m.Route));
