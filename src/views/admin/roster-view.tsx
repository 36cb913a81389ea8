import '../common/badge.css';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type AdminRosterActorRef,
  adminRosterView,
  consoleDate,
  type RosterColumnView,
} from '../../machines/admin-roster.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';
import { TableWrap } from './table-wrap';
import './roster.css';
import { MembershipAnswers } from './membership-answers';

/**
 * /admin/teams/$teamId (issue 22 point 3): the team's roster: a status filter, a search by name, columns sorted by
 * their header's button (aria-sort says how), pages, each athlete a link to the membership's page, and the CSV
 * exports the role offers (point 5). Who may not read money (a coach: `can.read_money`, issue 30 point 2) sees the
 * guardians' phones and a standing instead of amounts, no status filter and no membership links.
 */
/** `heldSeats`: the team's held seats (issue 30 point 4), shown under the roster once it has loaded. */
export function RosterView({ actorRef, heldSeats }: { actorRef: AdminRosterActorRef; heldSeats?: ReactNode }) {
  const t = useT();
  const view = useSelector(actorRef, adminRosterView);
  const title = view.kind === 'loaded' ? t('admin.teamRoster', { team: view.team.name }) : t('admin.rosterHeading');
  return (
    <AdminPage>
      <p className="admin-back">
        <Link to="/admin">{t('admin.backToConsole')}</Link>
      </p>
      <StepHeading key={title}>{title}</StepHeading>
      {view.kind === 'loading' && <p role="status">{t('admin.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'notFound' && <Alert>{t('admin.teamNotFound')}</Alert>}
      {view.kind === 'loaded' && (
        <>
          <p>
            {view.team.season} · {view.team.organization}
          </p>
          <form
            className="roster-filters"
            aria-label={t('admin.filterRoster')}
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              const q = new FormData(event.currentTarget).get('q');
              actorRef.send({ type: 'SEARCH', q: typeof q === 'string' ? q : '' });
            }}
          >
            {view.canReadMoney && (
              <div className="field">
                <label htmlFor="roster-status">{t('admin.status')}</label>
                <select
                  id="roster-status"
                  value={view.status ?? ''}
                  onChange={(event) => {
                    const chosen = view.statuses.find((status) => status === event.currentTarget.value);
                    actorRef.send({ type: 'FILTER', status: chosen ?? null });
                  }}
                >
                  <option value="">{t('admin.allStatuses')}</option>
                  {view.statuses.map((status) => (
                    <option key={status} value={status}>
                      {t('admin.membershipStatus', { status })}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="field">
              <label htmlFor="roster-q">{t('admin.searchByName')}</label>
              <input id="roster-q" name="q" type="search" defaultValue={view.q} autoComplete="off" />
            </div>
            <button type="submit" className="button button--secondary">
              {t('admin.search')}
            </button>
          </form>
          <div className="button-row roster-exports">
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={view.exporting}
              onClick={() => actorRef.send({ type: 'EXPORT', kind: 'memberships' })}
            >
              {t('admin.exportRoster')}
            </button>
            {view.canExportPayments && (
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={view.exporting}
                onClick={() => actorRef.send({ type: 'EXPORT', kind: 'payments' })}
              >
                {t('admin.exportPayments')}
              </button>
            )}
          </div>
          {view.exportError !== null && <Alert>{view.exportError}</Alert>}
          <p role="status" className="roster-count">
            {t('admin.membershipCount', { count: view.total })}
            {view.updating ? t('admin.updating') : ''}
          </p>
          <TableWrap label={t('admin.teamRoster', { team: view.team.name })} busy={view.updating}>
            <caption>{t('admin.rosterCaption', { team: view.team.name, page: view.page, pages: view.pages })}</caption>
            <thead>
              <tr>
                {view.columns.slice(0, 2).map((column) => (
                  <SortHeader key={column.sort} column={column} actorRef={actorRef} />
                ))}
                {view.canReadMoney ? <th scope="col">{t('admin.plan')}</th> : <th scope="col">{t('admin.phone')}</th>}
                {view.columns.slice(2).map((column) => (
                  <SortHeader key={column.sort} column={column} actorRef={actorRef} />
                ))}
                {!view.canReadMoney && <th scope="col">{t('admin.status')}</th>}
              </tr>
            </thead>
            <tbody>
              {view.rows.length === 0 && (
                <tr>
                  <td colSpan={view.canReadMoney ? 7 : 4}>{t('admin.noMatches')}</td>
                </tr>
              )}
              {view.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {row.money === null ? (
                      row.athlete
                    ) : (
                      <Link to="/admin/memberships/$id" params={{ id: row.id }}>
                        {row.athlete}
                      </Link>
                    )}
                    {row.documentsNeeded && (
                      <>
                        {' '}
                        <span className="badge badge--needed">{t('documents.needed')}</span>
                      </>
                    )}
                  </th>
                  <td>
                    {row.guardian}
                    <br />
                    <span className="roster-email">{row.guardianEmail}</span>
                  </td>
                  {row.money === null ? (
                    <td>{row.guardianPhone}</td>
                  ) : (
                    <>
                      <td>{row.money.plan}</td>
                      <td>{row.money.paid}</td>
                      <td>{row.money.remaining}</td>
                      <td>{consoleDate(row.money.nextDue)}</td>
                    </>
                  )}
                  <td>
                    {text(row.status)}
                    {/* Issue 32 point 4: the athlete's answers to the team's questions, on demand. */}
                    <MembershipAnswers membershipId={row.id} athlete={row.athlete} />
                  </td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
          <nav className="roster-pages" aria-label={t('admin.rosterPages')}>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={view.page <= 1}
              onClick={() => actorRef.send({ type: 'PAGE', page: view.page - 1 })}
            >
              {t('admin.previous')}
            </button>
            <span>{t('admin.pageOf', { page: view.page, pages: view.pages })}</span>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={view.page >= view.pages}
              onClick={() => actorRef.send({ type: 'PAGE', page: view.page + 1 })}
            >
              {t('admin.next')}
            </button>
          </nav>
          {heldSeats}
        </>
      )}
    </AdminPage>
  );
}

function SortHeader({ column, actorRef }: { column: RosterColumnView; actorRef: AdminRosterActorRef }) {
  const t = useT();
  return (
    <th scope="col" aria-sort={column.ariaSort}>
      <button
        type="button"
        className="roster-sort"
        onClick={() => actorRef.send({ type: 'SORT', column: column.sort })}
      >
        {t('admin.rosterColumn', { column: column.sort })}
        <span aria-hidden="true">
          {column.ariaSort === 'ascending' ? ' ▲' : column.ariaSort === 'descending' ? ' ▼' : ''}
        </span>
      </button>
    </th>
  );
}
