import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';
import { flag, text } from './search-params';

/** Query parameters of /coach/$license (spec §2). */
export const coachLicenceSearch = z.object({
  license: text,
  claimed_registration: flag,
  claimed_login: flag,
  api_subdomain: text,
  redirLogin: flag,
  redirRegister: flag,
  preset_email: text,
});

export const coachLicenceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/coach/$license',
  validateSearch: coachLicenceSearch,
}).lazy(() => import('./coach-licence.page').then((m) => m.Route));

/** §2: /coach?license=CODE opens /coach/CODE with the other parameters kept. */
export const coachLicenceQueryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/coach',
  validateSearch: coachLicenceSearch,
  beforeLoad: ({ search }) => {
    const { license, ...rest } = search;
    if (license === undefined) throw notFound();
    throw redirect({ to: '/coach/$license', params: { license }, search: rest, replace: true });
  },
});
