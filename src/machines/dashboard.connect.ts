/**
 * The views' window on dashboard.machine.ts (the dashboard, spec §2 Dashboard): the actor and snapshot types they
 * render from, and what a snapshot shows. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { dashboardStatusText } from '../domain/account-status';
import type { ApiServer } from '../session/api-server';
import { type dashboardMachine, hasServerChoice } from './dashboard.machine';

export type DashboardActorRef = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/**
 * 'Your Account' (§2 Dashboard), flat so views select it with shallowEqual.
 * `redirecting`: the flow is leaving for another page (the route navigates).
 */
export interface DashboardView {
  status: 'loggingOut' | 'loading' | 'ready' | 'redirecting';
  /** The §8 text of the failed call, shown with a retry above the stored user's status. */
  error: string | null;
  canRetry: boolean;
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
    canRetry: snapshot.can({ type: 'RETRY' }),
  };
}

/**
 * 'Your Account' for the stored user's subscription (§4 Subscription status messages): the server's status message
 * and the texts src/domain/account-status.ts derives from it (null fields are not shown). Flat strings, so a view
 * selecting it with shallowEqual renders again only when a text changes.
 */
export interface AccountStatusView {
  /** The server's status_message; null for an account without a subscription or licence state. */
  statusMessage: string | null;
  message: string | null;
  /** A label shown before `date`. */
  dateLabel: string | null;
  date: string | null;
  /** §4 ended trial: the prompt to add billing information (linked to /subscribe). */
  addBillingPrompt: string | null;
  /** §4: the register-with-another-licence instruction. */
  registerWithAnotherLicense: string | null;
  /** §4: its Logout button. */
  showLogoutButton: boolean;
  canLogOut: boolean;
}

export function accountStatusView(snapshot: DashboardSnapshot): AccountStatusView {
  const { subscription, is_coach } = snapshot.context.user;
  // Only the days left read the clock, and the page shows none of them: the texts depend on the status alone.
  const text = dashboardStatusText(subscription, is_coach, new Date());
  return {
    statusMessage: subscription?.status_message ?? null,
    message: text.message,
    dateLabel: text.dateLabel,
    date: text.date,
    addBillingPrompt: text.addBillingPrompt,
    registerWithAnotherLicense: text.registerWithAnotherLicense,
    showLogoutButton: text.showLogoutButton,
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
