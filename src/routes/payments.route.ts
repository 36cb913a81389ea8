import { createRoute } from '@tanstack/react-router';
import { authRoute } from './_auth.route';
import { withTexts } from './page-texts';

/** "My payments" (issue 15 point 3): login required, guarded like /dashboard (login first, then back here). */
export const paymentsRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/payments',
}).lazy(
  withTexts(['payments', 'documents', 'questions', 'familyFiles', 'birthDates', 'helpPaying'], () =>
    import('./payments.page').then((m) => m.Route),
  ),
);
