import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { authRoute } from './_auth.route';
import { text } from './search-params';

/** Query parameters of /subscribe (spec §2). */
export const subscribeSearch = z.object({
  coupon_code: text,
  term: text,
  organization: text,
  license: text,
});

export const subscribeRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/subscribe',
  validateSearch: subscribeSearch,
}).lazy(() => import('./subscribe.page').then((m) => m.Route));
