import { shallowEqual, useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import type { ReturnNotice as ReturnNoticeView } from '../../machines/card-return.connect';
import { type CardPaymentActorRef, returnNoticeView } from '../../machines/payment.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import { shown } from './shown-text';

/**
 * Back from the card provider (3-D Secure, §4/§8): checking, then a processing or failed result and a retry (a paid
 * return goes on to the payment confirmation, payment-flow.tsx). One screen for the card payment the one-athlete
 * payment and the family checkout both run (payment.connect's `returnNoticeView`); 'Try again' sends CONTINUE after a
 * failed result, RETRY after a failed recording.
 */
export function ReturnNoticeScreen({
  view,
  send,
}: {
  view: ReturnNoticeView;
  send: (event: { type: 'CONTINUE' } | { type: 'RETRY' }) => void;
}) {
  const t = useT();
  return (
    <>
      <StepHeading>{t('payment.payment')}</StepHeading>
      {view.checking && (
        <p role="status" className="payment-status">
          {t('payment.checkingPayment')}
        </p>
      )}
      {view.message !== null && (
        // A paid return goes on to the payment confirmation; what stays here is a processing or failed result.
        <Alert tone="error">{shown(view.message)}</Alert>
      )}
      {view.error !== null && <Alert>{shown(view.error)}</Alert>}
      <div className="button-row">
        {view.canTryAgain && (
          <button type="button" className="button" onClick={() => send({ type: 'CONTINUE' })}>
            {t('payment.tryAgain')}
          </button>
        )}
        {view.canRetry && (
          <button type="button" className="button" onClick={() => send({ type: 'RETRY' })}>
            {t('payment.tryAgain')}
          </button>
        )}
      </div>
    </>
  );
}

/** The card payment (card-payment.machine.ts, the payment flow's or the family checkout's child) back from the provider. */
export function ReturnNotice({ actorRef }: { actorRef: CardPaymentActorRef }) {
  const view = useSelector(actorRef, returnNoticeView, shallowEqual);
  return <ReturnNoticeScreen view={view} send={actorRef.send} />;
}
