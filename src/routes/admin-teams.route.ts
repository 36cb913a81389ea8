import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ROSTER_SORTS, ROSTER_STATUSES } from '../domain/admin-roster';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';
import { lenient, text, wholeNumber } from './search-params';

/** One of `values`, else dropped (an unreadable filter shows the whole roster instead of breaking the page). */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  lenient<T[number], T[number]>((v) => values.find((value) => value === v));

/** The roster's query in the URL (issue 22 point 3), what the page's machine starts from and mirrors back. */
export const adminRosterSearch = z.object({
  status: oneOf(ROSTER_STATUSES),
  q: text,
  page: wholeNumber(1, 100_000),
  sort: oneOf(ROSTER_SORTS),
  dir: oneOf(['asc', 'desc']),
});

/** A team's roster in the club console (issue 22 point 3); needs a staff session. */
export const adminTeamRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/teams/$teamId',
  validateSearch: adminRosterSearch,
}).lazy(
  withTexts(['admin', 'documents', 'questions', 'seatHolds'], () => import('./admin-teams.page').then((m) => m.Route)),
);
