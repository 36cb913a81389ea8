/**
 * The view's window on resume-offer.machine.ts: nothing while it loads or once it has ended, else the offer (the
 * server's names for the athlete and team, the saved step), whether a choice is under way, and a failed choice's text.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { resumeOfferMachine } from './resume-offer.machine';

export type ResumeOfferActorRef = ActorRefFrom<typeof resumeOfferMachine>;
export type ResumeOfferSnapshot = SnapshotFrom<typeof resumeOfferMachine>;

export type ResumeOfferView =
  | { kind: 'hidden' }
  | {
      kind: 'offer';
      offer: {
        athlete: string | null;
        team: string | null;
        season: string | null;
        step: string;
        /** Issue 30 point 4: the server's 'Your held spot on {team} was released.', or null. */
        released: string | null;
      };
      busy: boolean;
      error: string | null;
    };

export function resumeOfferView(snapshot: ResumeOfferSnapshot): ResumeOfferView {
  const { progress, error } = snapshot.context;
  const shown = snapshot.matches('offer') || snapshot.matches('continuing') || snapshot.matches('startingOver');
  if (!shown || progress === null) return { kind: 'hidden' };
  return {
    kind: 'offer',
    offer: {
      athlete: progress.athlete?.name ?? null,
      team: progress.team?.name ?? null,
      season: progress.team?.season ?? null,
      step: progress.step,
      released: progress.released ?? null,
    },
    busy: snapshot.hasTag('busy'),
    error,
  };
}
