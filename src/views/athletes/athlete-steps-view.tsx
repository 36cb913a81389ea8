import { useSelector } from '@xstate/react';
import { type AthleteStepsActorRef, athleteStepsScreen } from '../../machines/athlete-steps.connect';
import { AthleteListStep } from './athlete-list-step';
import { CreateAthleteStep } from './create-athlete-step';
import { LazyBirthDateStep } from './eligibility-lazy';
import { LazyQuestionsStep } from './questions-lazy';

/**
 * The athlete steps of both wizards (athlete-steps.machine.ts, the child `athleteSteps` of login and register): the
 * athlete list or the create-athlete form, as the child's snapshot says. Nothing once the steps have ended: the
 * wizard is already showing its next step.
 */
export function AthleteStepsView({ actorRef }: { actorRef: AthleteStepsActorRef }) {
  const screen = useSelector(actorRef, athleteStepsScreen);
  if (screen === 'athleteList') return <AthleteListStep actorRef={actorRef} />;
  if (screen === 'createAthlete') return <CreateAthleteStep actorRef={actorRef} />;
  if (screen === 'birthDate') return <LazyBirthDateStep actorRef={actorRef} />;
  if (screen === 'questions') return <LazyQuestionsStep actorRef={actorRef} />;
  return null;
}
