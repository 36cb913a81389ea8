/**
 * The views' window on update-card.machine.ts (/payments/update-card): the actor and snapshot types they render from
 * the texts and the screen they show. Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ShownText } from './payment-texts';
import type { updateCardMachine } from './update-card.machine';

export type { SetupFormHandle } from '../providers/card-payments/types';

export type UpdateCardActorRef = ActorRefFrom<typeof updateCardMachine>;
export type UpdateCardSnapshot = SnapshotFrom<typeof updateCardMachine>;

/**
 * The message shown with the card form or the failure: a catalogue message (the page's and the card payment's own
 * texts, issue 31), or the provider's or server's text, already in the language in use.
 */
export type UpdateCardMessage = ShownText;

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
