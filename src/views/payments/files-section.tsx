import { useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import type { FamilyDocumentsActorRef } from '../../machines/family-documents.connect';
import {
  type DocumentFiles,
  documentsOf,
  type FamilyFilesActorRef,
  familyFilesScreenOf,
  type MembershipFiles,
  membershipsOf,
} from '../../machines/family-files.connect';
import type { PaymentsActorRef } from '../../machines/payments.connect';

const NONE: readonly DocumentFiles[] = [];

import { Alert } from '../common/alert';

/**
 * /payments' "Your files" (issue 32 points 2 and 3): each signed waiver's PDF and each uploaded document, as a
 * 'Download' whose accessible name says which file and whose. Nothing shows while the household has none.
 */
export function FilesSection({
  actorRef,
  memberships,
  documents,
}: {
  actorRef: FamilyFilesActorRef;
  memberships: readonly MembershipFiles[];
  documents: readonly DocumentFiles[];
}) {
  const t = useT();
  // The texts are made while rendering (the language in use), from the snapshot.
  const screen = familyFilesScreenOf(
    useSelector(actorRef, (snapshot) => snapshot),
    memberships,
    documents,
  );
  if (screen.rows.length === 0) return null;
  return (
    <section className="card family-files" aria-labelledby="family-files-heading" aria-busy={screen.busy}>
      <h2 id="family-files-heading">{t('familyFiles.heading')}</h2>
      <p>{t('familyFiles.intro')}</p>
      <ul className="family-files__list">
        {screen.rows.map((row) => (
          <li key={row.key}>
            <button
              type="button"
              className="button button--secondary"
              disabled={screen.busy}
              onClick={() => actorRef.send({ type: 'DOWNLOAD', file: row.file })}
            >
              {row.label} <span className="visually-hidden">{row.whose}</span>
            </button>
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite">
        {screen.busy ? t('familyFiles.downloading') : screen.downloaded ? t('familyFiles.downloaded') : ''}
      </p>
      {screen.errorText !== null && <Alert>{screen.errorText}</Alert>}
    </section>
  );
}

/** The files section fed by the payments flow's memberships and the documents flow's list (/payments). */
export function FamilyFiles({
  actorRef,
  payments,
  documents,
}: {
  actorRef: FamilyFilesActorRef;
  payments: PaymentsActorRef;
  documents: FamilyDocumentsActorRef | undefined;
}) {
  const memberships = useSelector(payments, membershipsOf);
  const uploaded = useSelector(documents, documentsOf);
  return <FilesSection actorRef={actorRef} memberships={memberships} documents={uploaded ?? NONE} />;
}
