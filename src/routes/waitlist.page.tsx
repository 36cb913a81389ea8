import { createLazyRoute, Navigate } from '@tanstack/react-router';
import { type WaitlistExit, waitlistMachine } from '../machines/waitlist.machine';
import { useCurrentUser } from '../session/use-session';
import { WaitlistFlow } from '../views/waitlist/waitlist-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';

/** /waitlist?license=CODE (issue 21 point 3): the machine joins and shows the family's place on the list. */
function WaitlistPage() {
  const { license } = Route.useSearch();
  // A waitlist belongs to one licence: without one there is nothing to join; the family's own page instead.
  if (license === undefined) return <Navigate to="/dashboard" replace />;
  return <WaitlistHost license={license} key={license} />;
}

function WaitlistHost({ license }: { license: string }) {
  const actorRef = useFlowPage(waitlistMachine, { flow: 'waitlist', input: { license }, follow });
  // §1: the licence's organization stylesheet, as on the licence page.
  useJourneyStylesheet(useCurrentUser(), { code: license });
  return <WaitlistFlow actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: WaitlistExit): void {
  void navigate({ to: exit.to, search: exit.search, replace: true });
}

export const Route = createLazyRoute('/_auth/waitlist')({ component: WaitlistPage });
