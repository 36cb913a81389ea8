/**
 * The views' window on waitlist.machine.ts (/waitlist, issue 21 point 3): the actor and snapshot types and what a
 * snapshot shows, flat so views select it with shallowEqual. Texts are messages (`{ key, params }`) the view turns
 * into text while rendering, so a language switch re-renders them; the hold's end is the server's instant, formatted
 * by the view for the language in use.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { leftWaitlistText, notOnWaitlistText, onWaitlistText, positionText } from '../domain/waitlist';
import type { Message } from '../i18n/runtime';
import type { waitlistMachine } from './waitlist.machine';

export type WaitlistActorRef = ActorRefFrom<typeof waitlistMachine>;
export type WaitlistSnapshot = SnapshotFrom<typeof waitlistMachine>;

export type WaitlistView =
  /** The lookup or the join is under way (the loading overlay announces it). */
  | { screen: 'none' }
  | { screen: 'failed'; license: string; error: string | null; canRetry: boolean }
  | {
      screen: 'onList';
      license: string;
      /** "You're on the waitlist for {team}." */
      heading: Message;
      /** The place on the list, or the seat an offer holds until its date. */
      status: WaitlistStatus;
      offered: boolean;
      canContinue: boolean;
      canLeave: boolean;
      /** 'Leave the waitlist?' is asked (and stays, its buttons disabled, while the leave runs). */
      confirming: boolean;
      canConfirm: boolean;
      canKeep: boolean;
      /** The §8 text of a failed leave. */
      error: string | null;
    }
  /** Left the list, or not on it (a later visit): the notice and 'Join the waitlist'. */
  | { screen: 'left'; license: string; message: Message; canJoin: boolean };

/** The place on the list ('You are number 3 on the list.'), or the instant an offer holds the seat until. */
export type WaitlistStatus = { kind: 'position'; message: Message } | { kind: 'held'; expiresAt: string };

function entryStatus(entry: NonNullable<WaitlistSnapshot['context']['entry']>): WaitlistStatus {
  if (entry.status === 'offered' && entry.offer !== null) return { kind: 'held', expiresAt: entry.offer.expires_at };
  return { kind: 'position', message: positionText(entry.position) };
}

export function waitlistView(snapshot: WaitlistSnapshot): WaitlistView {
  const { license, entry, teamName, errorText } = snapshot.context;
  if (snapshot.matches('failed') || snapshot.matches('lookUpFailed')) {
    return { screen: 'failed', license, error: errorText, canRetry: snapshot.can({ type: 'RETRY' }) };
  }
  const team = teamName ?? license;
  if (snapshot.matches('left') || snapshot.matches('notOnList')) {
    const message = snapshot.matches('left') ? leftWaitlistText(team) : notOnWaitlistText(team);
    return { screen: 'left', license, message, canJoin: snapshot.can({ type: 'JOIN' }) };
  }
  if (snapshot.matches('onList') && entry !== null) {
    return {
      screen: 'onList',
      license,
      heading: onWaitlistText(entry.team.name),
      status: entryStatus(entry),
      offered: entry.status === 'offered',
      canContinue: snapshot.can({ type: 'CONTINUE' }),
      canLeave: snapshot.can({ type: 'LEAVE' }),
      confirming: snapshot.matches({ onList: 'confirmingLeave' }) || snapshot.matches({ onList: 'leaving' }),
      canConfirm: snapshot.can({ type: 'CONFIRM_LEAVE' }),
      canKeep: snapshot.can({ type: 'KEEP' }),
      error: snapshot.matches({ onList: 'leaveFailed' }) ? errorText : null,
    };
  }
  return { screen: 'none' };
}
