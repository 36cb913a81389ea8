import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';

/** The draft editor (issue 22 point 6): the form beside the family's live preview; needs a staff session. */
export const adminDraftRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/drafts/$draftId',
}).lazy(() => import('./admin-draft.page').then((m) => m.Route));
