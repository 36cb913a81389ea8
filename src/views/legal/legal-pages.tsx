import { config } from '../../config';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';

/**
 * The built-in privacy policy and terms of use the dashboard links to (spec §2 Dashboard). An organization with its
 * own legal pages points VITE_PRIVACY_URL / VITE_TERMS_URL at them instead.
 */
export function PrivacyPolicyPage() {
  return (
    <Page>
      <StepHeading>Privacy Policy</StepHeading>
      <p>
        {config.clientName} keeps the information you give when you register — your name, e-mail address and phone
        number, your athletes' accounts and player profiles — to run your team registration, licences and subscription.
      </p>
      <p>
        Card details are handled by our payment providers and never stored by us. We do not sell your information. Your
        team's organization sees the registrations and payments made for its teams.
      </p>
      <p>
        To see, correct or delete your information, write to{' '}
        <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>. Please allow 24 hours for a response.
      </p>
    </Page>
  );
}

export function TermsOfUsePage() {
  return (
    <Page>
      <StepHeading>Terms of Use</StepHeading>
      <p>
        By registering with {config.clientName} you confirm that the information you give is accurate and that you may
        register the athletes you add.
      </p>
      <p>
        Team dues are set by your organization. The deposit and the app fee are non-refundable. A full refund of a
        personal subscription is available on request within 7 days of initial purchase; subscriptions renew
        automatically until cancelled.
      </p>
      <p>
        Questions: <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
      </p>
    </Page>
  );
}
