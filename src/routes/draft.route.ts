import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';
import { text } from './search-params';

/** Query parameters of /draft (spec §2). */
export const draftSearch = z.object({
  draft_id: text,
});

export const draftRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/draft',
  validateSearch: draftSearch,
}).lazy(() => import('./draft.page').then((m) => m.Route));
