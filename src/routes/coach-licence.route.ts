import { createRoute } from '@tanstack/react-router';
import { licenceSearch, openLicenceFromQuery } from './licence.route';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';

/** /coach/$license takes the query parameters of the team licence page (spec §2). */
export const coachLicenceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/coach/$license',
  validateSearch: licenceSearch,
}).lazy(withTexts(['licence'], () => import('./coach-licence.page').then((m) => m.Route)));

export const coachLicenceQueryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/coach',
  validateSearch: licenceSearch,
  beforeLoad: openLicenceFromQuery('/coach/$license'),
});
