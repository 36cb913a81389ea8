import { useSelector } from '@xstate/react';
import { formatDateText } from '../../domain/dates';
import { intlLocale } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { type AdminDeadLettersActorRef, adminDeadLettersView } from '../../machines/admin-dead-letters.connect';
import { ConsoleList, RowAction } from './table-wrap';

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
      <ConsoleList
        view={view}
        label={heading}
        empty={t('billing.noJobs')}
        onRetry={() => actorRef.send({ type: 'RETRY' })}
        head={
          <>
            <th scope="col">{t('billing.jobQueue')}</th>
            <th scope="col">{t('billing.dayLabel')}</th>
            <th scope="col">{t('billing.jobError')}</th>
            <th scope="col">{t('billing.jobFailedAt')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('admin.actions')}</span>
            </th>
          </>
        }
        row={(row) => (
          <tr key={row.id}>
            <th scope="row">{row.queue}</th>
            <td>{day(row.day)}</td>
            <td>{row.error}</td>
            <td>{day(row.failedAt)}</td>
            <td>
              <RowAction
                label={t('billing.tryAgain')}
                rowLabel={t('billing.tryAgainHidden', { queue: row.queue })}
                disabled={!row.canRetry}
                onClick={() => actorRef.send({ type: 'RETRY_JOB', id: row.id })}
              />
            </td>
          </tr>
        )}
      />
    </div>
  );
}
