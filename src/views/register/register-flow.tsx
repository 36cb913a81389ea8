import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { registerMachine } from '../../machines/register.machine';
import { AthleteListStep } from '../athletes/athlete-list-step';
import { athleteListProps, createAthleteProps } from '../athletes/athlete-steps';
import { CreateAthleteStep } from '../athletes/create-athlete-step';
import { Page } from '../common/page';
import { GuardianAccountStep } from './guardian-account-step';

export type RegisterActorRef = ActorRefFrom<typeof registerMachine>;

/**
 * The register wizard's screens (spec §2 Register wizard): the guardian account, then the athlete steps shared with
 * login, chosen by register.machine.ts's state. The route creates the actor and navigates when it finishes.
 */
export function RegisterFlow({ actorRef }: { actorRef: RegisterActorRef }) {
  const snapshot = useSelector(actorRef, (current) => current);
  const send = actorRef.send;
  let step: ReactNode = null;
  if (snapshot.matches('guardianAccount')) step = <GuardianAccountStep actorRef={actorRef} />;
  else if (snapshot.matches('athleteList') || snapshot.matches('checkingMembership'))
    step = <AthleteListStep {...athleteListProps(snapshot, send)} />;
  else if (snapshot.matches('createAthlete')) step = <CreateAthleteStep {...createAthleteProps(snapshot, send)} />;
  // Final states render nothing: the route is already navigating away.
  return <Page>{step}</Page>;
}
