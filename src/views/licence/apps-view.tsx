import { Link } from '@tanstack/react-router';
import { rich } from '../../i18n/rich';
import { useT } from '../../i18n/use-t';
import { AppStoreLinks } from '../common/branding/app-store-links';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';

/**
 * /apps (§2, reached after the entry redirect for an existing account with a licence; its content is not shown):
 * the account lives in the mobile app, so the page names the brand's app, links both stores and says which address
 * to log in with.
 */
export function AppsView({ appName, email }: { appName: string; email: string | null }) {
  const t = useT();
  return (
    <Page>
      <section className="card">
        <StepHeading>{t('licence.appsTitle', { app_name: appName })}</StepHeading>
        <p>{t('licence.appsIntro', { app_name: appName })}</p>
        <ol>
          <li>{t('licence.appsDownload', { app_name: appName })}</li>
          <li>
            {email === null
              ? t('licence.appsLogIn')
              : rich(t('licence.appsLogInAs', { email }), [<strong key="email" />])}
          </li>
        </ol>
        <AppStoreLinks appName={appName} />
        {email !== null && (
          <p>
            <Link to="/dashboard">{t('licence.appsSeeAccount')}</Link>
          </p>
        )}
      </section>
    </Page>
  );
}
