import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';
import { text } from './search-params';

/** Query parameters of /resetpwd/forgot (spec §2). */
export const passwordResetSearch = z.object({
  token: text,
  email: text,
});

export const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resetpwd/forgot',
  validateSearch: passwordResetSearch,
}).lazy(withTexts(['reset'], () => import('./password-reset.page').then((m) => m.Route)));
