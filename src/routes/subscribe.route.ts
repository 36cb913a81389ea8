import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { authRoute } from './_auth.route';
import { withTexts } from './page-texts';
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
}).lazy(withTexts(['subscribe'], () => import('./subscribe.page').then((m) => m.Route)));
