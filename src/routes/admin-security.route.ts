import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';

/** The console's security page (issue 30 point 2): two-step verification; needs a staff session. */
export const adminSecurityRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/security',
}).lazy(withTexts(['admin'], () => import('./admin-security.page').then((m) => m.Route)));
