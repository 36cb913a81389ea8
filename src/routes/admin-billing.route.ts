import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';

/** The console's 'Billing' page (issue 33 point 4): owners and registrars; needs a staff session. */
export const adminBillingRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/billing',
}).lazy(withTexts(['admin', 'billing'], () => import('./admin-billing.page').then((m) => m.Route)));
