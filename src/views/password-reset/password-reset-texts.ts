/**
 * The English heading and intro of the forgotten-password request form, as scripts/prerender.ts paints them into
 * /resetpwd/forgot's HTML before the scripts load (scripts/prerender.test.ts imports them). The form itself shows
 * `t('reset.requestHeading')` and `t('reset.requestIntro')` (src/i18n/catalogues/en/reset.json);
 * password-reset-texts.test.ts keeps these two equal to the English catalogue.
 */
export const REQUEST_HEADING = 'Forgot your password?';
export const REQUEST_INTRO =
  'Enter the email address of your account and we will send you a link to reset your password.';
