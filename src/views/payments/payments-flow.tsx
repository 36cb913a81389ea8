import './payments.css';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import type { BirthDatesActorRef } from '../../machines/birth-dates.connect';
import type { FamilyDocumentsActorRef } from '../../machines/family-documents.connect';
import type { FamilyFilesActorRef } from '../../machines/family-files.connect';
import { type PaymentsActorRef, paymentsScreenOf } from '../../machines/payments.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { TeamQuestionsStep } from '../questions/team-questions-step';
import { BirthDatesSection } from './birth-dates-section';
import { DocumentsSection } from './documents-section';
import { FamilyFiles } from './files-section';
import { MembershipCard } from './membership-card';

/** /payments ("My payments", issue 15 point 3), rendered from the payments machine's state. */
export function PaymentsFlow({
  actorRef,
  documents,
  files,
  birthDates,
}: {
  actorRef: PaymentsActorRef;
  /** Issue 32 point 2: the required documents and their uploads, when the page runs that flow. */
  documents?: FamilyDocumentsActorRef;
  /** Issue 32 points 2 and 3: the signed waivers and uploaded documents to download, when the page runs that flow. */
  files?: FamilyFilesActorRef;
  /** Issue 32: the athletes' dates of birth, correctable until a proof of age is approved. */
  birthDates?: BirthDatesActorRef;
}) {
  const t = useT();
  const screen = useSelector(actorRef, paymentsScreenOf, shallowEqual);
  return (
    <Page>
      <div className="payments">
        <StepHeading>{t('payments.heading')}</StepHeading>
        {screen.busy && <p role="status">{t('payments.loading')}</p>}
        {screen.failed && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{screen.errorText}</RetryAlert>}
        {screen.empty && <Alert tone="info">{t('payments.none')}</Alert>}
        {screen.loaded && documents && <DocumentsSection actorRef={documents} />}
        {screen.loaded && files && <FamilyFiles actorRef={files} payments={actorRef} documents={documents} />}
        {screen.loaded && birthDates && <BirthDatesSection actorRef={birthDates} />}
        {screen.answers && <TeamQuestionsStep actorRef={screen.answers} />}
        {screen.loaded &&
          screen.memberships.map((membership) => (
            <MembershipCard
              key={membership.id}
              membership={membership}
              answersSaved={screen.answersSavedFor === membership.id}
              onChangeAnswers={() => actorRef.send({ type: 'CHANGE_ANSWERS', membershipId: membership.id })}
            />
          ))}
        <p>
          <Link to="/household">{t('payments.inviteGuardian')}</Link>
        </p>
        <p>
          <Link to="/dashboard">{t('payments.backToAccount')}</Link>
        </p>
      </div>
    </Page>
  );
}
