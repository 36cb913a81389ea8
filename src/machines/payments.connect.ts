/**
 * The views' window on payments.machine.ts (/payments, "My payments"): the actor and snapshot types they render from,
 * and the screen they show.
 * Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentsMachine } from './payments.machine';

export type { MembershipPhase, MembershipSummary, PhaseStatus, SavedCard } from '../api/schemas';

export type PaymentsActorRef = ActorRefFrom<typeof paymentsMachine>;
export type PaymentsSnapshot = SnapshotFrom<typeof paymentsMachine>;

/** What /payments shows: loading, the memberships, none, or the failure with Try again. */
export function paymentsScreenOf(snapshot: PaymentsSnapshot) {
  return {
    busy: snapshot.hasTag('busy'),
    loaded: snapshot.matches('loaded'),
    empty: snapshot.matches('empty'),
    failed: snapshot.matches('error'),
    memberships: snapshot.context.memberships,
    errorText: snapshot.context.errorText,
    /** Issue 32 point 4: the questions step of 'Change answers', while it runs. */
    answers: snapshot.children.teamQuestions ?? null,
    /** The membership whose answers were just saved ('Answers saved.' on its card), else null. */
    answersSavedFor: snapshot.context.answersSaved ? snapshot.context.answersFor : null,
  };
}
