/**
 * The views' window on update-card.machine.ts (/payments/update-card): the actor and snapshot types they render from
 * and the texts they show. Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { updateCardMachine } from './update-card.machine';

export type { SetupFormHandle } from '../providers/card-payments/types';
export { PAYMENT_SUCCEEDED } from './update-card.machine';

export type UpdateCardActorRef = ActorRefFrom<typeof updateCardMachine>;
export type UpdateCardSnapshot = SnapshotFrom<typeof updateCardMachine>;
