import { createRoute, notFound } from '@tanstack/react-router';
import { adminLayoutRoute } from './_admin.route';
import { withTexts } from './page-texts';

/** The organization id of the URL: a positive whole number, else the site's not-found page. */
export function organizationIdOf(text: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text)) throw notFound();
  return Number(text);
}

/** The club console's season set-up (issue 22 point 2) of one organization; needs a staff session. */
export const adminSetupRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/admin/organizations/$organizationId/setup',
  params: {
    parse: (params) => ({ organizationId: organizationIdOf(params.organizationId) }),
    stringify: (params) => ({ organizationId: String(params.organizationId) }),
  },
}).lazy(
  withTexts(['admin', 'eligibility', 'questions', 'clubDocuments', 'ageExceptions', 'helpPayingSettings'], () =>
    import('./admin-setup.page').then((m) => m.Route),
  ),
);
