import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminRootRoute } from './admin-root.route';
import { withTexts } from './page-texts';
import { lenient } from './search-params';

/**
 * Query of /admin/login: where the `_admin` guard came from. Only a console path: the console is its own page
 * (admin.html) whose router knows no family route, and anything else is not a place to return to.
 */
export const adminLoginSearch = z.object({
  returnUrl: lenient<string, string>((v) => (typeof v === 'string' && /^\/admin(\/|\?|$)/.test(v) ? v : undefined)),
});

/** Staff log in to the club's console (issue 22 point 1): public, its own chunk. */
export const adminLoginRoute = createRoute({
  getParentRoute: () => adminRootRoute,
  path: '/admin/login',
  validateSearch: adminLoginSearch,
}).lazy(withTexts(['admin'], () => import('./admin-login.page').then((m) => m.Route)));
