import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../api/schemas';
import { dashboardStatusText } from '../../domain/account-status';
import { LOGOUT_BUTTON_LABEL, NO_SUBSCRIPTION_TEXT, STATUS_LABEL } from './dashboard-texts';

/**
 * 'Your Account' (§4 Subscription status messages): the server's status message and the text the domain derives
 * from it, with the billing prompt linked to /subscribe and, where §4 says, the register-with-another-licence
 * instruction and a Logout button.
 */
export function AccountStatus({
  user,
  now,
  canLogOut,
  onLogOut,
}: {
  user: CurrentUser;
  now: Date;
  canLogOut: boolean;
  onLogOut: () => void;
}) {
  if (user.subscription === null) {
    return <p>{NO_SUBSCRIPTION_TEXT}</p>;
  }
  const text = dashboardStatusText(user.subscription, user.is_coach, now);
  return (
    <div className="account-status">
      <p>
        {STATUS_LABEL} <strong>{user.subscription.status_message}</strong>
      </p>
      {text.message && <p className="account-status__message">{text.message}</p>}
      {text.dateLabel && text.date && (
        <p>
          {text.dateLabel} <strong>{text.date}</strong>
        </p>
      )}
      {text.addBillingPrompt && (
        <p>
          <Link to="/subscribe">{text.addBillingPrompt}</Link>
        </p>
      )}
      {text.registerWithAnotherLicense && (
        <div className="account-status__register">
          <p>{text.registerWithAnotherLicense}</p>
          {text.showLogoutButton && (
            <button type="button" className="button" disabled={!canLogOut} onClick={onLogOut}>
              {LOGOUT_BUTTON_LABEL}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
