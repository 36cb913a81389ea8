import { shallowEqual, useSelector } from '@xstate/react';
import {
  type HouseholdCheckoutActorRef,
  householdAthleteStepsOf,
  householdErrorOf,
  householdReturnView,
  householdScreenOf,
} from '../../machines/household-checkout.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { HouseholdAddAthleteView } from './household-add-athlete';
import { HouseholdAthletesStep } from './household-athletes-step';
import { HouseholdReviewStep } from './household-review-step';
import './household.css';

/** Back from 3-D Secure on a family checkout: checking, then a processing or failed result and a retry. */
function HouseholdReturn({ actorRef }: { actorRef: HouseholdCheckoutActorRef }) {
  const view = useSelector(actorRef, householdReturnView, shallowEqual);
  return (
    <>
      <StepHeading>Payment</StepHeading>
      {view.checking && (
        <p role="status" className="payment-status">
          Checking your payment…
        </p>
      )}
      {view.message !== null && <Alert tone="error">{view.message}</Alert>}
      {view.error !== null && <Alert>{view.error}</Alert>}
      <div className="button-row">
        {view.canTryAgain && (
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'CONTINUE' })}>
            Try again
          </button>
        )}
        {view.canRetry && (
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'RETRY' })}>
            Try again
          </button>
        )}
      </div>
    </>
  );
}

/**
 * The family checkout (issue 20, household-checkout.machine.ts, the payment flow's child `householdCheckout`): the
 * screen its snapshot says, each sending to it.
 */
export function HouseholdCheckoutView({ actorRef }: { actorRef: HouseholdCheckoutActorRef }) {
  const screen = useSelector(actorRef, householdScreenOf);
  const athleteSteps = useSelector(actorRef, householdAthleteStepsOf);
  const error = useSelector(actorRef, householdErrorOf);
  switch (screen) {
    case 'loading':
      return (
        <>
          <StepHeading>Payment Options</StepHeading>
          <p role="status" className="payment-status">
            Loading your payment options…
          </p>
        </>
      );
    case 'quoteFailed':
      return (
        <>
          <StepHeading>Payment Options</StepHeading>
          <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{error}</RetryAlert>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'BACK' })}>
              Back
            </button>
          </div>
        </>
      );
    case 'editing':
      return <HouseholdAthletesStep actorRef={actorRef} />;
    case 'addingAthlete':
      return athleteSteps ? <HouseholdAddAthleteView actorRef={athleteSteps} /> : null;
    case 'review':
      return <HouseholdReviewStep actorRef={actorRef} />;
    case 'returning':
      return <HouseholdReturn actorRef={actorRef} />;
    case 'leaving':
      return (
        <p role="status" className="payment-status">
          One moment…
        </p>
      );
  }
}
