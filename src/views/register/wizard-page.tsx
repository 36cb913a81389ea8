import type { ReactNode } from 'react';
import type { AthleteStepsActorRef } from '../../machines/athlete-steps.connect';
import { LazyAthleteStepsView } from '../athletes/athlete-steps-lazy';
import { Page } from '../common/page';

/**
 * A page of the login or register wizard: the page's notice (issue 21: 'Continue where you left off', or a saved
 * registration that could not be restored) above the wizard's own step, or, once the wizard is at them, the athlete
 * steps both wizards share. Routing and final states render no step: the route is already navigating away.
 */
export function WizardPage({
  notice,
  step,
  athleteSteps,
  loading,
}: {
  notice?: ReactNode;
  step: ReactNode;
  athleteSteps: AthleteStepsActorRef | undefined;
  /** 'Loading…' in the wizard's language, while the athlete steps' chunk and texts load. */
  loading: string;
}) {
  return (
    <Page>
      {notice}
      {step ?? (athleteSteps ? <LazyAthleteStepsView actorRef={athleteSteps} loading={loading} /> : null)}
    </Page>
  );
}
