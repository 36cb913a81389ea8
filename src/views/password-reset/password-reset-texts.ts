/** The visible texts of the forgotten-password screens. The two quoted from §2 are the spec's, word for word. */

/** §2, word for word. */
export const INSTRUCTIONS_SENT_TEXT =
  'We have sent instructions on how to reset your password to the email address you provided. Check your inbox.';
/** §2, word for word. */
export const PASSWORD_UPDATED_TEXT = 'SUCCESS! Your password has been successfully updated.';

export const REQUEST_HEADING = 'Forgot your password?';
export const REQUEST_INTRO =
  'Enter the email address of your account and we will send you a link to reset your password.';
export const SUBMITTED_HEADING = 'Check your inbox';
export const RESET_HEADING = 'Reset your password';
export const RESET_INTRO = 'Choose a new password for your account.';
export const RESET_DONE_HEADING = 'Password updated';
export const LOG_IN_WITH_NEW_PASSWORD = 'Log in with your new password';
