import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { type PlayerActorRef, playerView } from '../../machines/player.connect';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { LogoutButton } from './player-logout-button';
import { PlayerPageOne } from './player-page-one';
import { PlayerPageTwo } from './player-page-two';
import './player.css';

/** A screen between the pages: loading, a failure with 'Try again', logging out. */
function StatusScreen({
  actorRef,
  canLogOut,
  children,
}: {
  actorRef: PlayerActorRef;
  canLogOut: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Page header={<LogoutButton actorRef={actorRef} enabled={canLogOut} />}>
      <StepHeading>{t('player.heading')}</StepHeading>
      {children}
    </Page>
  );
}

/** The player profile flow (spec §2): renders player.connect.ts's `playerView`; the route navigates when it is done. */
export function PlayerFlow({ actorRef }: { actorRef: PlayerActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, playerView, shallowEqual);
  if (view.screen === null) return null;
  if (view.screen === 'pageOne') return <PlayerPageOne actorRef={actorRef} canLogOut={view.canLogOut} />;
  if (view.screen === 'pageTwo') return <PlayerPageTwo actorRef={actorRef} canLogOut={view.canLogOut} />;
  if (view.screen === 'retry') {
    return (
      <StatusScreen actorRef={actorRef} canLogOut={view.canLogOut}>
        <RetryAlert canRetry={view.canRetry} onRetry={() => actorRef.send({ type: 'RETRY' })}>
          {view.error}
        </RetryAlert>
      </StatusScreen>
    );
  }
  return (
    <StatusScreen actorRef={actorRef} canLogOut={view.canLogOut}>
      <p>{view.screen === 'loggingOut' ? t('player.loggingOut') : t('player.loading')}</p>
    </StatusScreen>
  );
}
