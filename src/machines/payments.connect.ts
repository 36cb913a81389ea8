/**
 * The views' window on payments.machine.ts (/payments, "My payments"): the actor and snapshot types they render from.
 * Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentsMachine } from './payments.machine';

export type PaymentsActorRef = ActorRefFrom<typeof paymentsMachine>;
export type PaymentsSnapshot = SnapshotFrom<typeof paymentsMachine>;
