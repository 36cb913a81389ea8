import './dashboard.css';
import { shallowEqual, useSelector } from '@xstate/react';
import { useT } from '../../i18n/use-t';
import { type DashboardActorRef, dashboardView } from '../../machines/dashboard.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';
import { AccountMenu } from './account-menu';
import { AccountStatus } from './account-status';
import { SupportSection } from './support-section';

/** The account page (§2 Dashboard), rendered from dashboard.connect.ts's views of the machine's state. */
export function DashboardFlow({ actorRef }: { actorRef: DashboardActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, dashboardView, shallowEqual);

  let body = null;
  if (view.status === 'loggingOut') {
    body = <p role="status">{t('dashboard.loggingOut')}</p>;
  } else if (view.status === 'loading') {
    body = <p role="status">{t('dashboard.loading')}</p>;
  } else if (view.status === 'ready') {
    body = (
      <>
        {view.error !== null && (
          <Alert>
            <p className="dashboard-error">{view.error}</p>
            <button
              type="button"
              className="button button--secondary"
              disabled={!view.canRetry}
              onClick={() => actorRef.send({ type: 'RETRY' })}
            >
              {t('dashboard.tryAgain')}
            </button>
          </Alert>
        )}
        <AccountStatus actorRef={actorRef} />
      </>
    );
  } else {
    body = <p role="status">{t('dashboard.redirecting')}</p>;
  }

  return (
    <Page header={<AccountMenu actorRef={actorRef} />}>
      <section className="card" aria-labelledby="your-account">
        <StepHeading>
          <span id="your-account">{t('dashboard.yourAccount')}</span>
        </StepHeading>
        {body}
      </section>
      <SupportSection />
    </Page>
  );
}
