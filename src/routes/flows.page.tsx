import { createLazyRoute } from '@tanstack/react-router';
import { config } from '../config';
import { NotFoundPage } from '../views/common/not-found-page';
import { FlowsPage } from '../views/flows/flows-page';

/** /flows exists only outside production and when VITE_SHOW_FLOWS is on (spec §9 configuration, issue 8). */
export const Route = createLazyRoute('/flows')({
  component: FlowsRoute,
});

function FlowsRoute() {
  const { machine } = Route.useSearch();
  if (!config.showFlows || config.production) return <NotFoundPage />;
  return <FlowsPage selected={machine} />;
}
