import './login.css';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { LoginActorRef } from '../../machines/login.connect';
import { AthleteStepsView } from '../athletes/athlete-steps-view';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';
import { GuardianLoginStep } from './guardian-login-step';
import { WelcomeStep } from './welcome-step';

export type { LoginActorRef };

/**
 * The login wizard's screens (spec §2 Login): one per step of login.machine.ts, chosen by the machine's state.
 * The route creates the actor and navigates when it finishes; this view only renders and sends events.
 */
export function LoginFlow({ actorRef }: { actorRef: LoginActorRef }) {
  const snapshot = useSelector(actorRef, (current) => current);
  // The athlete steps' own actor while the wizard is at them (invoke id `athleteSteps`).
  const athleteSteps = snapshot.matches('athleteSteps') ? snapshot.children.athleteSteps : undefined;
  let step: ReactNode = null;
  if (snapshot.matches('welcome')) step = <WelcomeStep actorRef={actorRef} />;
  else if (snapshot.matches('tokenLogin')) step = <StepHeading>Logging you in</StepHeading>;
  else if (snapshot.matches('guardianLogin')) step = <GuardianLoginStep actorRef={actorRef} />;
  else if (athleteSteps) step = <AthleteStepsView actorRef={athleteSteps} />;
  // Final states render nothing: the route is already navigating away.
  return <Page>{step}</Page>;
}
