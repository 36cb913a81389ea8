import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { PlayerActorRef, PlayerSnapshot } from '../../machines/player.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';
import { LogoutButton } from './player-logout-button';
import { PlayerPageOne } from './player-page-one';
import { PlayerPageTwo } from './player-page-two';
import './player.css';

export type { PlayerActorRef, PlayerSnapshot };

/** A screen between the pages: loading, a failure with 'Try again', logging out. */
function StatusScreen({
  actorRef,
  snapshot,
  children,
}: {
  actorRef: PlayerActorRef;
  snapshot: PlayerSnapshot;
  children: ReactNode;
}) {
  return (
    <Page header={<LogoutButton actorRef={actorRef} snapshot={snapshot} />}>
      <StepHeading>Player profile</StepHeading>
      {children}
    </Page>
  );
}

function RetryScreen({ actorRef, snapshot }: { actorRef: PlayerActorRef; snapshot: PlayerSnapshot }) {
  return (
    <StatusScreen actorRef={actorRef} snapshot={snapshot}>
      <Alert>{snapshot.context.error}</Alert>
      <div className="button-row">
        <button type="button" className="button" onClick={() => actorRef.send({ type: 'RETRY' })}>
          Try again
        </button>
      </div>
    </StatusScreen>
  );
}

/** The player profile flow (spec §2): renders the machine's state; the route navigates when it is done. */
export function PlayerFlow({ actorRef }: { actorRef: PlayerActorRef }) {
  const snapshot = useSelector(actorRef, (current) => current);
  if (snapshot.status === 'done') return null;
  if (snapshot.matches('pageOne')) return <PlayerPageOne actorRef={actorRef} snapshot={snapshot} />;
  if (snapshot.matches('pageTwo') || snapshot.matches('submitting') || snapshot.matches('refreshingUser')) {
    return <PlayerPageTwo actorRef={actorRef} snapshot={snapshot} />;
  }
  if (snapshot.matches('loadFailed') || snapshot.matches('refreshFailed')) {
    return <RetryScreen actorRef={actorRef} snapshot={snapshot} />;
  }
  return (
    <StatusScreen actorRef={actorRef} snapshot={snapshot}>
      <p>{snapshot.matches('loggingOut') ? 'Logging out…' : 'Loading…'}</p>
    </StatusScreen>
  );
}
