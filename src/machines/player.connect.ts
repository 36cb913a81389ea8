/**
 * The views' window on player.machine.ts (the player profile pages, spec §2 Player): the actor and snapshot types they
 * render from, and the selectors they read. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { playerMachine } from './player.machine';

export { EMPTY_PLAYER_FORM, type PlayerOptionLists } from './player.machine';

export type PlayerActorRef = ActorRefFrom<typeof playerMachine>;
export type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;
