import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';
import { flag, text, wholeNumber } from './search-params';

/** Query parameters of /register (spec §2). */
export const registerSearch = z.object({
  a_aid: text,
  coach: flag,
  is_organization: flag,
  license: text,
  organization_id: text,
  is_team_license: flag,
  preset_email: text,
  coupon_code: text,
  step: wholeNumber(1, 3),
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  validateSearch: registerSearch,
}).lazy(() => import('./register.page').then((m) => m.Route));
