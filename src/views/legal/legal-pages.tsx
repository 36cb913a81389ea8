import { config } from '../../config';
import { rich } from '../../i18n/rich';
import { useT } from '../../i18n/use-t';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';

/**
 * The built-in privacy policy and terms of use the dashboard links to (spec §2 Dashboard): short summaries, in the
 * language in use (the `legal` catalogue group). An organization with its own legal pages points VITE_PRIVACY_URL /
 * VITE_TERMS_URL at them instead.
 */
export function PrivacyPolicyPage() {
  const t = useT();
  const email = config.supportEmail;
  return (
    <Page>
      <StepHeading>{t('legal.privacyTitle')}</StepHeading>
      <p>{t('legal.privacyKeeps', { client_name: config.clientName })}</p>
      <p>{t('legal.privacyCards')}</p>
      <p>
        {rich(t('legal.privacyContact', { email }), [
          <a key="email" href={`mailto:${email}`}>
            {email}
          </a>,
        ])}
      </p>
    </Page>
  );
}

export function TermsOfUsePage() {
  const t = useT();
  const email = config.supportEmail;
  return (
    <Page>
      <StepHeading>{t('legal.termsTitle')}</StepHeading>
      <p>{t('legal.termsAccurate', { client_name: config.clientName })}</p>
      <p>{t('legal.termsDues')}</p>
      <p>
        {rich(t('legal.termsQuestions', { email }), [
          <a key="email" href={`mailto:${email}`}>
            {email}
          </a>,
        ])}
      </p>
    </Page>
  );
}
