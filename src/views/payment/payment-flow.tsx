import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AssistanceSentStep } from './assistance-sent-step';
import { CheckoutStep } from './checkout-step';
import { LoadingOptionsStatus } from './loading-options';
import './amounts.css';
import './payment.css';
import { useT } from '../../i18n/use-t';
import {
  assistanceRequestOf,
  athleteStepsOf,
  cardPaymentOf,
  familyDocumentsOf,
  householdCheckoutOf,
  type PaymentActorRef,
  pageTextOf,
  paymentScreenOf,
} from '../../machines/payment.connect';
import { PaymentOptionsStep } from './payment-options-step';
import { ProtectionStep } from './protection-step';
import { ReturnNotice } from './return-notice';
import { shown } from './shown-text';
import type { StepProps } from './types';
import { WaiverOnlyStep } from './waiver-only-step';

/**
 * Issue 20's screens, shown only after 'Add another athlete' (or on a family checkout's 3-D Secure return): loaded
 * lazily, so the draft preview, which never adds an athlete, does not ship them, and a first visit to /payment does not
 * fetch them (npm run bench: AFTER_ADD_ANOTHER_ATHLETE; e2e/household-checkout.spec.ts checks the requests).
 */
const AddAthleteView = lazy(() =>
  import('./household-add-athlete').then((module) => ({ default: module.HouseholdAddAthleteView })),
);
/** Issue 34 point 1: 'Request financial assistance', loaded only when 'Need help paying?' is chosen. */
const AssistanceRequestView = lazy(() =>
  import('./assistance-request-view').then((module) => ({ default: module.AssistanceRequestView })),
);
const HouseholdCheckoutView = lazy(() =>
  import('./household-checkout-view').then((module) => ({ default: module.HouseholdCheckoutView })),
);
/** Issue 32 point 2: the documents step, only after a checkout for a team that requires documents. */
const DocumentsStep = lazy(() => import('./documents-step').then((module) => ({ default: module.DocumentsStep })));

/** While a lazily loaded screen arrives: announced, as every other wait of the flow. */
function LoadingScreen() {
  const t = useT();
  return (
    <p role="status" className="payment-status">
      {t('payment.loading')}
    </p>
  );
}

/** The draft preview's banner (§2): on every screen of /draft. */
function PreviewBanner() {
  const t = useT();
  return (
    <div className="preview-banner" role="note">
      <strong>{t('payment.previewTitle')}</strong>
      <span>{t('payment.previewText')}</span>
    </div>
  );
}

/**
 * Step 1, while its plans load and once they are there: one heading element for both (issue 30 point 6), so the plans'
 * arrival does not mount a new heading, whose focus (StepHeading) forced a layout inside the task that renders the
 * plans. The heading took focus when the page started and keeps it.
 */
function PaymentOptionsScreen({ loading, ...props }: StepProps & { loading: boolean }) {
  const t = useT();
  return (
    <>
      <StepHeading>{t('payment.paymentOptions')}</StepHeading>
      {loading ? <LoadingOptionsStatus /> : <PaymentOptionsStep {...props} />}
    </>
  );
}

function PaymentScreen(props: StepProps) {
  const { actorRef } = props;
  const t = useT();
  const screen = useSelector(actorRef, paymentScreenOf);
  const cardPayment = useSelector(actorRef, cardPaymentOf);
  const pageText = useSelector(actorRef, pageTextOf);
  const athleteSteps = useSelector(actorRef, athleteStepsOf);
  const household = useSelector(actorRef, householdCheckoutOf);
  const documents = useSelector(actorRef, familyDocumentsOf);
  const assistanceRequest = useSelector(actorRef, assistanceRequestOf);
  switch (screen) {
    case 'askingAssistance':
      return assistanceRequest ? (
        <Suspense fallback={<LoadingScreen />}>
          <AssistanceRequestView actorRef={assistanceRequest} />
        </Suspense>
      ) : null;
    case 'assistanceSent':
      return <AssistanceSentStep actorRef={actorRef} />;
    case 'addingAthlete':
      return athleteSteps ? (
        <Suspense fallback={<LoadingScreen />}>
          <AddAthleteView actorRef={athleteSteps} />
        </Suspense>
      ) : null;
    case 'household':
      return household ? (
        <Suspense fallback={<LoadingScreen />}>
          <HouseholdCheckoutView actorRef={household} />
        </Suspense>
      ) : null;
    case 'documents':
      return documents ? (
        <Suspense fallback={<LoadingScreen />}>
          <DocumentsStep actorRef={actorRef} documents={documents} />
        </Suspense>
      ) : null;
    case 'loadingStep':
      return <LoadingScreen />;
    case 'waiverOnly':
      return <WaiverOnlyStep {...props} />;
    case 'choosingPlan':
      return <PaymentOptionsScreen {...props} loading={false} />;
    case 'protection':
      return <ProtectionStep {...props} />;
    case 'checkout':
      // One element type for checkout and paying, so the card form stays mounted while a payment runs.
      return <CheckoutStep {...props} />;
    case 'returning':
      return cardPayment ? <ReturnNotice actorRef={cardPayment} /> : null;
    case 'loadFailed':
      return (
        <>
          <StepHeading>{t('payment.paymentOptions')}</StepHeading>
          <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>
            {pageText === null ? t('payment.error') : shown(pageText)}
          </RetryAlert>
        </>
      );
    case 'pageError':
      return (
        <>
          <StepHeading>{t('payment.paymentOptions')}</StepHeading>
          <Alert>{pageText === null ? t('payment.error') : shown(pageText)}</Alert>
        </>
      );
    case 'noSeason':
      return (
        <>
          <StepHeading>{t('payment.paymentOptions')}</StepHeading>
          <Alert tone="info">{t('payment.noSeason')}</Alert>
        </>
      );
    case 'leaving':
      return (
        <p role="status" className="payment-status">
          {t('payment.oneMoment')}
        </p>
      );
    case 'loading':
      return <PaymentOptionsScreen {...props} loading />;
  }
}

/**
 * The payment flow's top view (§2 Payment page and draft preview): renders the machine's state and sends the
 * person's actions to it. The route creates the actor (the preview's with draft-preview.ts) and navigates when it is
 * done; `preview` is the /draft page's.
 */
export function PaymentFlow({
  actorRef,
  preview = false,
  notice,
}: {
  actorRef: PaymentActorRef;
  preview?: boolean;
  /** Issue 21: a notice of the page above the step (a saved registration that could not be restored). */
  notice?: ReactNode;
}) {
  return (
    <Page wide>
      {preview && <PreviewBanner />}
      {notice}
      <PaymentScreen actorRef={actorRef} preview={preview} />
    </Page>
  );
}
