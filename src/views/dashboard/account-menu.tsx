import { useSelector } from '@xstate/react';
import { type DashboardActorRef, hasServerChoice } from '../../machines/dashboard.connect';
import { LOG_OUT_MENU_LABEL, SERVER_SELECTOR_LABEL } from './dashboard-texts';

type DashboardActor = DashboardActorRef;

/** §2 Dashboard: the server selector (only with more than one server) and the top menu (e-mail, LOG OUT). */
export function AccountMenu({ actorRef }: { actorRef: DashboardActor }) {
  const snapshot = useSelector(actorRef, (s) => s);
  const { user, servers, selectedServerId } = snapshot.context;
  const canLogOut = snapshot.can({ type: 'LOG_OUT' });
  // Any other configured server would do: the guard decides whether switching is possible now.
  const other = servers.find((server) => server.id !== selectedServerId);
  const canSwitch = other !== undefined && snapshot.can({ type: 'SELECT_SERVER', id: other.id });

  return (
    <nav className="account-menu" aria-label="Account">
      {hasServerChoice(snapshot.context) && (
        <div className="account-menu__server">
          <label htmlFor="api-server">{SERVER_SELECTOR_LABEL}</label>
          <select
            id="api-server"
            value={selectedServerId}
            disabled={!canSwitch}
            onChange={(e) => actorRef.send({ type: 'SELECT_SERVER', id: e.target.value })}
          >
            {servers.map((server) => (
              <option key={server.id} value={server.id}>
                {server.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <span className="account-menu__email">{user.email}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={!canLogOut}
        onClick={() => actorRef.send({ type: 'LOG_OUT' })}
      >
        {LOG_OUT_MENU_LABEL}
      </button>
    </nav>
  );
}
