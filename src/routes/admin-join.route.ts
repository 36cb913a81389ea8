import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminRootRoute } from './admin-root.route';
import { withTexts } from './page-texts';

/** Query of /admin/join: the invitation link's token (capped; the server judges it). */
export const adminJoinSearch = z.object({ token: z.optional(z.string().check(z.maxLength(512))) });

/** An invited staff member accepts the invitation (issue 22 point 1): public, its own chunk. */
export const adminJoinRoute = createRoute({
  getParentRoute: () => adminRootRoute,
  path: '/admin/join',
  validateSearch: adminJoinSearch,
}).lazy(withTexts(['admin'], () => import('./admin-join.page').then((m) => m.Route)));
