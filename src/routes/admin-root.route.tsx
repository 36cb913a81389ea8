import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { getLoadingSnapshot, subscribeLoading } from '../api/loading';
import { LoadingOverlay } from '../views/common/loading-overlay';
import { NotFoundPage } from '../views/common/not-found-page';

/**
 * The club console's root (admin.html, src/admin-main.tsx): skip link, the page and the loading overlay, as the
 * family site's root has them, without the family's account (a staff session is not a family session).
 */
export const adminRootRoute = createRootRoute({
  component: AdminRootLayout,
  notFoundComponent: NotFoundPage,
});

function AdminRootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <AdminLoadingOverlay />
    </>
  );
}

function AdminLoadingOverlay() {
  const inFlight = useSyncExternalStore(subscribeLoading, getLoadingSnapshot, () => 0);
  return <LoadingOverlay inFlight={inFlight} />;
}
