import { createRouter } from '@tanstack/react-router';
import { appsRoute } from './apps.route';
import { coachClaimedRoute } from './coach-claimed.route';
import { coachLicenceQueryRoute, coachLicenceRoute } from './coach-licence.route';
import { contactCoachRoute } from './contact-coach.route';
import { dashboardRoute } from './dashboard.route';
import { draftRoute } from './draft.route';
import { entryRoute } from './entry.route';
import { flowsRoute } from './flows.route';
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

/** The route tree of spec §2: every route is code-split (its page loads on first visit). */
export const routeTree = rootRoute.addChildren([
  entryRoute,
  loginRoute,
  registerRoute,
  draftRoute,
  passwordResetRoute,
  licenceRoute,
  licenceQueryRoute,
  coachLicenceRoute,
  coachLicenceQueryRoute,
  coachClaimedRoute,
  dashboardRoute,
  playerRoute,
  subscribeRoute,
  contactCoachRoute,
  paymentRoute,
  paymentsRoute,
  updateCardRoute,
  appsRoute,
  flowsRoute,
  privacyPolicyRoute,
  termsOfUseRoute,
]);

export function createAppRouter() {
  return createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
