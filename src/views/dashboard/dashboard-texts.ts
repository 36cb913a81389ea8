import { config } from '../../config';

/**
 * The addresses the dashboard links to; its texts are the `dashboard` catalogue group's
 * (src/i18n/catalogues/en/dashboard.json). The support address and the legal pages come from the configuration
 * (VITE_SUPPORT_EMAIL, VITE_PRIVACY_URL, VITE_TERMS_URL).
 */
export const SUPPORT_EMAIL = config.supportEmail;
export const PRIVACY_POLICY_URL = config.privacyPolicyUrl;
export const TERMS_OF_USE_URL = config.termsOfUseUrl;
