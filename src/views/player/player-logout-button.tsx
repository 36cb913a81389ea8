import { useT } from '../../i18n/use-t';
import type { PlayerActorRef } from '../../machines/player.connect';

/** spec §2 Player profile: 'A logout action exists' on every screen of the flow; enabled when the machine takes it. */
export function LogoutButton({ actorRef, enabled }: { actorRef: PlayerActorRef; enabled: boolean }) {
  const t = useT();
  return (
    <button type="button" className="link-button" disabled={!enabled} onClick={() => actorRef.send({ type: 'LOGOUT' })}>
      {t('player.logOut')}
    </button>
  );
}
