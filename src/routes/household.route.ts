import { createRoute } from '@tanstack/react-router';
import { authRoute } from './_auth.route';

/** "Your household" (issue 20 point 4): login required, guarded like /payments (login first, then back here). */
export const householdRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/household',
}).lazy(() => import('./household.page').then((m) => m.Route));
