/**
 * The views' window on update-card.machine.ts (/payments/update-card): the actor and snapshot types they render from
 * the texts and the screen they show. Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { CARD_NOT_CONFIRMED, PAYMENT_NOT_COMPLETED, UNEXPECTED_CARD_ERROR } from '../domain/payment-rules';
import type { Message } from '../i18n/runtime';
import type { updateCardMachine } from './update-card.machine';

export type { SetupFormHandle } from '../providers/card-payments/types';

export type UpdateCardActorRef = ActorRefFrom<typeof updateCardMachine>;
export type UpdateCardSnapshot = SnapshotFrom<typeof updateCardMachine>;

/**
 * The page's own fallback texts (src/domain/payment-rules.ts, shared with /payment and carried as text through the
 * card payment child) as catalogue messages (issue 31); any other text is the provider's or the server's, already in
 * the language in use, and shows as it came.
 */
const OWN_TEXTS: ReadonlyMap<string, Message> = new Map<string, Message>([
  [PAYMENT_NOT_COMPLETED, { key: 'payments.paymentNotCompleted' }],
  [CARD_NOT_CONFIRMED, { key: 'payments.cardNotConfirmed' }],
  [UNEXPECTED_CARD_ERROR, { key: 'payments.unexpectedCardError' }],
]);

/** The message shown with the card form or the failure: a catalogue message, or the provider's or server's text. */
export type UpdateCardMessage = Message | string;

function shownMessage(message: string | null): UpdateCardMessage | null {
  return message === null ? null : (OWN_TEXTS.get(message) ?? message);
}

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
    message: shownMessage(snapshot.context.message),
  };
}

export type UpdateCardScreen = ReturnType<typeof updateCardScreenOf>;
