import { useSelector } from '@xstate/react';
import { formatDateText } from '../../domain/dates';
import { intlLocale } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { type AdminDeadLettersActorRef, adminDeadLettersView } from '../../machines/admin-dead-letters.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { TableWrap } from './table-wrap';

/**
 * The 'Billing' page's dead letters (issue 33 point 4): each background job whose retries are spent, with its day and
 * last error, and 'Try again'. Renders what admin-dead-letters.connect.ts derives; sends RETRY and RETRY_JOB.
 */
export function DeadLettersView({ actorRef }: { actorRef: AdminDeadLettersActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminDeadLettersView);
  const heading = t('billing.jobsHeading');
  const day = (value: string | null) => (value === null ? '' : (formatDateText(value, 'short', intlLocale()) ?? value));
  return (
    <div className="dead-letters">
      <h2>{heading}</h2>
      {view.kind === 'loading' && <p role="status">{t('admin.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'loaded' && view.error !== null && <Alert>{view.error}</Alert>}
      {view.kind === 'loaded' && view.rows.length === 0 && <p>{t('billing.noJobs')}</p>}
      {view.kind === 'loaded' && view.rows.length > 0 && (
        <TableWrap label={heading} busy={view.busy}>
          <thead>
            <tr>
              <th scope="col">{t('billing.jobQueue')}</th>
              <th scope="col">{t('billing.dayLabel')}</th>
              <th scope="col">{t('billing.jobError')}</th>
              <th scope="col">{t('billing.jobFailedAt')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.queue}</th>
                <td>{day(row.day)}</td>
                <td>{row.error}</td>
                <td>{day(row.failedAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={!row.canRetry}
                    onClick={() => actorRef.send({ type: 'RETRY_JOB', id: row.id })}
                  >
                    {t('billing.tryAgain')}
                    <span className="visually-hidden">{t('billing.tryAgainHidden', { queue: row.queue })}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
    </div>
  );
}
