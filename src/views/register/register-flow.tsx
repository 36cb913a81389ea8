import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { RegisterActorRef } from '../../machines/register.connect';
import { AthleteStepsView } from '../athletes/athlete-steps-view';
import { Page } from '../common/page';
import { GuardianAccountStep } from './guardian-account-step';

export type { RegisterActorRef };

/**
 * The register wizard's screens (spec §2 Register wizard): the guardian account, then the athlete steps shared with
 * login, chosen by register.machine.ts's state. The route creates the actor and navigates when it finishes.
 */
export function RegisterFlow({ actorRef }: { actorRef: RegisterActorRef }) {
  const snapshot = useSelector(actorRef, (current) => current);
  // The athlete steps' own actor while the wizard is at them (invoke id `athleteSteps`).
  const athleteSteps = snapshot.matches('athleteSteps') ? snapshot.children.athleteSteps : undefined;
  let step: ReactNode = null;
  if (snapshot.matches('guardianAccount')) step = <GuardianAccountStep actorRef={actorRef} />;
  else if (athleteSteps) step = <AthleteStepsView actorRef={athleteSteps} />;
  // Final states render nothing: the route is already navigating away.
  return <Page>{step}</Page>;
}
