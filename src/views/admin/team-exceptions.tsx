import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import {
  type AdminExceptionsActorRef,
  adminExceptionsMachine,
  adminExceptionsScreenOf,
} from '../../machines/admin-exceptions.connect';
import { RetryAlert } from '../common/retry-alert';
import { TableWrap } from './table-wrap';

/** Issue 32 point 1: a team's 'Exceptions granted' on the set-up page (owners, registrars), its own actor per team. */
export function TeamExceptions({ teamId, team }: { teamId: number; team: string }) {
  const actorRef = useActorRef(adminExceptionsMachine, { input: { teamId } });
  return <TeamExceptionsView actorRef={actorRef} team={team} />;
}

export function TeamExceptionsView({ actorRef, team }: { actorRef: AdminExceptionsActorRef; team: string }) {
  const t = useT();
  // The texts and dates are made while rendering (the language in use), from the snapshot.
  const screen = adminExceptionsScreenOf(useSelector(actorRef, (snapshot) => snapshot, shallowEqual));
  const panelId = useId();
  return (
    <div className="team-exceptions">
      <button
        type="button"
        className="button button--link"
        aria-expanded={screen.open}
        aria-controls={panelId}
        aria-label={t('ageExceptions.showFor', { team })}
        onClick={() => actorRef.send({ type: screen.open ? 'CLOSE' : 'OPEN' })}
      >
        {t('ageExceptions.show')}
      </button>
      <div id={panelId}>
        {screen.loading && <p role="status">{t('ageExceptions.loading')}</p>}
        {screen.failed && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{screen.errorText}</RetryAlert>}
        {screen.shown && screen.rows.length === 0 && <p>{t('ageExceptions.none')}</p>}
        {screen.shown && screen.rows.length > 0 && (
          <TableWrap label={t('ageExceptions.caption', { team })}>
            <caption>{t('ageExceptions.caption', { team })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ageExceptions.colAthlete')}</th>
                <th scope="col">{t('ageExceptions.colReason')}</th>
                <th scope="col">{t('ageExceptions.colGrantedBy')}</th>
                <th scope="col">{t('ageExceptions.colGrantedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {screen.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.athlete}</th>
                  <td>{row.reason}</td>
                  <td>{row.grantedBy}</td>
                  <td>{row.grantedAt}</td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
        )}
      </div>
    </div>
  );
}
