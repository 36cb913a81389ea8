import { createRootRoute, Outlet } from '@tanstack/react-router';
import { LoadingOverlay } from '../views/common/loading-overlay';
import { NotFoundPage } from '../views/common/not-found-page';

/** The shell every page renders in: skip link, the page, and the global loading overlay (spec §2 Loading). */
export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <LoadingOverlay />
    </>
  );
}
