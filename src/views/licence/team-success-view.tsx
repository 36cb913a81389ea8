import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { rich } from '../../i18n/rich';
import { useT } from '../../i18n/use-t';
import type { PaymentConfirmation as Confirmation } from '../../machines/licence.connect';
import { AppStoreLinks } from '../common/branding/app-store-links';
import { StepHeading } from '../common/step-heading';
import { PaymentConfirmation } from './payment-confirmation';

/** One numbered card of the activation steps; the number is decoration, the heading names the step. */
function ActivationStep({
  number,
  title,
  nested,
  children,
}: {
  number: number;
  title: string;
  /** Below the payment confirmation the steps are one level deeper in the outline. */
  nested: boolean;
  children: ReactNode;
}) {
  const Heading = nested ? 'h3' : 'h2';
  return (
    <li className="activation-step">
      <span className="activation-step__number" aria-hidden="true">
        {number}
      </span>
      <div className="activation-step__body">
        <Heading>{title}</Heading>
        {children}
      </div>
    </li>
  );
}

/** Issue 19.2: the way to "My payments" (/payments): what was paid, what is due next, the card. */
function MyPaymentsLink() {
  const t = useT();
  return (
    <p className="licence-success__payments">
      <Link to="/payments" className="button button--secondary">
        {t('licence.myPayments')}
      </Link>
    </p>
  );
}

/**
 * §2 Team licence success screen: three steps to activate the account in the app. Above 768 px the steps stand side
 * by side as cards; at 768 px or below they stack with the store buttons full width (licence.css). Right after a
 * payment (issue 19.1) its confirmation comes first: its heading is the page's h1 and takes the focus, and the
 * activation steps follow as a section of their own.
 */
export function TeamSuccessView({
  appName,
  email,
  iconUrl,
  confirmation,
}: {
  appName: string;
  email: string | null;
  iconUrl: string | null;
  confirmation: Confirmation | null;
}) {
  const t = useT();
  const nested = confirmation !== null;
  return (
    <section className="licence-success">
      {confirmation !== null && (
        <>
          <PaymentConfirmation confirmation={confirmation} />
          <MyPaymentsLink />
        </>
      )}
      {nested ? (
        <h2>{t('licence.activationHeading', { app_name: appName })}</h2>
      ) : (
        <StepHeading>{t('licence.activationHeading', { app_name: appName })}</StepHeading>
      )}
      <ol className="activation-steps">
        <ActivationStep number={1} title={t('licence.stepStore')} nested={nested}>
          <p>{t('licence.stepStoreText')}</p>
          <AppStoreLinks appName={appName} />
        </ActivationStep>
        <ActivationStep number={2} title={t('licence.stepDownload')} nested={nested}>
          {iconUrl && (
            <img
              className="brand-icon"
              src={iconUrl}
              alt=""
              width={60}
              height={60}
              // A missing icon is decoration lost, not a broken page.
              onError={(event) => {
                event.currentTarget.hidden = true;
              }}
            />
          )}
          <p>{rich(t('licence.stepDownloadText', { app_name: appName }), [<strong key="app" />])}</p>
        </ActivationStep>
        <ActivationStep number={3} title={t('licence.stepLogIn')} nested={nested}>
          {email === null ? (
            <p>{t('licence.stepLogInText')}</p>
          ) : (
            <p>{rich(t('licence.stepLogInAs', { email }), [<strong key="email" className="activation-email" />])}</p>
          )}
        </ActivationStep>
      </ol>
      {confirmation === null && <MyPaymentsLink />}
    </section>
  );
}
