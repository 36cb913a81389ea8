import { lazy, Suspense } from 'react';
import { loadGroups } from '../../i18n/runtime';
import type { AthleteStepsActorRef, EligibilityRefusal } from '../../machines/athlete-steps.connect';

/**
 * Issue 32's screens of the athlete steps, loaded only when a team's age rule needs them (with their `eligibility`
 * texts, in the language in use): a team without an age rule loads nothing more than before.
 */
const BirthDateStep = lazy(() =>
  Promise.all([import('./eligibility-steps'), loadGroups(['eligibility'])]).then(([module]) => ({
    default: module.BirthDateStep,
  })),
);

const RefusalAlert = lazy(() =>
  Promise.all([import('./eligibility-steps'), loadGroups(['eligibility'])]).then(([module]) => ({
    default: module.RefusalAlert,
  })),
);

export function LazyBirthDateStep({ actorRef }: { actorRef: AthleteStepsActorRef }) {
  return (
    <Suspense fallback={null}>
      <BirthDateStep actorRef={actorRef} />
    </Suspense>
  );
}

export function LazyRefusalAlert({ refusal }: { refusal: EligibilityRefusal }) {
  return (
    <Suspense fallback={null}>
      <RefusalAlert refusal={refusal} />
    </Suspense>
  );
}
