import { createRoute } from '@tanstack/react-router';
import { authRoute } from './_auth.route';
import { withTexts } from './page-texts';

/** "Your household" (issue 20 point 4): login required, guarded like /payments (login first, then back here). */
export const householdRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/household',
}).lazy(withTexts(['household'], () => import('./household.page').then((m) => m.Route)));
