import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';

/** The draft editor (issue 22 point 6): the form beside the family's live preview; needs a staff session. */
export const adminDraftRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/drafts/$draftId',
}).lazy(withTexts(['admin'], () => import('./admin-draft.page').then((m) => m.Route)));
