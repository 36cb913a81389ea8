import { createRoute, redirect } from '@tanstack/react-router';
import { entryDestination } from '../machines/entry-redirect';
import { getCurrentUser } from '../session/current-user';
import { rootRoute } from './root.route';

/** '' (spec §2, §4 Routing redirector): never shows a page of its own, it sends everyone on before loading. */
export const entryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ ...entryDestination(getCurrentUser()), replace: true });
  },
}).lazy(() => import('./entry.page').then((m) => m.Route));
