import { createLazyRoute } from '@tanstack/react-router';
import { type PlayerFlowExit, playerMachine } from '../machines/player.machine';
import { getCurrentUser } from '../session/current-user';
import { PlayerFlow } from '../views/player/player-flow';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/_auth/player')({ component: PlayerPage });

/** spec §2 Player profile: the machine decides; this page only hands it the stored user and follows its exit. */
function PlayerPage() {
  const actorRef = useFlowPage(playerMachine, { flow: 'player', input: { user: getCurrentUser() }, follow });
  return <PlayerFlow actorRef={actorRef} />;
}

/** Leaving replaces the history entry: Back from the destination must not reopen a finished (or refused) form. */
function follow(navigate: NavigateFunction, exit: PlayerFlowExit): void {
  void navigate({ to: exit.to, replace: true });
}
