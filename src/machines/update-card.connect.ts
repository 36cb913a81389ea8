/**
 * The views' window on update-card.machine.ts (/payments/update-card): the actor and snapshot types they render from
 * the texts and the screen they show. Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { updateCardMachine } from './update-card.machine';

export type { SetupFormHandle } from '../providers/card-payments/types';

export type UpdateCardActorRef = ActorRefFrom<typeof updateCardMachine>;
export type UpdateCardSnapshot = SnapshotFrom<typeof updateCardMachine>;

/** What /payments/update-card shows: the card form, its progress, the outcome, or why there is none. */
export function updateCardScreenOf(snapshot: UpdateCardSnapshot) {
  return {
    noMembership: snapshot.matches('noMembership'),
    loadingCard: snapshot.matches('loadingCard'),
    unavailable: snapshot.matches('unavailable'),
    showsForm: snapshot.hasTag('cardForm'),
    formBusy: snapshot.hasTag('busy'),
    rejected: snapshot.matches({ enteringCard: 'rejected' }),
    // Busy without the form on screen, once the form has loaded: the payment after the card was saved.
    confirming: snapshot.hasTag('busy') && !snapshot.hasTag('cardForm') && !snapshot.matches('loadingCard'),
    paid: snapshot.matches('paid'),
    nothingDue: snapshot.matches('nothingDue'),
    failed: snapshot.matches('failed'),
    cardPayments: snapshot.context.cardPayments,
    result: snapshot.context.result,
    message: snapshot.context.message,
  };
}

export type UpdateCardScreen = ReturnType<typeof updateCardScreenOf>;
