import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { withTexts } from './page-texts';
import { rootRoute } from './root.route';
import { wholeNumber } from './search-params';

/** Query parameters of /draft (spec §2): the staff draft to preview. Open to anyone, never logged in (§6). */
export const draftSearch = z.object({
  draft_id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
});

export const draftRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/draft',
  validateSearch: draftSearch,
}).lazy(withTexts(['payment', 'card', 'waiver'], () => import('./draft.page').then((m) => m.Route)));
