/**
 * The views' window on dashboard.machine.ts (the dashboard, spec §2 Dashboard): the actor and snapshot types they
 * render from, and what a snapshot shows. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CurrentUser } from '../api/schemas';
import type { ApiServer } from '../session/api-server';
import { type dashboardMachine, hasServerChoice } from './dashboard.machine';

export type DashboardActorRef = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/**
 * 'Your Account' (§2 Dashboard), flat so views select it with shallowEqual (the user is the machine's own object).
 * `redirecting`: the flow is leaving for another page (the route navigates).
 */
export interface DashboardView {
  status: 'loggingOut' | 'loading' | 'ready' | 'redirecting';
  /** The §8 text of the failed call, shown with a retry above the stored user's status. */
  error: string | null;
  user: CurrentUser;
  canLogOut: boolean;
}

export function dashboardView(snapshot: DashboardSnapshot): DashboardView {
  const { context } = snapshot;
  const status =
    snapshot.matches('loggingOut') || snapshot.matches('loggedOut')
      ? 'loggingOut'
      : snapshot.hasTag('busy')
        ? 'loading'
        : snapshot.matches('ready')
          ? 'ready'
          : 'redirecting';
  return {
    status,
    error: snapshot.matches({ ready: 'failed' }) ? context.errorText : null,
    user: context.user,
    canLogOut: snapshot.can({ type: 'LOG_OUT' }),
  };
}

/** §2 Dashboard top menu: the server selector (only with more than one server), the e-mail and LOG OUT. */
export interface AccountMenuView {
  email: string;
  /** §2: the selector shows only when more than one API server is configured. */
  hasServerChoice: boolean;
  servers: readonly ApiServer[];
  selectedServerId: string;
  canSwitch: boolean;
  canLogOut: boolean;
}

export function accountMenuView(snapshot: DashboardSnapshot): AccountMenuView {
  const { context } = snapshot;
  // Any other configured server would do: the guard decides whether switching is possible now.
  const other = context.servers.find((server) => server.id !== context.selectedServerId);
  return {
    email: context.user.email,
    hasServerChoice: hasServerChoice(context),
    servers: context.servers,
    selectedServerId: context.selectedServerId,
    canSwitch: other !== undefined && snapshot.can({ type: 'SELECT_SERVER', id: other.id }),
    canLogOut: snapshot.can({ type: 'LOG_OUT' }),
  };
}
