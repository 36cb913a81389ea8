import { useSelector } from '@xstate/react';
import {
  type AdminHoldsActorRef,
  adminHoldsView,
  HELD_SEATS_HEADING,
  NO_HELD_SEATS,
  RELEASE_TEXT,
} from '../../machines/admin-holds.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { TableWrap } from './table-wrap';

/**
 * The roster's held seats (issue 30 point 4): athlete, licence and 'Held until {date}'; owners and registrars see
 * 'Release' beside each. Renders what admin-holds.connect.ts derives; sends RETRY and RELEASE.
 */
export function HeldSeatsView({ actorRef }: { actorRef: AdminHoldsActorRef }) {
  const view = useSelector(actorRef, adminHoldsView);
  return (
    <section className="held-seats" aria-labelledby="held-seats-heading">
      <h2 id="held-seats-heading">{HELD_SEATS_HEADING}</h2>
      {view.kind === 'loading' && <p role="status">Loading…</p>}
      {view.kind === 'failed' && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error}</RetryAlert>}
      {view.kind === 'loaded' && view.error !== null && <Alert>{view.error}</Alert>}
      {view.kind === 'loaded' && view.rows.length === 0 && <p>{NO_HELD_SEATS}</p>}
      {view.kind === 'loaded' && view.rows.length > 0 && (
        <TableWrap label={HELD_SEATS_HEADING} busy={view.busy}>
          <thead>
            <tr>
              <th scope="col">Athlete</th>
              <th scope="col">Licence</th>
              <th scope="col">Held</th>
              {view.mayRelease && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.athleteId}>
                <td>{row.athlete}</td>
                <td>{row.licence}</td>
                <td>{row.heldUntil}</td>
                {view.mayRelease && (
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={!row.canRelease}
                      onClick={() => actorRef.send({ type: 'RELEASE', athleteId: row.athleteId })}
                    >
                      {RELEASE_TEXT}
                      <span className="visually-hidden"> the held spot of {row.athlete}</span>
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
    </section>
  );
}
