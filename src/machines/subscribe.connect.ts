/**
 * The views' window on subscribe.machine.ts (the subscription page, spec §2 Subscribe): the actor and snapshot types
 * they render from, and the selectors they read. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { subscribeMachine } from './subscribe.machine';

export { acceptsCoupon, type SubscribeEvent } from './subscribe.machine';

export type SubscribeActorRef = ActorRefFrom<typeof subscribeMachine>;
export type SubscribeSnapshot = SnapshotFrom<typeof subscribeMachine>;
