import { useSelector } from '@xstate/react';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { CheckoutStep } from './checkout-step';
import './payment.css';
import { NO_SEASON, PREVIEW_TEXT, PREVIEW_TITLE } from '../../domain/payment-rules';
import { PaymentOptionsStep } from './payment-options-step';
import { ProtectionStep } from './protection-step';
import { ReturnNotice } from './return-notice';
import type { PaymentActorRef, StepProps } from './types';
import { WaiverOnlyStep } from './waiver-only-step';

/** The draft preview's banner (§2): on every screen of /draft. */
function PreviewBanner() {
  return (
    <div className="preview-banner" role="note">
      <strong>{PREVIEW_TITLE}</strong>
      <span>{PREVIEW_TEXT}</span>
    </div>
  );
}

function PaymentScreen({ snapshot, actorRef }: StepProps) {
  const { context } = snapshot;
  if (snapshot.matches('waiverOnly')) return <WaiverOnlyStep snapshot={snapshot} actorRef={actorRef} />;
  if (snapshot.matches('choosingPlan')) return <PaymentOptionsStep snapshot={snapshot} actorRef={actorRef} />;
  if (snapshot.matches('protection')) return <ProtectionStep snapshot={snapshot} actorRef={actorRef} />;
  // One element type for checkout and paying, so the card form stays mounted while a payment runs.
  if (snapshot.matches('checkout') || snapshot.matches('paying')) {
    return <CheckoutStep snapshot={snapshot} actorRef={actorRef} />;
  }
  if (snapshot.matches('returning')) return <ReturnNotice snapshot={snapshot} actorRef={actorRef} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <>
        <StepHeading>Payment Options</StepHeading>
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{context.error ?? 'Error'}</RetryAlert>
      </>
    );
  }
  if (snapshot.matches('pageError')) {
    return (
      <>
        <StepHeading>Payment Options</StepHeading>
        <Alert>{context.data?.error ?? 'Error'}</Alert>
      </>
    );
  }
  if (snapshot.matches('noSeason')) {
    return (
      <>
        <StepHeading>Payment Options</StepHeading>
        <Alert tone="info">{NO_SEASON}</Alert>
      </>
    );
  }
  if (snapshot.status === 'done') {
    return (
      <p role="status" className="payment-status">
        One moment…
      </p>
    );
  }
  return (
    <>
      <StepHeading>Payment Options</StepHeading>
      <p role="status" className="payment-status">
        Loading your payment options…
      </p>
    </>
  );
}

/**
 * The payment flow's top view (§2 Payment page and draft preview): renders the machine's state and sends the
 * person's actions to it. The route creates the actor and navigates when it is done.
 */
export function PaymentFlow({ actorRef }: { actorRef: PaymentActorRef }) {
  const snapshot = useSelector(actorRef, (current) => current);
  return (
    <Page wide>
      {snapshot.context.mode === 'draft' && <PreviewBanner />}
      <PaymentScreen snapshot={snapshot} actorRef={actorRef} />
    </Page>
  );
}
