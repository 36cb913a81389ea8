import { createLazyRoute } from '@tanstack/react-router';
import { type AdminJoinExit, adminJoinMachine } from '../machines/admin-join.machine';
import { AdminJoinForm } from '../views/admin/admin-join-form';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/admin/join')({ component: AdminJoinPage });

/** /admin/join: starts the admin-join flow with the link's token and follows where it leads. */
function AdminJoinPage() {
  const search = Route.useSearch();
  const actorRef = useFlowPage(adminJoinMachine, { flow: 'admin-join', input: search, follow });
  return <AdminJoinForm actorRef={actorRef} />;
}

/** Joining replaces the form in the history (Back should not return to it, the token is used). */
function follow(navigate: NavigateFunction, exit: AdminJoinExit): void {
  void navigate({ to: exit.to, replace: true });
}
