import { createLazyRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { CurrentUser } from '../api/schemas';
import { flowInspector } from '../flows/flow-inspector';
import { type DashboardExit, dashboardMachine } from '../machines/dashboard.machine';
import { getApiServers, getSelectedApiServerId } from '../session/api-server';
import { getCurrentUser } from '../session/current-user';
import { useCurrentUser } from '../session/use-session';
import { useJourneyStylesheet } from '../views/common/branding/use-brand-stylesheet';
import { DashboardFlow } from '../views/dashboard/dashboard-flow';

/** /dashboard (login required): the stored user and the configured servers start the flow; its exit is navigated. */
function DashboardPage() {
  // The route's guard checked for a user before loading; another tab may have logged out since.
  const user = getCurrentUser();
  if (user === null) return <Navigate to="/login" search={{ returnUrl: '/dashboard' }} replace />;
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const actorRef = useActorRef(dashboardMachine, {
    inspect: flowInspector('dashboard'),
    input: { user, servers: getApiServers(), selectedServerId: getSelectedApiServerId() },
  });
  const exit = useSelector(actorRef, (s) => (s.status === 'done' ? s.output : null));
  // §1: the stylesheet of the stored user's organization (or the client's) on every page of a licence's journey.
  useJourneyStylesheet(useCurrentUser());

  useEffect(() => {
    if (exit) void navigate(navigation(exit));
  }, [exit, navigate]);

  return <DashboardFlow actorRef={actorRef} />;
}

/** The router's options for an exit; the dashboard is left for good, so it is replaced in the history. */
function navigation(exit: DashboardExit) {
  switch (exit.to) {
    case '/payment':
      return { to: exit.to, replace: true } as const;
    case '/licenses/$license':
      return { to: exit.to, params: exit.params, search: exit.search, replace: true } as const;
    case '/login':
      return { to: exit.to, search: exit.search, replace: true } as const;
  }
}

export const Route = createLazyRoute('/dashboard')({
  component: DashboardPage,
});
