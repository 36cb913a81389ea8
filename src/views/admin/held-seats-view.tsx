import { useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import { type AdminHoldsActorRef, adminHoldsView, heldUntilText } from '../../machines/admin-holds.connect';
import { ConsoleList, RowAction } from './table-wrap';

/**
 * The roster's held seats (issue 30 point 4): athlete, licence and 'Held until {date}'; owners and registrars see
 * 'Release' beside each. Renders what admin-holds.connect.ts derives; sends RETRY and RELEASE.
 */
export function HeldSeatsView({ actorRef }: { actorRef: AdminHoldsActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminHoldsView);
  const heading = t('admin.heldSeats');
  const mayRelease = view.kind === 'loaded' && view.mayRelease;
  return (
    // Not a landmark of its own: the table's scroll region carries the heading's name (two regions of one name fail
    // axe's landmark-unique).
    <div className="held-seats">
      <h2 id="held-seats-heading">{heading}</h2>
      <ConsoleList
        view={view}
        label={heading}
        empty={t('admin.noHeldSeats')}
        onRetry={() => actorRef.send({ type: 'RETRY' })}
        head={
          <>
            <th scope="col">{t('admin.athlete')}</th>
            <th scope="col">{t('admin.licence')}</th>
            <th scope="col">{t('admin.held')}</th>
            {mayRelease && (
              <th scope="col">
                <span className="visually-hidden">{t('admin.actions')}</span>
              </th>
            )}
          </>
        }
        row={(row) => (
          <tr key={row.athleteId}>
            <td>{row.athlete}</td>
            <td>{row.licence}</td>
            <td>{heldUntilText(row)}</td>
            {mayRelease && (
              <td>
                <RowAction
                  label={t('admin.release')}
                  rowLabel={t('admin.releaseHidden', { athlete: row.athlete })}
                  disabled={!row.canRelease}
                  onClick={() => actorRef.send({ type: 'RELEASE', athleteId: row.athleteId })}
                />
              </td>
            )}
          </tr>
        )}
      />
    </div>
  );
}
