import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import { formatDisplayDate } from '../../domain/dates';
import { intlLocale } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { type AdminBillingActorRef, adminBillingView } from '../../machines/admin-billing.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';
import { TableWrap } from './table-wrap';

/**
 * /admin/billing (issue 33 point 4): one day's instalments by outcome, the failed ones with their memberships, the
 * day's CSV; the day from a date field. Renders what admin-billing.connect.ts derives; sends CHOOSE_DAY, EXPORT and
 * RETRY. The figures update while a run is going (the flow follows the billing channel).
 */
export function BillingView({
  actorRef,
  deadLetters,
}: {
  actorRef: AdminBillingActorRef;
  /** The job engine's dead letters (for who may read them), which the page gives. */
  deadLetters?: ReactNode;
}) {
  const t = useT();
  const view = useSelector(actorRef, adminBillingView);
  const dayId = useId();
  const long = (date: string) => formatDisplayDate(date, 'long', intlLocale());
  return (
    <AdminPage>
      <p className="admin-back">
        <Link to="/admin">{t('billing.backToConsole')}</Link>
      </p>
      <StepHeading>{t('billing.heading')}</StepHeading>
      {view.kind === 'noOrganization' && <p>{t('billing.noOrganization')}</p>}
      {view.kind === 'loading' && <p role="status">{t('billing.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'loaded' && (
        <>
          <p>{t('billing.intro', { organization: view.organization, date: long(view.date) })}</p>
          <form
            className="season-picker"
            onSubmit={(event) => {
              event.preventDefault();
              const chosen = new FormData(event.currentTarget).get('day');
              actorRef.send({ type: 'CHOOSE_DAY', date: typeof chosen === 'string' ? chosen : '' });
            }}
          >
            <label htmlFor={dayId}>{t('billing.dayLabel')}</label>
            <input id={dayId} name="day" type="date" defaultValue={view.date} required />
            <button type="submit" className="button button--secondary">
              {t('billing.show')}
            </button>
          </form>
          <p role="status">{view.refreshing ? t('billing.refreshing') : ''}</p>
          {view.error !== null &&
            (view.refreshFailed ? (
              <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error}</RetryAlert>
            ) : (
              <Alert>{view.error}</Alert>
            ))}
          <TableWrap label={t('billing.figuresCaption', { date: long(view.date) })} busy={view.refreshing}>
            <thead>
              <tr>
                <th scope="col">{t('billing.outcome')}</th>
                <th scope="col">{t('billing.count')}</th>
                <th scope="col">{t('billing.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {view.figures.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{t(`billing.${row.key}`)}</th>
                  <td>{row.count}</td>
                  <td>{row.amount}</td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
          <p>
            <button
              type="button"
              className="button button--secondary"
              disabled={view.exporting}
              onClick={() => actorRef.send({ type: 'EXPORT' })}
            >
              {t('billing.export')}
            </button>
          </p>
          <h2>{t('billing.failures')}</h2>
          {view.failures.length === 0 ? (
            <p>{t('billing.noFailures')}</p>
          ) : (
            <TableWrap label={t('billing.failures')}>
              <thead>
                <tr>
                  <th scope="col">{t('billing.athlete')}</th>
                  <th scope="col">{t('billing.team')}</th>
                  <th scope="col">{t('billing.amount')}</th>
                  <th scope="col">{t('billing.status')}</th>
                  <th scope="col">{t('billing.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {view.failures.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">
                      <Link to="/admin/memberships/$id" params={{ id: row.membershipId }} search={{ from: 'billing' }}>
                        {row.athlete}
                      </Link>
                    </th>
                    <td>{row.team}</td>
                    <td>{row.amount}</td>
                    <td>
                      {row.status === 'retrying' && row.nextAttempt !== null
                        ? t('billing.retryOn', { date: long(row.nextAttempt) })
                        : t('billing.failedForGood')}
                    </td>
                    <td>{row.reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </TableWrap>
          )}
        </>
      )}
      {deadLetters}
    </AdminPage>
  );
}
