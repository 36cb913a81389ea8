import { useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import { type AdminHoldsActorRef, adminHoldsView, heldUntilText } from '../../machines/admin-holds.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { TableWrap } from './table-wrap';

/**
 * The roster's held seats (issue 30 point 4): athlete, licence and 'Held until {date}'; owners and registrars see
 * 'Release' beside each. Renders what admin-holds.connect.ts derives; sends RETRY and RELEASE.
 */
export function HeldSeatsView({ actorRef }: { actorRef: AdminHoldsActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminHoldsView);
  const heading = t('admin.heldSeats');
  return (
    // Not a landmark of its own: the table's scroll region carries the heading's name (two regions of one name fail
    // axe's landmark-unique).
    <div className="held-seats">
      <h2 id="held-seats-heading">{heading}</h2>
      {view.kind === 'loading' && <p role="status">{t('admin.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'loaded' && view.error !== null && <Alert>{view.error}</Alert>}
      {view.kind === 'loaded' && view.rows.length === 0 && <p>{t('admin.noHeldSeats')}</p>}
      {view.kind === 'loaded' && view.rows.length > 0 && (
        <TableWrap label={heading} busy={view.busy}>
          <thead>
            <tr>
              <th scope="col">{t('admin.athlete')}</th>
              <th scope="col">{t('admin.licence')}</th>
              <th scope="col">{t('admin.held')}</th>
              {view.mayRelease && (
                <th scope="col">
                  <span className="visually-hidden">{t('admin.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.athleteId}>
                <td>{row.athlete}</td>
                <td>{row.licence}</td>
                <td>{heldUntilText(row)}</td>
                {view.mayRelease && (
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={!row.canRelease}
                      onClick={() => actorRef.send({ type: 'RELEASE', athleteId: row.athleteId })}
                    >
                      {t('admin.release')}
                      <span className="visually-hidden">{t('admin.releaseHidden', { athlete: row.athlete })}</span>
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
    </div>
  );
}
