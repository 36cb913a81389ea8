import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import { useT } from '../../i18n/use-t';
import { type AdminSeasonActorRef, adminSeasonView, monthText } from '../../machines/admin-season.connect';
import { RetryAlert } from '../common/retry-alert';
import { TableWrap } from './table-wrap';

/** The chart's code (uPlot) loads only when a picture with months shows: the console's home, never a family page. */
const SeasonChart = lazy(() => import('./season-chart'));

/**
 * The season's picture on the console's home (issue 33 point 4): the season picker, per team and for the club who
 * registered and where each stands with the money, the chart and table of collected and due by month, and what waits
 * for staff, each linking to its list. Renders what admin-season.connect.ts derives; sends RETRY and CHOOSE_SEASON.
 */
export function SeasonPictureView({ actorRef }: { actorRef: AdminSeasonActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminSeasonView);
  const pickerId = useId();
  const headingId = useId();
  if (view.kind === 'loading') return <p role="status">{t('season.loading')}</p>;
  if (view.kind === 'failed') {
    return <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>;
  }
  const { season } = view;
  return (
    <section className="season-picture" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {season === null ? t('season.headingNoSeason') : t('season.heading', { season: season.name })}
      </h3>
      {view.seasons.length > 1 && season !== null && (
        <form
          className="season-picker"
          onSubmit={(event) => {
            event.preventDefault();
            const chosen = new FormData(event.currentTarget).get('season');
            actorRef.send({ type: 'CHOOSE_SEASON', seasonId: Number(chosen) });
          }}
        >
          <label htmlFor={pickerId}>{t('season.picker')}</label>
          <select id={pickerId} name="season" defaultValue={String(season.id)}>
            {view.seasons.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--secondary">
            {t('season.show')}
          </button>
        </form>
      )}
      {season === null ? (
        <p>{t('season.noSeason')}</p>
      ) : (
        <>
          <TableWrap label={t('season.tableCaption', { season: season.name })}>
            <thead>
              <tr>
                <th scope="col">{t('season.team')}</th>
                <th scope="col">{t('season.registered')}</th>
                <th scope="col">{t('season.paidInFull')}</th>
                <th scope="col">{t('season.onPlan')}</th>
                <th scope="col">{t('season.owing')}</th>
                <th scope="col">{t('season.cancelled')}</th>
                <th scope="col">{t('season.collected')}</th>
                <th scope="col">{t('season.refunded')}</th>
                <th scope="col">{t('season.due')}</th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <tr key={row.key} className={row.teamId === null ? 'season-total' : undefined}>
                  {/* The team's roster is linked from the team list under the picture (one link per team on the page). */}
                  <th scope="row">{row.teamId === null ? t('season.club') : row.team}</th>
                  <td>{row.registered}</td>
                  <td>{row.paidInFull}</td>
                  <td>{row.onPlan}</td>
                  <td>{row.owing}</td>
                  <td>{row.cancelled}</td>
                  <td>{row.collected}</td>
                  <td>{row.refunded}</td>
                  <td>{row.due}</td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
          <h4>{t('season.waiting')}</h4>
          {view.waiting.length === 0 ? (
            <p>{t('season.nothingWaiting')}</p>
          ) : (
            <ul className="admin-list">
              {view.waiting.map((item) =>
                item.kind === 'documents' ? (
                  <li key="documents">
                    <Link to="/admin/documents">{t('season.documentsToVerify', { count: item.count })}</Link>
                  </li>
                ) : (
                  <li key={`${item.kind}-${item.teamId}`}>
                    <Link
                      to="/admin/teams/$teamId"
                      params={{ teamId: String(item.teamId) }}
                      search={{ status: item.kind }}
                    >
                      {t(item.kind === 'failed' ? 'season.failedPayments' : 'season.overduePayments', {
                        count: item.count,
                        team: item.team,
                      })}
                    </Link>
                  </li>
                ),
              )}
            </ul>
          )}
          <h4>{t('season.byMonth')}</h4>
          {view.months.length === 0 ? (
            <p>{t('season.noMonths')}</p>
          ) : (
            <>
              <Suspense fallback={<p role="status">{t('season.chartLoading')}</p>}>
                <SeasonChart months={view.months} />
              </Suspense>
              <TableWrap label={t('season.byMonth')}>
                <thead>
                  <tr>
                    <th scope="col">{t('season.month')}</th>
                    <th scope="col">{t('season.collected')}</th>
                    <th scope="col">{t('season.due')}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.months.map((month) => (
                    <tr key={month.month}>
                      <th scope="row">{monthText(month.month)}</th>
                      <td>{month.collected}</td>
                      <td>{month.due}</td>
                    </tr>
                  ))}
                </tbody>
              </TableWrap>
            </>
          )}
        </>
      )}
    </section>
  );
}
