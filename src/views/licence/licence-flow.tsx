import './licence.css';
import { shallowEqual, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { config } from '../../config';
import { useT } from '../../i18n/use-t';
import { type LicenceActorRef, licenceView } from '../../machines/licence.connect';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { CoachClaimedView } from './coach-claimed-view';
import { CoachLicenceView } from './coach-licence-view';
import { PausedNotice } from './paused-notice';
import { TeamWelcomeView } from './team-welcome-view';

/**
 * The success screen with its payment confirmation, loaded when the flow reaches it: a first visit shows the welcome
 * (the success screen follows a claim, or a logged-in guardian's licence already claimed), so its code stays out of
 * the first visit (bench/bundle-size.ts `AFTER_A_CLAIM`).
 */
const TeamSuccessView = lazy(() =>
  import('./team-success-view').then((module) => ({ default: module.TeamSuccessView })),
);

export interface LicenceBrand {
  /** strings.app_name of the white-label data, else the configured client name. */
  appName: string;
  /** The 120 px app icon of the white-label data, when loaded. */
  iconUrl: string | null;
}

/** The licence pages' views (§2 Licence page), rendered from the licence machine's state. */
export function LicenceFlow({ actorRef, brand }: { actorRef: LicenceActorRef; brand: LicenceBrand }) {
  const t = useT();
  const view = useSelector(actorRef, licenceView, shallowEqual);

  switch (view.screen) {
    case 'failed':
      return (
        <Page>
          <section className="card">
            <StepHeading>{t('licence.welcome', { client_name: config.clientName })}</StepHeading>
            <RetryAlert canRetry={view.canRetry} onRetry={() => actorRef.send({ type: 'RETRY' })}>
              {t('licence.loadFailed')}
            </RetryAlert>
          </section>
        </Page>
      );
    case 'paused':
      return (
        <Page>
          <PausedNotice licence={view.licence} />
        </Page>
      );
    case 'teamWelcome':
      return (
        <Page>
          <TeamWelcomeView
            licence={view.licence}
            unavailable={view.unavailable}
            error={view.error}
            released={view.released}
            asksForAccount={view.asksForAccount}
            canAnswer={{ yes: view.canYes, no: view.canNo }}
            onYes={() => actorRef.send({ type: 'YES' })}
            onNo={() => actorRef.send({ type: 'NO' })}
            waitlist={{
              canJoin: view.canJoinWaitlist,
              onJoin: () => actorRef.send({ type: 'JOIN_WAITLIST' }),
              heldUntil: view.heldUntil,
            }}
          />
        </Page>
      );
    case 'teamSuccess':
      return (
        <Page wide>
          <Suspense fallback={null}>
            <TeamSuccessView
              appName={brand.appName}
              email={view.accountEmail}
              iconUrl={brand.iconUrl}
              confirmation={view.confirmation}
            />
          </Suspense>
        </Page>
      );
    case 'coachLicence':
      return (
        <Page>
          <CoachLicenceView
            licence={view.licence}
            unavailable={view.unavailable}
            error={view.error}
            canClaim={view.canClaim}
            onClaim={() => actorRef.send({ type: 'CLAIM' })}
          />
        </Page>
      );
    case 'coachClaimed':
      return (
        <Page>
          <CoachClaimedView licence={view.licence} appName={brand.appName} />
        </Page>
      );
    case 'none':
      // Loading, claiming, refreshing (the loading overlay shows and announces it) or leaving (the route navigates).
      return <Page>{null}</Page>;
  }
}
