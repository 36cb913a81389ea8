import { config } from '../../config';

/**
 * Texts and addresses of the dashboard that §2 describes without quoting. The §4 status texts are not here: they
 * come from src/domain/subscription-status.ts.
 */

export const YOUR_ACCOUNT_HEADING = 'Your Account';
export const LOG_OUT_MENU_LABEL = 'LOG OUT';
/** Issue 20 point 4: the menu's way to /household, where a second guardian is invited. */
export const INVITE_GUARDIAN_MENU_LABEL = 'Invite a guardian';
/** §4: the button shown with the register-with-another-licence instruction. */
export const LOGOUT_BUTTON_LABEL = 'Logout';
export const SERVER_SELECTOR_LABEL = 'Server';
export const STATUS_LABEL = 'Status:';
/** An account without a subscription or licence state (§4 gives such an account no text). */
export const NO_SUBSCRIPTION_TEXT = 'There is no subscription or license on this account yet.';
export const LOADING_ACCOUNT_TEXT = 'Loading your account…';
export const REDIRECTING_TEXT = 'Taking you to the next step…';
export const LOGGING_OUT_TEXT = 'Logging out…';
export const RETRY_LABEL = 'Try again';

export const SUPPORT_HEADING = 'Support';
export const SUPPORT_INTRO = 'Questions about your account? Email us at';
/** §2, §9: support answers within 24 hours. */
export const SUPPORT_RESPONSE_TIME = 'Please allow 24 hours for a response.';
/** §2, §9: refund within 7 days of the first purchase. */
export const REFUND_STATEMENT = 'A full refund is available on request within 7 days of initial purchase.';
export const PRIVACY_POLICY_LABEL = 'Privacy Policy';
export const TERMS_OF_USE_LABEL = 'Terms of Use';

/** The support address and the legal pages come from the configuration (VITE_SUPPORT_EMAIL, VITE_PRIVACY_URL, VITE_TERMS_URL). */
export const SUPPORT_EMAIL = config.supportEmail;
export const PRIVACY_POLICY_URL = config.privacyPolicyUrl;
export const TERMS_OF_USE_URL = config.termsOfUseUrl;
