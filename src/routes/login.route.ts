import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
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
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
}).lazy(() => import('./login.page').then((m) => m.Route));
