import { PAYMENT_SUCCEEDED } from '../../domain/payment-rules';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import type { StepProps } from './types';

/** Back from the card provider (3-D Secure, §4/§8): the result message, then on to the claimed page or a retry. */
export function ReturnNotice({ snapshot, actorRef }: StepProps) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  return (
    <>
      <StepHeading>Payment</StepHeading>
      {busy && (
        <p role="status" className="payment-status">
          Checking your payment…
        </p>
      )}
      {context.message !== null && (
        <Alert tone={context.message === PAYMENT_SUCCEEDED ? 'success' : 'error'}>{context.message}</Alert>
      )}
      {context.error !== null && <Alert>{context.error}</Alert>}
      <div className="button-row">
        {snapshot.matches({ returning: 'succeeded' }) && (
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'CONTINUE' })}>
            Continue
          </button>
        )}
        {snapshot.matches({ returning: 'failed' }) && (
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'CONTINUE' })}>
            Try again
          </button>
        )}
        {snapshot.matches({ returning: 'recordFailed' }) && (
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'RETRY' })}>
            Try again
          </button>
        )}
      </div>
    </>
  );
}
