import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';
import { text } from './search-params';

/**
 * /coach-claimed (§2): the claimed coach view of the licence in `license` (where a coach lands after claiming, so a
 * reload after the silent logout still shows it); without a licence, the app download page.
 */
export const coachClaimedSearch = z.object({
  license: text,
  api_subdomain: text,
});

export const coachClaimedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/coach-claimed',
  validateSearch: coachClaimedSearch,
}).lazy(withTexts(['licence'], () => import('./coach-claimed.page').then((m) => m.Route)));
