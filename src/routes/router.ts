import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { authRoute } from './_auth.route';
import { adminHomeRoute } from './admin-home.route';
import { adminLoginRoute } from './admin-login.route';
import { adminSetupRoute } from './admin-setup.route';
import { appsRoute } from './apps.route';
import { coachClaimedRoute } from './coach-claimed.route';
import { coachLicenceQueryRoute, coachLicenceRoute } from './coach-licence.route';
import { contactCoachRoute } from './contact-coach.route';
import { continueRoute } from './continue.route';
import { dashboardRoute } from './dashboard.route';
import { draftRoute } from './draft.route';
import { entryRoute } from './entry.route';
import { flowsRoute } from './flows.route';
import { householdRoute } from './household.route';
import { householdJoinRoute } from './household-join.route';
import { licenceQueryRoute, licenceRoute } from './licence.route';
import { loginRoute } from './login.route';
import { passwordResetRoute } from './password-reset.route';
import { paymentRoute } from './payment.route';
import { paymentsRoute } from './payments.route';
import { playerRoute } from './player.route';
import { privacyPolicyRoute } from './privacy-policy.route';
import { registerRoute } from './register.route';
import { rootRoute } from './root.route';
import { subscribeRoute } from './subscribe.route';
import { termsOfUseRoute } from './terms-of-use.route';
import { updateCardRoute } from './update-card.route';
import { waitlistRoute } from './waitlist.route';

/** The route tree of spec §2: every route is code-split (its page loads on first visit). */
export const routeTree = rootRoute.addChildren([
  entryRoute,
  loginRoute,
  registerRoute,
  // Issue 21: the reminder e-mail's link, 'Continue where you left off'.
  continueRoute,
  draftRoute,
  passwordResetRoute,
  licenceRoute,
  licenceQueryRoute,
  coachLicenceRoute,
  coachLicenceQueryRoute,
  coachClaimedRoute,
  // Login required (§2): one pathless layout whose guard runs once per navigation, before any of them loads.
  authRoute.addChildren([
    dashboardRoute,
    playerRoute,
    subscribeRoute,
    paymentRoute,
    paymentsRoute,
    updateCardRoute,
    householdRoute,
    waitlistRoute,
  ]),
  householdJoinRoute,
  contactCoachRoute,
  appsRoute,
  flowsRoute,
  privacyPolicyRoute,
  termsOfUseRoute,
  // Issue 22: the club's console, its pages lazy chunks; a staff session is required but on its login.
  adminLoginRoute,
  adminLayoutRoute.addChildren([adminHomeRoute, adminSetupRoute]),
]);

/** The site's router; tests pass a memory history (the site uses the browser's). */
export function createAppRouter({ history }: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
