import { createLazyRoute, Navigate } from '@tanstack/react-router';
import type { CurrentUser } from '../api/schemas';
import { type DashboardExit, dashboardMachine } from '../machines/dashboard.machine';
import { getApiServers, getSelectedApiServerId } from '../session/api-server';
import { getCurrentUser } from '../session/current-user';
import { useCurrentUser } from '../session/use-session';
import { DashboardFlow } from '../views/dashboard/dashboard-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';

/** /dashboard (login required): the stored user and the configured servers start the flow; its exit is navigated. */
function DashboardPage() {
  // The route's guard checked for a user before loading; another tab may have logged out since.
  const user = getCurrentUser();
  if (user === null) return <Navigate to="/login" search={{ returnUrl: '/dashboard' }} replace />;
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: CurrentUser }) {
  const actorRef = useFlowPage(dashboardMachine, {
    flow: 'dashboard',
    input: { user, servers: getApiServers(), selectedServerId: getSelectedApiServerId() },
    follow,
  });
  // §1: the stylesheet of the stored user's organization (or the client's) on every page of a licence's journey.
  useJourneyStylesheet(useCurrentUser());
  return <DashboardFlow actorRef={actorRef} />;
}

/** Navigates to an exit; the dashboard is left for good, so it is replaced in the history. */
function follow(navigate: NavigateFunction, exit: DashboardExit): void {
  switch (exit.to) {
    case '/payment':
      void navigate({ to: exit.to, replace: true });
      return;
    case '/licenses/$license':
      void navigate({ to: exit.to, params: exit.params, search: exit.search, replace: true });
      return;
    case '/login':
      void navigate({ to: exit.to, search: exit.search, replace: true });
      return;
  }
}

export const Route = createLazyRoute('/_auth/dashboard')({
  component: DashboardPage,
});
