import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';
import { text } from './search-params';

/** Query parameters of /household/join (issue 20 point 4): the invite's token from the e-mailed link. */
export const householdJoinSearch = z.object({ token: text });

/**
 * Following an invite (issue 20 point 4): public, the page itself offers logging in or creating an account. Its account
 * form is the register wizard's guardian form (src/views/register/guardian-account-fields.tsx), so the route loads the
 * `register` texts beside its own (issue 31).
 */
export const householdJoinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/household/join',
  validateSearch: householdJoinSearch,
}).lazy(withTexts(['household', 'register'], () => import('./household-join.page').then((m) => m.Route)));
