import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useMemo, useSyncExternalStore } from 'react';
import { logoutRequest } from '../api/auth';
import { getLoadingSnapshot, subscribeLoading } from '../api/loading';
import { logout } from '../session/logout';
import { useCurrentUser } from '../session/use-session';
import { type SiteAccount, SiteAccountContext } from '../views/common/account';
import { LoadingOverlay } from '../views/common/loading-overlay';
import { NotFoundPage } from '../views/common/not-found-page';

/**
 * The shell every page renders in: skip link, the page, and the global loading overlay (spec §2 Loading). It gives
 * the page frame the logged-in person (the header's account menu, issue 19 point 2) from the stored user, which
 * follows login, logout and other tabs.
 */
export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const email = useCurrentUser()?.email ?? null;
  const account = useMemo<SiteAccount | null>(
    () => (email === null ? null : { email, logOut: () => logout(logoutRequest) }),
    [email],
  );
  return (
    <SiteAccountContext value={account}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <SiteLoadingOverlay />
    </SiteAccountContext>
  );
}

/** The overlay, following the API's in-flight counter; on its own so a request re-renders it alone, not the page. */
export function SiteLoadingOverlay() {
  const inFlight = useSyncExternalStore(subscribeLoading, getLoadingSnapshot, () => 0);
  return <LoadingOverlay inFlight={inFlight} />;
}
