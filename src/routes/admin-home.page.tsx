import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type AdminHomeExit, adminHomeMachine } from '../machines/admin-home.machine';
import { adminSeasonMachine } from '../machines/admin-season.machine';
import { AdminHomeView } from '../views/admin/admin-home-view';
import { SeasonPictureView } from '../views/admin/season-picture-view';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/_admin/admin')({ component: AdminHomePage });

/** /admin: the admin-home flow (load, retry, log out); logging out leads to /admin/login. */
function AdminHomePage() {
  const actorRef = useFlowPage(adminHomeMachine, { flow: 'admin-home', input: undefined, follow });
  return (
    <AdminHomeView
      actorRef={actorRef}
      seasonPicture={(organizationId) => <SeasonPicture key={organizationId} organizationId={organizationId} />}
    />
  );
}

/** Issue 33 point 4: one organization's season picture, its own flow (admin-season.machine.ts). */
function SeasonPicture({ organizationId }: { organizationId: number }) {
  const actorRef = useActorRef(adminSeasonMachine, { input: { organizationId } });
  return <SeasonPictureView actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: AdminHomeExit): void {
  void navigate({ to: exit.to, replace: true });
}
