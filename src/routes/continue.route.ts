import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { getCurrentUser } from '../session/current-user';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';
import { text } from './search-params';

/** Query parameters of /continue (issue 21: the reminder e-mail's link). */
export const continueSearch = z.object({ license: text });

/**
 * /continue?license=CODE (issue 21 points 1-2): 'Continue where you left off' for the saved registration of that
 * licence. A visitor logs in first, with the licence (the login wizard then offers it); a logged-in guardian sees
 * the offer at once.
 */
export const continueRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/continue',
  validateSearch: continueSearch,
  beforeLoad: ({ search }) => {
    if (getCurrentUser() === null) {
      throw redirect({ to: '/login', search: search.license === undefined ? {} : { license: search.license } });
    }
  },
}).lazy(withTexts(['resume'], () => import('./continue.page').then((m) => m.Route)));
