import './dashboard.css';
import { shallowEqual, useSelector } from '@xstate/react';
import { type DashboardActorRef, dashboardView } from '../../machines/dashboard.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';
import { AccountMenu } from './account-menu';
import { AccountStatus } from './account-status';
import {
  LOADING_ACCOUNT_TEXT,
  LOGGING_OUT_TEXT,
  REDIRECTING_TEXT,
  RETRY_LABEL,
  YOUR_ACCOUNT_HEADING,
} from './dashboard-texts';
import { SupportSection } from './support-section';

type DashboardActor = DashboardActorRef;

/** The account page (§2 Dashboard), rendered from the dashboard machine's state. */
export function DashboardFlow({ actorRef, now = new Date() }: { actorRef: DashboardActor; now?: Date }) {
  const view = useSelector(actorRef, dashboardView, shallowEqual);
  const logOut = () => actorRef.send({ type: 'LOG_OUT' });

  let body = null;
  if (view.status === 'loggingOut') {
    body = <p role="status">{LOGGING_OUT_TEXT}</p>;
  } else if (view.status === 'loading') {
    body = <p role="status">{LOADING_ACCOUNT_TEXT}</p>;
  } else if (view.status === 'ready') {
    body = (
      <>
        {view.error !== null && (
          <Alert>
            <p className="dashboard-error">{view.error}</p>
            <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'RETRY' })}>
              {RETRY_LABEL}
            </button>
          </Alert>
        )}
        <AccountStatus user={view.user} now={now} canLogOut={view.canLogOut} onLogOut={logOut} />
      </>
    );
  } else {
    body = <p role="status">{REDIRECTING_TEXT}</p>;
  }

  return (
    <Page header={<AccountMenu actorRef={actorRef} />}>
      <section className="card" aria-labelledby="your-account">
        <StepHeading>
          <span id="your-account">{YOUR_ACCOUNT_HEADING}</span>
        </StepHeading>
        {body}
      </section>
      <SupportSection />
    </Page>
  );
}
