import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';

/**
 * A membership's page in the club console (issue 22 points 3 and 4): phases, card, e-mails, audit, and the money
 * actions of owners and registrars; needs a staff session. An id that is no number is a membership nobody has.
 */
export const adminMembershipRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/memberships/$id',
  params: {
    parse: ({ id }) => ({ id: /^\d{1,10}$/.test(id) ? Number(id) : 0 }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
}).lazy(
  withTexts(['admin', 'signedWaiver', 'questions'], () => import('./admin-membership.page').then((m) => m.Route)),
);
