import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';

/** The console's 'Financial assistance' page (issue 34 point 2): owners and registrars; needs a staff session. */
export const adminAssistanceRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/assistance',
}).lazy(withTexts(['admin', 'helpPayingAdmin'], () => import('./admin-assistance.page').then((m) => m.Route)));
