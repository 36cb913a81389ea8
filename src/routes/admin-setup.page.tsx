import { createLazyRoute, useParams } from '@tanstack/react-router';
import { type AdminSetupExit, adminSetupMachine } from '../machines/admin-setup.machine';
import { AdminSetupView } from '../views/admin/setup-page-view';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/_admin/admin/organizations/$organizationId/setup')({
  component: AdminSetupPage,
});

/** /admin/organizations/$organizationId/setup: the admin-setup flow (load, forms, reload); a new draft: its editor; a lost session: log in. */
function AdminSetupPage() {
  const { organizationId } = useParams({ from: '/_admin/admin/organizations/$organizationId/setup' });
  const actorRef = useFlowPage(adminSetupMachine, { flow: 'admin-setup', input: { organizationId }, follow });
  return <AdminSetupView key={organizationId} actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: AdminSetupExit): void {
  // A new draft opens in its editor (a step forward: Back returns to the set-up); a lost session replaces the page.
  if ('params' in exit) void navigate({ to: exit.to, params: exit.params });
  else void navigate({ to: exit.to, replace: true });
}
