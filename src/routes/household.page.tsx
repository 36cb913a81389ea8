import { createLazyRoute } from '@tanstack/react-router';
import { type HouseholdExit, householdMachine } from '../machines/household.machine';
import { useCurrentUser } from '../session/use-session';
import { HouseholdFlow } from '../views/household/household-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';

/** /household: the machine loads the household; a session the server refuses goes back through login. */
function HouseholdPage() {
  const actorRef = useFlowPage(householdMachine, { flow: 'household', input: undefined, follow });
  // §1: the stylesheet of the stored user's organization (or the client's), as on /payments.
  useJourneyStylesheet(useCurrentUser());
  return <HouseholdFlow actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: HouseholdExit): void {
  void navigate({ to: exit.to, search: exit.search, replace: true });
}

export const Route = createLazyRoute('/_auth/household')({ component: HouseholdPage });
