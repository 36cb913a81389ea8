import { useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import { assistanceSentView, type PaymentActorRef } from '../../machines/payment.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { StepHeading } from '../common/step-heading';

/**
 * Issue 34 point 1: after 'Send request': 'We sent your request to {organization}. We will e-mail you when they
 * decide.' The registration is saved at step 1, where 'Back to payment options' returns (the request shows waiting).
 */
export function AssistanceSentStep({ actorRef }: { actorRef: PaymentActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, assistanceSentView);
  return (
    <>
      <StepHeading>{t('helpPaying.sentTitle')}</StepHeading>
      <Alert tone="success">{t('helpPaying.sent', { organization: view.organization })}</Alert>
      <p>{t('helpPaying.sentHeld')}</p>
      <div className="button-row">
        <BackButton
          enabled={view.canGoBack}
          onBack={() => actorRef.send({ type: 'BACK' })}
          label={t('helpPaying.backToOptions')}
        />
      </div>
    </>
  );
}
