/**
 * The views' window on password-reset.machine.ts (the forgotten-password forms, spec §2 Forgotten password): the actor
 * and snapshot types they render from, and the selectors they read. Views import the machine only through this module
 * (biome.json, noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passwordResetMachine } from './password-reset.machine';

export { loginAfterReset } from './password-reset.machine';

export type PasswordResetActorRef = ActorRefFrom<typeof passwordResetMachine>;
export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;
