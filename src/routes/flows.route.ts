import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';
import { text } from './search-params';

/** Query parameters of /flows: the machine to show. */
export const flowsSearch = z.object({
  machine: text,
});

export const flowsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/flows',
  validateSearch: flowsSearch,
}).lazy(() => import('./flows.page').then((m) => m.Route));
