/**
 * The views' window on login.machine.ts (the login wizard, spec §2 Login): the actor and snapshot types they render
 * from, and the selectors they read. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine';

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
