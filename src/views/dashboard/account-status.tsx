import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { accountStatusView, type DashboardActorRef } from '../../machines/dashboard.connect';
import { LOGOUT_BUTTON_LABEL, NO_SUBSCRIPTION_TEXT, STATUS_LABEL } from './dashboard-texts';

/**
 * 'Your Account' (§4 Subscription status messages): the server's status message and the texts dashboard.connect.ts
 * derives from it, with the billing prompt linked to /subscribe and, where §4 says, the register-with-another-licence
 * instruction and a Logout button.
 */
export function AccountStatus({ actorRef }: { actorRef: DashboardActorRef }) {
  const view = useSelector(actorRef, accountStatusView, shallowEqual);
  if (view.statusMessage === null) {
    return <p>{NO_SUBSCRIPTION_TEXT}</p>;
  }
  return (
    <div className="account-status">
      <p>
        {STATUS_LABEL} <strong>{view.statusMessage}</strong>
      </p>
      {view.message && <p className="account-status__message">{view.message}</p>}
      {view.dateLabel && view.date && (
        <p>
          {view.dateLabel} <strong>{view.date}</strong>
        </p>
      )}
      {view.addBillingPrompt && (
        <p>
          <Link to="/subscribe">{view.addBillingPrompt}</Link>
        </p>
      )}
      {view.registerWithAnotherLicense && (
        <div className="account-status__register">
          <p>{view.registerWithAnotherLicense}</p>
          {view.showLogoutButton && (
            <button
              type="button"
              className="button"
              disabled={!view.canLogOut}
              onClick={() => actorRef.send({ type: 'LOG_OUT' })}
            >
              {LOGOUT_BUTTON_LABEL}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
