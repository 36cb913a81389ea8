import type { ReactNode } from 'react';
import { AppStoreLinks } from '../common/branding/app-store-links';
import { StepHeading } from '../common/step-heading';
import { activationHeading } from './licence-texts';

/** One numbered card of the activation steps; the number is decoration, the heading names the step. */
function ActivationStep({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="activation-step">
      <span className="activation-step__number" aria-hidden="true">
        {number}
      </span>
      <div className="activation-step__body">
        <h2>{title}</h2>
        {children}
      </div>
    </li>
  );
}

/**
 * §2 Team licence success screen: three steps to activate the account in the app. Above 768 px the steps stand side
 * by side as cards; at 768 px or below they stack with the store buttons full width (licence.css).
 */
export function TeamSuccessView({
  appName,
  email,
  iconUrl,
}: {
  appName: string;
  email: string | null;
  iconUrl: string | null;
}) {
  return (
    <section className="licence-success">
      <StepHeading>{activationHeading(appName)}</StepHeading>
      <ol className="activation-steps">
        <ActivationStep number={1} title="Go to the app store">
          <p>Open the App Store or Google Play on your phone.</p>
          <AppStoreLinks appName={appName} />
        </ActivationStep>
        <ActivationStep number={2} title="Download the app">
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
          <p>
            Search for <strong>{appName}</strong> and download the {appName} app.
          </p>
        </ActivationStep>
        <ActivationStep number={3} title="Log in">
          {email === null ? (
            <p>Log in with the email and password you registered with.</p>
          ) : (
            <p>
              Log in as <strong className="activation-email">{email}</strong> with your password.
            </p>
          )}
        </ActivationStep>
      </ol>
    </section>
  );
}
