import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { formatDateText } from '../../domain/dates';
import { intlLocale } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { accountStatusView, type DashboardActorRef } from '../../machines/dashboard.connect';

/**
 * 'Your Account' (§4 Subscription status messages): the server's status message and the texts dashboard.connect.ts
 * derives from it, with the billing prompt linked to /subscribe and, where §4 says, the register-with-another-licence
 * instruction and a Logout button.
 */
export function AccountStatus({ actorRef }: { actorRef: DashboardActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, accountStatusView, shallowEqual);
  if (view.statusMessage === null) {
    return <p>{t('dashboard.noSubscription')}</p>;
  }
  // The paid-through instant as its calendar date, 'December 31, 2027' / '31 de diciembre de 2027'.
  const date = formatDateText(view.paidThrough, 'long', intlLocale());
  return (
    <div className="account-status">
      <p>
        {t('dashboard.status')} <strong>{view.statusMessage}</strong>
      </p>
      {view.message && <p className="account-status__message">{t(view.message)}</p>}
      {view.dateLabel && date && (
        <p>
          {t(view.dateLabel)} <strong>{date}</strong>
        </p>
      )}
      {view.addBillingPrompt && (
        <p>
          <Link to="/subscribe">{t(view.addBillingPrompt)}</Link>
        </p>
      )}
      {view.registerWithAnotherLicense && (
        <div className="account-status__register">
          <p>{t(view.registerWithAnotherLicense)}</p>
          {view.showLogoutButton && (
            <button
              type="button"
              className="button"
              disabled={!view.canLogOut}
              onClick={() => actorRef.send({ type: 'LOG_OUT' })}
            >
              {t('dashboard.logoutButton')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
