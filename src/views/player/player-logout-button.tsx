import type { PlayerActorRef, PlayerSnapshot } from './player-flow';

/** spec §2 Player profile: 'A logout action exists' on every screen of the flow. */
export function LogoutButton({ actorRef, snapshot }: { actorRef: PlayerActorRef; snapshot: PlayerSnapshot }) {
  return (
    <button
      type="button"
      className="link-button"
      disabled={!snapshot.can({ type: 'LOGOUT' })}
      onClick={() => actorRef.send({ type: 'LOGOUT' })}
    >
      Log out
    </button>
  );
}
