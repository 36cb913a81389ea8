import './licence.css';
import { useSelector } from '@xstate/react';
import type { LicenceActorRef } from '../../machines/licence.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';
import { CoachClaimedView } from './coach-claimed-view';
import { CoachLicenceView } from './coach-licence-view';
import { LICENCE_TEXTS } from './licence-texts';
import { PausedNotice } from './paused-notice';
import { TeamSuccessView } from './team-success-view';
import { TeamWelcomeView } from './team-welcome-view';

export type LicenceActor = LicenceActorRef;

export interface LicenceBrand {
  /** strings.app_name of the white-label data, else the configured client name. */
  appName: string;
  /** The 120 px app icon of the white-label data, when loaded. */
  iconUrl: string | null;
}

/** The licence pages' views (§2 Licence page), rendered from the licence machine's state. */
export function LicenceFlow({ actorRef, brand }: { actorRef: LicenceActor; brand: LicenceBrand }) {
  const snapshot = useSelector(actorRef, (current) => current);
  const { licence, errorText } = snapshot.context;

  if (snapshot.matches('failed')) {
    return (
      <Page>
        <section className="card">
          <StepHeading>{LICENCE_TEXTS.welcome}</StepHeading>
          <Alert>{LICENCE_TEXTS.loadFailed}</Alert>
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => actorRef.send({ type: 'RETRY' })}
              disabled={!snapshot.can({ type: 'RETRY' })}
            >
              {LICENCE_TEXTS.tryAgain}
            </button>
          </div>
        </section>
      </Page>
    );
  }

  if (licence !== null && snapshot.matches('paused')) {
    return (
      <Page>
        <PausedNotice licence={licence} />
      </Page>
    );
  }

  if (licence !== null && (snapshot.matches({ team: 'welcome' }) || snapshot.matches({ team: 'unavailable' }))) {
    return (
      <Page>
        <TeamWelcomeView
          licence={licence}
          unavailable={snapshot.matches({ team: 'unavailable' })}
          error={snapshot.matches({ team: { welcome: 'claimFailed' } }) ? errorText : null}
          canAnswer={{ yes: snapshot.can({ type: 'YES' }), no: snapshot.can({ type: 'NO' }) }}
          onYes={() => actorRef.send({ type: 'YES' })}
          onNo={() => actorRef.send({ type: 'NO' })}
        />
      </Page>
    );
  }

  if (snapshot.matches({ team: 'success' })) {
    return (
      <Page wide>
        <TeamSuccessView appName={brand.appName} email={snapshot.context.accountEmail} iconUrl={brand.iconUrl} />
      </Page>
    );
  }

  if (licence !== null && (snapshot.matches({ coach: 'licence' }) || snapshot.matches({ coach: 'unavailable' }))) {
    return (
      <Page>
        <CoachLicenceView
          licence={licence}
          unavailable={snapshot.matches({ coach: 'unavailable' })}
          error={snapshot.matches({ coach: { licence: 'claimFailed' } }) ? errorText : null}
          canClaim={snapshot.can({ type: 'CLAIM' })}
          onClaim={() => actorRef.send({ type: 'CLAIM' })}
        />
      </Page>
    );
  }

  if (licence !== null && snapshot.matches({ coach: 'claimed' })) {
    return (
      <Page>
        <CoachClaimedView licence={licence} appName={brand.appName} />
      </Page>
    );
  }

  // Loading, claiming, refreshing (the loading overlay shows and announces it) or leaving (the route navigates).
  return <Page>{null}</Page>;
}
