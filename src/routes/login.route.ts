import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';
import { flag, returnPath, text, wholeNumber } from './search-params';

/** Query parameters of /login (spec §2). */
export const loginSearch = z.object({
  license: text,
  coach: flag,
  is_team_license: flag,
  step: wholeNumber(1, 4),
  preset_email: text,
  password_is_reset: flag,
  platform_bypass: flag,
  returnUrl: returnPath,
  api_subdomain: text,
  websiteToken: text,
  userID: text,
  /** Issue 21 point 3: after login or registration, the licence's waitlist (/waitlist). */
  waitlist: flag,
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
}).lazy(withTexts(['login'], () => import('./login.page').then((m) => m.Route)));
