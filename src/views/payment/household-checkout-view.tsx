import { useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import {
  type HouseholdCheckoutActorRef,
  householdAthleteStepsOf,
  householdCardPaymentOf,
  householdErrorOf,
  householdScreenOf,
} from '../../machines/household-checkout.connect';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { HouseholdAddAthleteView } from './household-add-athlete';
import { HouseholdAthletesStep } from './household-athletes-step';
import { HouseholdReviewStep } from './household-review-step';
import { LoadingOptions } from './loading-options';
import { ReturnNotice } from './return-notice';
import { shown } from './shown-text';
import './household.css';

/** Back from 3-D Secure on a family checkout: the return screen of its card payment, as for one athlete. */
function HouseholdReturn({ actorRef }: { actorRef: HouseholdCheckoutActorRef }) {
  const cardPayment = useSelector(actorRef, householdCardPaymentOf);
  return cardPayment ? <ReturnNotice actorRef={cardPayment} /> : null;
}

/**
 * The family checkout (issue 20, household-checkout.machine.ts, the payment flow's child `householdCheckout`): the
 * screen its snapshot says, each sending to it.
 */
export function HouseholdCheckoutView({ actorRef }: { actorRef: HouseholdCheckoutActorRef }) {
  const t = useT();
  const screen = useSelector(actorRef, householdScreenOf);
  const athleteSteps = useSelector(actorRef, householdAthleteStepsOf);
  const error = useSelector(actorRef, householdErrorOf);
  switch (screen) {
    case 'loading':
      return <LoadingOptions />;
    case 'quoteFailed':
      return (
        <>
          <StepHeading>{t('payment.paymentOptions')}</StepHeading>
          <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>
            {error === null ? t('payment.error') : shown(error)}
          </RetryAlert>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'BACK' })}>
              {t('payment.back')}
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
          {t('payment.oneMoment')}
        </p>
      );
  }
}
