import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import { accountMenuView, type DashboardActorRef } from '../../machines/dashboard.connect';

/**
 * §2 Dashboard: the server selector (only with more than one server) and the top menu ('My payments', 'Invite a
 * guardian' (issue 20 point 4), e-mail, LOG OUT).
 */
export function AccountMenu({ actorRef }: { actorRef: DashboardActorRef }) {
  const t = useT();
  const { email, hasServerChoice, servers, selectedServerId, canSwitch, canLogOut } = useSelector(
    actorRef,
    accountMenuView,
    shallowEqual,
  );

  return (
    <nav className="account-menu" aria-label={t('dashboard.menuLabel')}>
      {hasServerChoice && (
        <div className="account-menu__server">
          <label htmlFor="api-server">{t('dashboard.server')}</label>
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
        {t('dashboard.myPayments')}
      </Link>
      <Link to="/household" className="account-menu__household">
        {t('dashboard.inviteGuardian')}
      </Link>
      <span className="account-menu__email">{email}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={!canLogOut}
        onClick={() => actorRef.send({ type: 'LOG_OUT' })}
      >
        {t('dashboard.logOutMenu')}
      </button>
    </nav>
  );
}
