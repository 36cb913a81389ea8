import { createRoute, redirect } from '@tanstack/react-router';
import { entryDestination } from '../machines/entry-redirect';
import { getCurrentUser } from '../session/current-user';
import { rootRoute } from './root.route';

/** How long the root waits for the saved registration before sending the guardian on as usual. */
const SAVED_REGISTRATION_WAIT_MS = 1500;

/**
 * The licence of the guardian's latest saved registration, or null (none, or the server could not say within
 * SAVED_REGISTRATION_WAIT_MS: a slow network never keeps the root page from moving on).
 */
async function savedRegistrationLicence(): Promise<string | null> {
  try {
    const { getProgress } = await import('./resume-kit');
    return (await getProgress(null, { signal: AbortSignal.timeout(SAVED_REGISTRATION_WAIT_MS) }))?.license ?? null;
  } catch {
    return null;
  }
}

/** '' (spec §2, §4 Routing redirector): never shows a page of its own, it sends everyone on before loading. */
export const entryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async () => {
    const user = getCurrentUser();
    // Issue 21: a guardian with an unfinished registration is offered it first ('Continue where you left off').
    const license = user === null || user.is_coach ? null : await savedRegistrationLicence();
    if (license !== null) throw redirect({ to: '/continue', search: { license }, replace: true });
    throw redirect({ ...entryDestination(user), replace: true });
  },
}).lazy(() => import('./entry.page').then((m) => m.Route));
