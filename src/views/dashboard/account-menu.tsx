import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { accountMenuView, type DashboardActorRef } from '../../machines/dashboard.connect';
import { INVITE_GUARDIAN_MENU_LABEL, LOG_OUT_MENU_LABEL, SERVER_SELECTOR_LABEL } from './dashboard-texts';

/**
 * §2 Dashboard: the server selector (only with more than one server) and the top menu ('My payments', 'Invite a
 * guardian' (issue 20 point 4), e-mail, LOG OUT).
 */
export function AccountMenu({ actorRef }: { actorRef: DashboardActorRef }) {
  const { email, hasServerChoice, servers, selectedServerId, canSwitch, canLogOut } = useSelector(
    actorRef,
    accountMenuView,
    shallowEqual,
  );

  return (
    <nav className="account-menu" aria-label="Account">
      {hasServerChoice && (
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
      <Link to="/payments" className="account-menu__payments">
        My payments
      </Link>
      <Link to="/household" className="account-menu__household">
        {INVITE_GUARDIAN_MENU_LABEL}
      </Link>
      <span className="account-menu__email">{email}</span>
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
