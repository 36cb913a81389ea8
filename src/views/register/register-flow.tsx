import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { type RegisterActorRef, registerView } from '../../machines/register.connect';
import { LazyAthleteStepsView } from '../athletes/athlete-steps-lazy';
import { Page } from '../common/page';
import { GuardianAccountStep } from './guardian-account-step';

/**
 * The register wizard's screens (spec §2 Register wizard): the guardian account, then the athlete steps shared with
 * login, as register.connect.ts's `registerView` names them. The route creates the actor and navigates when it
 * finishes.
 */
export function RegisterFlow({ actorRef, notice }: { actorRef: RegisterActorRef; notice?: ReactNode }) {
  const { screen, athleteSteps } = useSelector(actorRef, registerView, shallowEqual);
  let step: ReactNode = null;
  if (screen === 'guardianAccount') step = <GuardianAccountStep actorRef={actorRef} />;
  else if (athleteSteps) step = <LazyAthleteStepsView actorRef={athleteSteps} />;
  // Routing and final states render nothing: the route is already navigating away.
  // Issue 21: a saved registration that could not be restored is told above the step.
  return (
    <Page>
      {notice}
      {step}
    </Page>
  );
}
