import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { flowInspector } from '../flows/flow-inspector';
import { playerMachine } from '../machines/player.machine';
import { getCurrentUser } from '../session/current-user';
import { PlayerFlow } from '../views/player/player-flow';

export const Route = createLazyRoute('/player')({ component: PlayerPage });

/** spec §2 Player profile: the machine decides; this page only hands it the stored user and follows its exit. */
function PlayerPage() {
  const navigate = useNavigate();
  const actorRef = useActorRef(playerMachine, { inspect: flowInspector('player'), input: { user: getCurrentUser() } });
  const exit = useSelector(actorRef, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  useEffect(() => {
    // Leaving replaces the history entry: Back from the destination must not reopen a finished (or refused) form.
    if (exit) void navigate({ to: exit.to, replace: true });
  }, [exit, navigate]);
  return <PlayerFlow actorRef={actorRef} />;
}
