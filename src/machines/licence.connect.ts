/**
 * The views' window on licence.machine.ts (the licence pages, spec §2 Licence): the actor and snapshot types they
 * render from, and the selectors they read. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { licenceMachine } from './licence.machine';

export type LicenceActorRef = ActorRefFrom<typeof licenceMachine>;
export type LicenceSnapshot = SnapshotFrom<typeof licenceMachine>;
