/**
 * The views' window on register.machine.ts (the register wizard, spec §2 Register): the actor and snapshot types they
 * render from, and the selectors they read. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { registerMachine } from './register.machine';

export type { GuardianAccount } from './register.machine';

export type RegisterActorRef = ActorRefFrom<typeof registerMachine>;
export type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;
