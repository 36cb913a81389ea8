import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';
import { flag, text } from './search-params';

/** Query parameters of /licenses/$license and /coach/$license (spec §2). */
export const licenceSearch = z.object({
  license: text,
  claimed_registration: flag,
  claimed_login: flag,
  api_subdomain: text,
  redirLogin: flag,
  redirRegister: flag,
  preset_email: text,
  /** Issue 21 point 3: a waitlist offer's token (the offer's e-mail links to /licenses/CODE?offer=TOKEN). */
  offer: text,
});

/**
 * §2: the licence code may come as a query parameter instead of the route parameter: /licenses?license=CODE opens
 * /licenses/CODE (and /coach?license=CODE opens /coach/CODE) with the other parameters kept. Without a code there is
 * no licence page to show.
 */
export function openLicenceFromQuery(to: '/licenses/$license' | '/coach/$license') {
  return ({ search }: { search: z.infer<typeof licenceSearch> }): never => {
    const { license, ...rest } = search;
    if (license === undefined) throw notFound();
    throw redirect({ to, params: { license }, search: rest, replace: true });
  };
}

export const licenceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/licenses/$license',
  validateSearch: licenceSearch,
}).lazy(withTexts(['licence'], () => import('./licence.page').then((m) => m.Route)));

export const licenceQueryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/licenses',
  validateSearch: licenceSearch,
  beforeLoad: openLicenceFromQuery('/licenses/$license'),
});
