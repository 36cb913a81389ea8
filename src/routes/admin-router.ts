import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { adminAssistanceRoute } from './admin-assistance.route';
import { adminBillingRoute } from './admin-billing.route';
import { adminDocumentsRoute } from './admin-documents.route';
import { adminDraftRoute } from './admin-draft.route';
import { adminHomeRoute } from './admin-home.route';
import { adminJoinRoute } from './admin-join.route';
import { adminLoginRoute } from './admin-login.route';
import { adminMembershipRoute } from './admin-membership.route';
import { adminRootRoute } from './admin-root.route';
import { adminSecurityRoute } from './admin-security.route';
import { adminSetupRoute } from './admin-setup.route';
import { adminTeamRoute } from './admin-teams.route';

/**
 * The club console's route tree (issue 22): its own entry (admin.html) and router, every page a lazy chunk. A staff
 * session is required everywhere but on the login (the `_admin` layout's guard). The family site's router
 * (router.ts) knows these routes' types only, for typed links; never their code.
 */
export const adminRouteTree = adminRootRoute.addChildren([
  adminLoginRoute,
  adminJoinRoute,
  adminLayoutRoute.addChildren([
    adminHomeRoute,
    adminTeamRoute,
    adminMembershipRoute,
    adminSetupRoute,
    adminDraftRoute,
    adminSecurityRoute,
    adminDocumentsRoute,
    adminBillingRoute,
    adminAssistanceRoute,
  ]),
]);

/** The console's router; tests pass a memory history (the console uses the browser's). */
export function createAdminRouter({ history }: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree: adminRouteTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}
