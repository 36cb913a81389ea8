import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { adminHoldsMachine } from '../machines/admin-holds.machine';
import { type AdminRosterExit, adminRosterMachine } from '../machines/admin-roster.machine';
import { HeldSeatsView } from '../views/admin/held-seats-view';
import { RosterView } from '../views/admin/roster-view';
import { NotFoundPage } from '../views/common/not-found-page';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/_admin/admin/teams/$teamId')({ component: AdminTeamPage });

/** /admin/teams/$teamId: the admin-roster flow; its query (filter, search, sort, page) is mirrored into the URL. */
function AdminTeamPage() {
  const { teamId } = Route.useParams();
  const id = Number(teamId);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return <AdminTeamRoster teamId={id} />;
}

function AdminTeamRoster({ teamId }: { teamId: number }) {
  const search = Route.useSearch();
  const actorRef = useFlowPage(adminRosterMachine, {
    flow: 'admin-roster',
    input: { teamId, query: search },
    follow,
  });
  const query = useSelector(actorRef, (snapshot) => snapshot.context.query);
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to: '/admin/teams/$teamId', params: { teamId: String(teamId) }, search: query, replace: true });
  }, [navigate, teamId, query]);
  // Issue 30 point 4: the team's held seats, a flow of their own under the roster.
  const holdsRef = useActorRef(adminHoldsMachine, { input: { teamId } });
  return <RosterView actorRef={actorRef} heldSeats={<HeldSeatsView actorRef={holdsRef} />} />;
}

function follow(navigate: NavigateFunction, exit: AdminRosterExit): void {
  void navigate({ to: exit.to, replace: true });
}
