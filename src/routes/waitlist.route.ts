import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { authRoute } from './_auth.route';
import { withTexts } from './page-texts';
import { flag, text } from './search-params';

/**
 * Query of /waitlist (issue 21 point 3): the licence whose waitlist the family joins or sees, and `join` when it came
 * to join ('Join the waitlist', through login or registration): dropped once joined, so a reload does not rejoin.
 */
export const waitlistSearch = z.object({ license: text, join: flag });

/**
 * A full team's waitlist (issue 21 point 3): login required (the _auth layout's guard; login comes back here), the
 * licence in the query (the page sends an address without one to the dashboard).
 */
export const waitlistRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/waitlist',
  validateSearch: waitlistSearch,
}).lazy(withTexts(['waitlist'], () => import('./waitlist.page').then((m) => m.Route)));
