import { shallowEqual, useSelector } from '@xstate/react';
import { PAYMENT_SUCCEEDED } from '../../domain/payment-rules';
import { type CardPaymentActorRef, returnNoticeView } from '../../machines/payment.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';

/**
 * Back from the card provider (3-D Secure, §4/§8): the result message, then on to the claimed page or a retry. It
 * renders the payment flow's child card payment (card-payment.machine.ts) and sends to it.
 */
export function ReturnNotice({ actorRef }: { actorRef: CardPaymentActorRef }) {
  const view = useSelector(actorRef, returnNoticeView, shallowEqual);
  return (
    <>
      <StepHeading>Payment</StepHeading>
      {view.checking && (
        <p role="status" className="payment-status">
          Checking your payment…
        </p>
      )}
      {view.message !== null && (
        <Alert tone={view.message === PAYMENT_SUCCEEDED ? 'success' : 'error'}>{view.message}</Alert>
      )}
      {view.error !== null && <Alert>{view.error}</Alert>}
      <div className="button-row">
        {view.canContinue && (
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'CONTINUE' })}>
            Continue
          </button>
        )}
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
