import { createLazyRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type WaitlistExit, waitlistMachine } from '../machines/waitlist.machine';
import { useCurrentUser } from '../session/use-session';
import { WaitlistFlow } from '../views/waitlist/waitlist-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';

/**
 * /waitlist?license=CODE[&join=1] (issue 21 point 3): the machine joins (with `join`) or looks the family up, and
 * shows its place on the list.
 */
function WaitlistPage() {
  const { license, join } = Route.useSearch();
  // A waitlist belongs to one licence: without one there is nothing to join; the family's own page instead.
  if (license === undefined) return <Navigate to="/dashboard" replace />;
  return <WaitlistHost license={license} join={join === true} key={license} />;
}

function WaitlistHost({ license, join }: { license: string; join: boolean }) {
  const actorRef = useFlowPage(waitlistMachine, { flow: 'waitlist', input: { license, join }, follow });
  const navigate = useNavigate();
  // Joined: the intent leaves the address (replaced), so a reload or a visit after leaving looks up instead.
  useEffect(() => {
    const subscription = actorRef.on('joined', () => {
      void navigate({ to: '/waitlist', search: { license }, replace: true });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, navigate, license]);
  // §1: the licence's organization stylesheet, as on the licence page.
  useJourneyStylesheet(useCurrentUser(), { code: license });
  return <WaitlistFlow actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: WaitlistExit): void {
  void navigate({ to: exit.to, search: exit.search, replace: true });
}

export const Route = createLazyRoute('/_auth/waitlist')({ component: WaitlistPage });
