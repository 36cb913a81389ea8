/**
 * The views' window on dashboard.machine.ts (the dashboard, spec §2 Dashboard): the actor and snapshot types they
 * render from, and the selectors they read. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine';

export { hasServerChoice } from './dashboard.machine';

export type DashboardActorRef = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;
