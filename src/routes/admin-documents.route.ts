import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';

/** The console's documents queue (issue 32 point 2): owners and registrars verify; needs a staff session. */
export const adminDocumentsRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/documents',
}).lazy(withTexts(['admin', 'documents'], () => import('./admin-documents.page').then((m) => m.Route)));
