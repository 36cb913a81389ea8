import { createLazyRoute } from '@tanstack/react-router';
import { type AdminSecurityExit, adminSecurityMachine } from '../machines/admin-security.machine';
import { SecurityView } from '../views/admin/security-view';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/_admin/admin/security')({ component: AdminSecurityPage });

/** /admin/security: the admin-security flow; a lost session leads to /admin/login. */
function AdminSecurityPage() {
  const actorRef = useFlowPage(adminSecurityMachine, { flow: 'admin-security', input: undefined, follow });
  return <SecurityView actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: AdminSecurityExit): void {
  void navigate({ to: exit.to, replace: true });
}
