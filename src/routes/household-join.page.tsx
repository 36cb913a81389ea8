import { createLazyRoute } from '@tanstack/react-router';
import { type HouseholdJoinExit, householdJoinMachine } from '../machines/household-join.machine';
import { getCurrentUser } from '../session/current-user';
import { useCurrentUser } from '../session/use-session';
import { HouseholdJoinFlow } from '../views/household/household-join-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';
import { householdJoinRoute } from './household-join.route';

/** /household/join: the link's token and the stored user start the flow; its exit is where this page navigates. */
function HouseholdJoinPage() {
  const { token } = householdJoinRoute.useSearch();
  const actorRef = useFlowPage(householdJoinMachine, {
    flow: 'household-join',
    input: { token, user: getCurrentUser() },
    follow,
  });
  useJourneyStylesheet(useCurrentUser());
  return <HouseholdJoinFlow actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: HouseholdJoinExit): void {
  // The invite's page is spent: Back from /payments should not show it again.
  void navigate({ to: exit.to, replace: true });
}

export const Route = createLazyRoute('/household/join')({ component: HouseholdJoinPage });
