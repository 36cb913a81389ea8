import { createLazyRoute, useParams, useSearch } from '@tanstack/react-router';
import { type AdminMembershipExit, adminMembershipMachine } from '../machines/admin-membership.machine';
import { MembershipPageView } from '../views/admin/membership-page';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/_admin/admin/memberships/$id')({ component: AdminMembershipPage });

/** /admin/memberships/$id: the admin-membership flow; a session the server no longer knows leads to /admin/login. */
function AdminMembershipPage() {
  const { id } = useParams({ from: '/_admin/admin/memberships/$id' });
  const { from } = useSearch({ from: '/_admin/admin/memberships/$id' });
  // A new id is a new page: the key remounts the flow.
  return <MembershipFlow key={id} membershipId={id} from={from} />;
}

function MembershipFlow({ membershipId, from }: { membershipId: number; from: 'billing' | undefined }) {
  const actorRef = useFlowPage(adminMembershipMachine, {
    flow: 'admin-membership',
    input: { membershipId },
    follow,
  });
  return <MembershipPageView actorRef={actorRef} from={from} />;
}

function follow(navigate: NavigateFunction, exit: AdminMembershipExit): void {
  void navigate({ to: exit.to, replace: true });
}
