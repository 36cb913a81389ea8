import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';
import { text } from './search-params';

/** Query parameters of /household/join (issue 20 point 4): the invite's token from the e-mailed link. */
export const householdJoinSearch = z.object({ token: text });

/** Following an invite (issue 20 point 4): public, the page itself offers logging in or creating an account. */
export const householdJoinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/household/join',
  validateSearch: householdJoinSearch,
}).lazy(() => import('./household-join.page').then((m) => m.Route));
