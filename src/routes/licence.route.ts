import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';
import { flag, text } from './search-params';

/** Query parameters of /licenses/$license (spec §2). */
export const licenceSearch = z.object({
  license: text,
  claimed_registration: flag,
  claimed_login: flag,
  api_subdomain: text,
  redirLogin: flag,
  redirRegister: flag,
  preset_email: text,
});

export const licenceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/licenses/$license',
  validateSearch: licenceSearch,
}).lazy(() => import('./licence.page').then((m) => m.Route));
