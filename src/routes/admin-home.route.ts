import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';

/** The club console's home (issue 22 point 1): organizations and teams; needs a staff session. */
export const adminHomeRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin',
}).lazy(
  withTexts(['admin', 'documents', 'season', 'billing', 'helpPayingAdmin'], () =>
    import('./admin-home.page').then((m) => m.Route),
  ),
);
