import '../common/badge.css';
import './documents.css';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { DOCUMENT_ACCEPT } from '../../domain/documents';
import { useT } from '../../i18n/use-t';
import {
  type DocumentRow,
  type FamilyDocumentsActorRef,
  familyDocumentsScreenOf,
} from '../../machines/family-documents.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';

/** One required document: its state and, until verified, the file field with 'Upload' (errors tied to the field). */
function DocumentItem({ row, busy, actorRef }: { row: DocumentRow; busy: boolean; actorRef: FamilyDocumentsActorRef }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [round, setRound] = useState(0);
  const fieldId = `document-${row.membershipId}-${row.name.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const statusId = `${fieldId}-status`;
  const errorId = `${fieldId}-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'UPLOAD', membershipId: row.membershipId, name: row.name, file });
    // Each upload takes the file chosen for it: the field starts empty again (a new input element).
    setFile(null);
    setRound((value) => value + 1);
  };
  return (
    <li className="documents__item">
      <p>
        <strong>{row.name}</strong>: <span id={statusId}>{row.status}</span>
      </p>
      {row.takesFile && (
        <form className="documents__form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>{t('documents.fileLabel', { document: row.name, athlete: row.athlete })}</label>
          <input
            key={round}
            id={fieldId}
            type="file"
            accept={DOCUMENT_ACCEPT}
            aria-describedby={row.error === null ? statusId : `${statusId} ${errorId}`}
            aria-invalid={row.error !== null}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
          {row.error !== null && (
            <p id={errorId} className="field-error" role="alert">
              {row.error}
            </p>
          )}
          <button
            type="submit"
            className="button"
            disabled={busy}
            aria-label={t('documents.uploadFor', { document: row.name, athlete: row.athlete })}
          >
            {row.uploading ? t('documents.uploading') : t('documents.upload')}
          </button>
        </form>
      )}
      {row.uploaded && <Alert tone="success">{t('documents.uploaded')}</Alert>}
    </li>
  );
}

/** /payments' documents (issue 32 point 2): per membership, 'Documents needed' until verified, and the uploads. */
export function DocumentsSection({ actorRef }: { actorRef: FamilyDocumentsActorRef }) {
  const t = useT();
  // The texts are made while rendering (the language in use), from the snapshot.
  const screen = familyDocumentsScreenOf(useSelector(actorRef, (snapshot) => snapshot));
  if (screen.loading) return <p role="status">{t('documents.loading')}</p>;
  if (screen.failed) {
    return <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{screen.errorText}</RetryAlert>;
  }
  if (screen.groups.length === 0) return null;
  return (
    <section className="card documents" aria-labelledby="documents-heading">
      <h2 id="documents-heading">{t('documents.heading')}</h2>
      <p>{t('documents.intro')}</p>
      {screen.groups.map((group) => (
        <div key={group.membershipId} className="documents__group">
          <h3>
            {group.title}{' '}
            <span className={group.verified ? 'badge badge--ok' : 'badge badge--needed'}>{group.badge}</span>
          </h3>
          <ul className="documents__list">
            {group.rows.map((row) => (
              <DocumentItem key={row.key} row={row} busy={screen.busy} actorRef={actorRef} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
