import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * Renders a flow's views inside a router (at `path`), for views with links (`<Link>` needs one): a UI run's
 * `render: ({ actor }) => renderInRouter(<View actorRef={actor} />)`.
 */
export async function renderInRouter(element: ReactElement, path = '/') {
  const rootRoute = createRootRoute({ component: () => element });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return render(<RouterProvider router={router} />);
}
