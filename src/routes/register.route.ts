import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { withTexts } from './page-texts';
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
  /** Issue 21 point 3: after login or registration, the licence's waitlist (/waitlist). */
  waitlist: flag,
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  validateSearch: registerSearch,
  // §2: the wizard works only with the team-licence flag; without it the visitor logs in instead, keeping the
  // parameters login understands (its steps differ, so `step` is not carried over).
  beforeLoad: ({ search }) => {
    if (search.is_team_license !== true) {
      throw redirect({
        to: '/login',
        search: { license: search.license, coach: search.coach, preset_email: search.preset_email },
        replace: true,
      });
    }
  },
}).lazy(withTexts(['register'], () => import('./register.page').then((m) => m.Route)));
