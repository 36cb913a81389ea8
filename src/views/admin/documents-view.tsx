import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import {
  type AdminDocumentsActorRef,
  adminDocumentsView,
  type QueueRow,
  uploadedText,
} from '../../machines/admin-documents.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';
import { TableWrap } from './table-wrap';

/** The reason the family reads, with 'Reject document' and 'Cancel'; the field's error is tied to it. */
function RejectForm({
  row,
  reasonMissing,
  busy,
  actorRef,
}: {
  row: QueueRow;
  reasonMissing: boolean;
  busy: boolean;
  actorRef: AdminDocumentsActorRef;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'SUBMIT_REJECT', reason });
  };
  return (
    <form className="card documents-reject" onSubmit={submit} noValidate aria-labelledby="reject-heading">
      <h2 id="reject-heading" ref={heading} tabIndex={-1}>
        {t('documents.rejectHeading', { document: row.document, athlete: row.athlete })}
      </h2>
      <div className="field">
        <label htmlFor="reject-reason">{t('documents.reason')}</label>
        <textarea
          id="reject-reason"
          value={reason}
          rows={3}
          maxLength={500}
          aria-invalid={reasonMissing}
          aria-describedby={reasonMissing ? 'reject-reason-hint reject-reason-error' : 'reject-reason-hint'}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <p id="reject-reason-hint" className="field-hint">
          {t('documents.reasonHint')}
        </p>
        {reasonMissing && (
          <p id="reject-reason-error" className="field-error" role="alert">
            {t('documents.reasonRequired')}
          </p>
        )}
      </div>
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {t('documents.rejectSubmit')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'CANCEL' })}>
          {t('documents.cancel')}
        </button>
      </div>
    </form>
  );
}

/** /admin/documents (issue 32 point 2): the queue, rendered from admin-documents.connect.ts. */
export function DocumentsView({ actorRef }: { actorRef: AdminDocumentsActorRef }) {
  const t = useT();
  const view = adminDocumentsView(useSelector(actorRef, (snapshot) => snapshot));
  const heading = t('documents.queueHeading');
  return (
    <AdminPage>
      <p className="admin-back">
        <Link to="/admin">{t('admin.backToConsole')}</Link>
      </p>
      <StepHeading>{heading}</StepHeading>
      {view.kind === 'notAllowed' && <Alert tone="info">{t('documents.notAllowed')}</Alert>}
      {view.kind === 'loading' && <p role="status">{t('documents.queueLoading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'loaded' && (
        <>
          <p>{t('documents.queueIntro')}</p>
          {view.notice === 'approved' && <Alert tone="success">{t('documents.approved')}</Alert>}
          {view.notice === 'approvedOther' && <Alert tone="success">{t('documents.approvedOther')}</Alert>}
          {view.notice === 'rejected' && <Alert tone="success">{t('documents.rejected')}</Alert>}
          {view.error !== null && <Alert>{view.error}</Alert>}
          {view.busy && <p role="status">{t('documents.working')}</p>}
          {view.rejecting !== null && (
            <RejectForm
              key={view.rejecting.row.id}
              row={view.rejecting.row}
              reasonMissing={view.rejecting.reasonMissing}
              busy={view.busy}
              actorRef={actorRef}
            />
          )}
          {view.rows.length === 0 && <p>{t('documents.queueEmpty')}</p>}
          {view.rows.length > 0 && (
            <TableWrap label={heading} busy={view.busy}>
              <thead>
                <tr>
                  <th scope="col">{t('documents.colAthlete')}</th>
                  <th scope="col">{t('documents.colTeam')}</th>
                  <th scope="col">{t('documents.colDocument')}</th>
                  <th scope="col">{t('documents.colUploaded')}</th>
                  <th scope="col">{t('documents.colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row) => {
                  const names = { document: row.document, athlete: row.athlete };
                  return (
                    <tr key={row.id}>
                      <td>{row.athlete}</td>
                      <td>{row.team}</td>
                      <td>{row.document}</td>
                      <td>{uploadedText(row)}</td>
                      <td>
                        <div className="button-row">
                          <button
                            type="button"
                            className="button button--secondary"
                            disabled={view.busy}
                            aria-label={t('documents.viewFor', names)}
                            onClick={() => actorRef.send({ type: 'VIEW', documentId: row.id })}
                          >
                            {t('documents.view')}
                          </button>
                          <button
                            type="button"
                            className="button"
                            disabled={view.busy}
                            aria-label={t('documents.approveFor', names)}
                            onClick={() => actorRef.send({ type: 'APPROVE', documentId: row.id })}
                          >
                            {t('documents.approve')}
                          </button>
                          <button
                            type="button"
                            className="button button--secondary"
                            disabled={view.busy}
                            aria-label={t('documents.rejectFor', names)}
                            onClick={() => actorRef.send({ type: 'REJECT', documentId: row.id })}
                          >
                            {t('documents.reject')}
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </TableWrap>
          )}
        </>
      )}
    </AdminPage>
  );
}
