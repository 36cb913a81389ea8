import { Link } from '@tanstack/react-router';
import { AppStoreLinks } from '../common/branding/app-store-links';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';

/**
 * /apps (§2, reached after the entry redirect for an existing account with a licence; its content is not shown):
 * the account lives in the mobile app, so the page names the brand's app, links both stores and says which address
 * to log in with.
 */
export function AppsView({ appName, email }: { appName: string; email: string | null }) {
  return (
    <Page>
      <section className="card">
        <StepHeading>Get the {appName} app</StepHeading>
        <p>Your training, schedule and team live in the {appName} app on your phone.</p>
        <ol>
          <li>Download the {appName} app from the App Store or Google Play.</li>
          <li>
            {email === null ? (
              'Log in with the email and password of your account.'
            ) : (
              <>
                Log in as <strong>{email}</strong> with your password.
              </>
            )}
          </li>
        </ol>
        <AppStoreLinks appName={appName} />
        {email !== null && (
          <p>
            <Link to="/dashboard">See your account</Link>
          </p>
        )}
      </section>
    </Page>
  );
}
