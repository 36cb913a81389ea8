import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import type { AthleteStepsActorRef } from '../../machines/athlete-steps.connect';
import { LazyAthleteStepsView } from '../athletes/athlete-steps-lazy';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';

/**
 * A page of the login or register wizard: the page's notice (issue 21: 'Continue where you left off', or a saved
 * registration that could not be restored) above the wizard's own step, or, once the wizard is at them, the athlete
 * steps both wizards share (while their code loads, 'Loading…'; when it could not be fetched, the network error and
 * 'Try again'). Routing and final states render no step: the route is already navigating away.
 */
export function WizardPage({
  notice,
  step,
  athleteSteps,
  athleteStepsCode,
  wizard,
  loading,
}: {
  notice?: ReactNode;
  step: ReactNode;
  athleteSteps: AthleteStepsActorRef | undefined;
  /** The athlete steps' code loading, or not fetched (the wizard's `failed` state, with 'Try again'). */
  athleteStepsCode: 'loading' | 'failed' | null;
  /** The wizard's actor: 'Try again' after their code could not be fetched sends it RETRY. */
  wizard: { send(event: { type: 'RETRY' }): void };
  /** 'Loading…' in the wizard's language, while the athlete steps' chunk and texts load. */
  loading: string;
}) {
  const t = useT();
  let athleteStepsScreen: ReactNode = null;
  if (athleteStepsCode === 'loading') athleteStepsScreen = <p>{loading}</p>;
  else if (athleteStepsCode === 'failed') {
    athleteStepsScreen = (
      <RetryAlert onRetry={() => wizard.send({ type: 'RETRY' })}>{t('common.networkError')}</RetryAlert>
    );
  } else if (athleteSteps) athleteStepsScreen = <LazyAthleteStepsView actorRef={athleteSteps} loading={loading} />;
  return (
    <Page>
      {notice}
      {step ?? athleteStepsScreen}
    </Page>
  );
}
