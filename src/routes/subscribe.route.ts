import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { requireUser } from './guards';
import { rootRoute } from './root.route';
import { text } from './search-params';

/** Query parameters of /subscribe (spec §2). */
export const subscribeSearch = z.object({
  coupon_code: text,
  term: text,
  organization: text,
  license: text,
});

export const subscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/subscribe',
  validateSearch: subscribeSearch,
  beforeLoad: requireUser,
}).lazy(() => import('./subscribe.page').then((m) => m.Route));
