import { shallowEqual, useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import { type FamilyDocumentsActorRef, familyDocumentsScreenOf } from '../../machines/family-documents.connect';
import { documentsStepView, type PaymentActorRef } from '../../machines/payment.connect';
import { StepHeading } from '../common/step-heading';
import { DocumentsSection } from '../payments/documents-section';

/**
 * Issue 32 point 2: the registration's documents step (payment.documents.ts), after a checkout for a team that
 * requires documents: the new memberships' documents with /payments' own section (the same child machine and view),
 * then 'Continue' once each is uploaded, or 'Upload later' (from My payments). Loaded lazily, with its texts, when
 * the flow reaches it (src/routes/payment.page.tsx).
 */
export function DocumentsStep({
  actorRef,
  documents,
}: {
  actorRef: PaymentActorRef;
  documents: FamilyDocumentsActorRef;
}) {
  const t = useT();
  const { team } = useSelector(actorRef, documentsStepView, shallowEqual);
  const screen = familyDocumentsScreenOf(useSelector(documents, (snapshot) => snapshot));
  const ready = !screen.loading && !screen.failed;
  return (
    <>
      <StepHeading>{t('registrationDocuments.heading', { team })}</StepHeading>
      <p>{t('registrationDocuments.intro', { team })}</p>
      <DocumentsSection actorRef={documents} />
      {ready && screen.groups.length === 0 && <p>{t('registrationDocuments.nothing')}</p>}
      <div className="button-row">
        {/* Never disabled: an upload on its way still lands (it is never aborted) if the family goes on. */}
        <button type="button" className="button" onClick={() => actorRef.send({ type: 'FINISH_DOCUMENTS' })}>
          {ready && screen.complete ? t('registrationDocuments.continue') : t('registrationDocuments.later')}
        </button>
      </div>
    </>
  );
}
