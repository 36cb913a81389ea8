import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';
import { returnPath } from './search-params';

/** Query of /admin/login: where the `_admin` guard came from. */
export const adminLoginSearch = z.object({ returnUrl: returnPath });

/** Staff log in to the club's console (issue 22 point 1): public, its own chunk. */
export const adminLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/login',
  validateSearch: adminLoginSearch,
}).lazy(() => import('./admin-login.page').then((m) => m.Route));
