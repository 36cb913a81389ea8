import { createLazyRoute } from '@tanstack/react-router';
import { type AdminHomeExit, adminHomeMachine } from '../machines/admin-home.machine';
import { AdminHomeView } from '../views/admin/admin-home-view';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/_admin/admin')({ component: AdminHomePage });

/** /admin: the admin-home flow (load, retry, log out); logging out leads to /admin/login. */
function AdminHomePage() {
  const actorRef = useFlowPage(adminHomeMachine, { flow: 'admin-home', input: undefined, follow });
  return <AdminHomeView actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: AdminHomeExit): void {
  void navigate({ to: exit.to, replace: true });
}
