/**
 * The views' window on dashboard.machine.ts (the dashboard, spec §2 Dashboard): the actor and snapshot types they
 * render from, and what a snapshot shows. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  ADD_BILLING_INFORMATION_TEXT,
  dashboardStatusText,
  FREE_TRIAL_TEXT,
  FULL_ACCESS_UNTIL_TEXT,
  LICENSE_EXPIRED_TEXT,
  NEXT_CHARGE_DATE_TEXT,
  REGISTER_WITH_ANOTHER_LICENSE_TEXT,
  SUBSCRIPTION_ACTIVE_TEXT,
  SUBSCRIPTION_NOT_ACTIVE_TEXT,
  TRIAL_CHARGE_DATE_TEXT,
  TRIAL_ENDED_TEXT,
} from '../domain/account-status';
import { COACH_FULL_ACCESS_UNTIL_TEXT } from '../domain/subscription-status';
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
 * The catalogue keys of the §4 texts src/domain/account-status.ts chooses (it gives them in English, as the server's
 * tests read them): the dashboard shows each in the language in use.
 */
export type StatusTextKey =
  | 'dashboard.fullAccessUntil'
  | 'dashboard.coachFullAccessUntil'
  | 'dashboard.licenseExpired'
  | 'dashboard.freeTrial'
  | 'dashboard.trialChargeDate'
  | 'dashboard.trialEnded'
  | 'dashboard.addBilling'
  | 'dashboard.nextChargeDate'
  | 'dashboard.subscriptionActive'
  | 'dashboard.subscriptionNotActive'
  | 'dashboard.registerWithAnother';

const STATUS_TEXT_KEYS: ReadonlyMap<string, StatusTextKey> = new Map<string, StatusTextKey>([
  [FULL_ACCESS_UNTIL_TEXT, 'dashboard.fullAccessUntil'],
  [COACH_FULL_ACCESS_UNTIL_TEXT, 'dashboard.coachFullAccessUntil'],
  [LICENSE_EXPIRED_TEXT, 'dashboard.licenseExpired'],
  [FREE_TRIAL_TEXT, 'dashboard.freeTrial'],
  [TRIAL_CHARGE_DATE_TEXT, 'dashboard.trialChargeDate'],
  [TRIAL_ENDED_TEXT, 'dashboard.trialEnded'],
  [ADD_BILLING_INFORMATION_TEXT, 'dashboard.addBilling'],
  [NEXT_CHARGE_DATE_TEXT, 'dashboard.nextChargeDate'],
  [SUBSCRIPTION_ACTIVE_TEXT, 'dashboard.subscriptionActive'],
  [SUBSCRIPTION_NOT_ACTIVE_TEXT, 'dashboard.subscriptionNotActive'],
  [REGISTER_WITH_ANOTHER_LICENSE_TEXT, 'dashboard.registerWithAnother'],
]);

function statusTextKey(text: string | null): StatusTextKey | null {
  return text === null ? null : (STATUS_TEXT_KEYS.get(text) ?? null);
}

/**
 * 'Your Account' for the stored user's subscription (§4 Subscription status messages): the server's status message
 * and the texts src/domain/account-status.ts derives from it, as catalogue keys (null fields are not shown), and the
 * paid-through instant the view formats for the language in use. Flat, so a view selecting it with shallowEqual
 * renders again only when a text changes.
 */
export interface AccountStatusView {
  /** The server's status_message, shown as it came; null for an account without a subscription or licence state. */
  statusMessage: string | null;
  message: StatusTextKey | null;
  /** A label shown before the paid-through date. */
  dateLabel: StatusTextKey | null;
  /** The paid-through instant (the server's), shown as its calendar date after `dateLabel`; null when not shown. */
  paidThrough: string | null;
  /** §4 ended trial: the prompt to add billing information (linked to /subscribe). */
  addBillingPrompt: StatusTextKey | null;
  /** §4: the register-with-another-licence instruction. */
  registerWithAnotherLicense: StatusTextKey | null;
  /** §4: its Logout button. */
  showLogoutButton: boolean;
  canLogOut: boolean;
}

export function accountStatusView(snapshot: DashboardSnapshot): AccountStatusView {
  const { subscription, is_coach } = snapshot.context.user;
  // Only the days left read the clock, and the page shows none of them: the texts depend on the status alone.
  const text = dashboardStatusText(subscription, is_coach, new Date());
  const dated = text.dateLabel !== null && text.date !== null;
  return {
    statusMessage: subscription?.status_message ?? null,
    message: statusTextKey(text.message),
    dateLabel: dated ? statusTextKey(text.dateLabel) : null,
    paidThrough: dated ? (subscription?.paid_through ?? null) : null,
    addBillingPrompt: statusTextKey(text.addBillingPrompt),
    registerWithAnotherLicense: statusTextKey(text.registerWithAnotherLicense),
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
