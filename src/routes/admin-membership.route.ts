import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';
import { lenient } from './search-params';

/** Where the page was opened from, when not its team's roster (issue 33 point 4: it links back there); else dropped. */
export const adminMembershipSearch = z.object({
  from: lenient<'billing', 'billing'>((value) => (value === 'billing' ? 'billing' : undefined)),
});

/**
 * A membership's page in the club console (issue 22 points 3 and 4): phases, card, e-mails, audit, and the money
 * actions of owners and registrars; needs a staff session. An id that is no number is a membership nobody has.
 */
export const adminMembershipRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/memberships/$id',
  validateSearch: adminMembershipSearch,
  params: {
    parse: ({ id }) => ({ id: /^\d{1,10}$/.test(id) ? Number(id) : 0 }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
}).lazy(
  withTexts(['admin', 'signedWaiver', 'questions', 'helpPaying'], () =>
    import('./admin-membership.page').then((m) => m.Route),
  ),
);
