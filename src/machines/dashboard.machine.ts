/**
 * The account page (spec §2 Dashboard, §4 Dashboard on load, §4 Subscription status messages): refresh the user,
 * read the team-dues payment status, send a guardian on to pay or to the claimed licence, otherwise show 'Your
 * Account'; switch API server; log out.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getUser, logoutRequest } from '../api/auth';
import { ApiError, errorText } from '../api/errors';
import { getSubscriptionStatus } from '../api/memberships';
import type { CurrentUser, SubscriptionStatus, User } from '../api/schemas';
import type { ApiServer, ApiServerId } from '../session/api-server';
import { selectApiServer } from '../session/api-server';
import { updateCurrentUser } from '../session/current-user';
import { logout, silentLogout } from '../session/logout';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

export interface DashboardInput {
  /** The stored user (the route's guard makes sure there is one). */
  user: CurrentUser;
  /** The configured API servers (§2: the default plus an optional alternate). */
  servers: readonly ApiServer[];
  selectedServerId: ApiServerId;
}

/** Where the dashboard hands over; the route navigates there. */
export type DashboardExit =
  | { to: '/payment' }
  | { to: '/licenses/$license'; params: { license: string }; search: { claimed_login: true } }
  /** Back through login to here (returnUrl) when the session ended; plain /login after LOG OUT. */
  | { to: '/login'; search: { returnUrl?: string } };

export interface DashboardContext {
  user: CurrentUser;
  servers: readonly ApiServer[];
  selectedServerId: ApiServerId;
  /** §3 Subscription status: payment_complete of the latest answer, null before the first. */
  paymentComplete: 0 | 1 | null;
  /** The §8 text of the failure shown on the page, else null. */
  errorText: string | null;
  /** Where the flow ends, put here by its final state (read by the root `output`, no cast of the done event). */
  exit: DashboardExit | null;
}

export type DashboardEvent = { type: 'LOG_OUT' } | { type: 'RETRY' } | { type: 'SELECT_SERVER'; id: string };

/**
 * Whom §4 "Dashboard on load" sends away: a non-coach with a licence (a guardian with a team licence). The spec's
 * two rules speak of the payment page and of "the user has a licence"; read for every account they would keep a
 * coach (whose licence is a coach licence, claimed without dues, §4 Licence page) and an account without any licence
 * (nothing to pay: the payment page loads the dues of the user's licence, §4 Payment flow) from ever seeing the
 * dashboard, although §4 routes a coach to /dashboard and gives coaches dashboard texts of their own. So both rules
 * apply only to a non-coach with a licence:
 * - payment_complete 0 → /payment (the dues are unpaid);
 * - payment_complete 1 → /licenses/{code}?claimed_login=true (paid: the licence page shows it claimed).
 * Everyone else stays on the dashboard whatever payment_complete says.
 */
export function followsDuesRedirects(user: Pick<CurrentUser, 'is_coach' | 'license'>): boolean {
  return !user.is_coach && user.license !== null;
}

/** §2: the server selector shows only when more than one API server is configured. */
export function hasServerChoice(context: Pick<DashboardContext, 'servers'>): boolean {
  return context.servers.length > 1;
}

export const DASHBOARD_RETURN_URL = '/dashboard';

/**
 * What a final state's `leave` names: the destination, and for /login whether to come back here afterwards. Static
 * params, so a structural walk of the machine (npm run paths:to) never builds an exit from a context it did not
 * fill in.
 */
type DashboardLeave = { to: '/payment' } | { to: '/licenses/$license' } | { to: '/login'; comeBack: boolean };

/** The exit of the final state the flow enters. */
function exitTo(context: DashboardContext, leave: DashboardLeave): DashboardExit {
  switch (leave.to) {
    case '/payment':
      return { to: leave.to };
    case '/licenses/$license':
      return {
        to: leave.to,
        params: { license: context.user.license?.license_code ?? '' },
        search: { claimed_login: true },
      };
    case '/login':
      return { to: leave.to, search: leave.comeBack ? { returnUrl: DASHBOARD_RETURN_URL } : {} };
  }
}

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    output: {} as DashboardExit,
    tags: {} as 'busy',
  },
  actors: {
    refreshUser: apiCall<User, void>((_, signal) => getUser({ signal })),
    subscriptionStatus: apiCall<SubscriptionStatus, void>((_, signal) => getSubscriptionStatus({ signal })),
    // Not a guarded API call: logout clears local data and reloads whatever the server answers (it never rejects).
    logout: fromPromise<void, void>(() => logout(logoutRequest)),
  },
  guards: {
    /** The session token is no longer accepted (revoked, or the selected server does not know it). */
    isUnauthorized: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    mustPay: ({ context }) => context.paymentComplete === 0 && followsDuesRedirects(context.user),
    hasClaimedLicence: ({ context }) => context.paymentComplete === 1 && followsDuesRedirects(context.user),
    isAnotherServer: ({ context }, params: { id: string }) =>
      params.id !== context.selectedServerId && context.servers.some((server) => server.id === params.id),
  },
  actions: {
    /** §7 GET /api/user "refreshes the user": merged into the stored user, which keeps its token. */
    storeUser: (_, user: User) => {
      updateCurrentUser(user);
    },
    assignUser: assign({
      user: ({ context }, user: User) => {
        const { token: _noToken, ...fresh } = user;
        return { ...context.user, ...fresh };
      },
    }),
    storePaymentStatus: assign({ paymentComplete: (_, status: SubscriptionStatus) => status.payment_complete }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    /** Each load starts afresh: a status or error of an earlier load (or of another server) no longer holds. */
    forgetLoadedState: assign({ paymentComplete: null, errorText: null }),
    /** §4: "silently logged out": local data cleared without a call, then on to log in again. */
    silentLogout: () => {
      silentLogout();
    },
    selectServer: (_, params: { id: string }) => {
      selectApiServer(params.id);
    },
    assignServer: assign({
      selectedServerId: ({ context }, params: { id: string }) =>
        params.id === 'default' || params.id === 'alternate' ? params.id : context.selectedServerId,
    }),
    leave: assign({ exit: ({ context }, params: DashboardLeave) => exitTo(context, params) }),
  },
}).createMachine({
  id: 'dashboard',
  description: "spec §2 Dashboard: 'Your Account' with the subscription status texts of §4, support and legal links.",
  context: ({ input }) => ({
    user: input.user,
    servers: input.servers,
    selectedServerId: input.selectedServerId,
    paymentComplete: null,
    errorText: null,
    exit: null,
  }),
  output: ({ context }) => exitOf(context),
  initial: 'loading',
  states: {
    loading: {
      description: 'spec §7 GET /api/user: the dashboard refreshes the stored user on load.',
      tags: ['busy'],
      entry: 'forgetLoadedState',
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: {
          target: 'checkingStatus',
          actions: [
            { type: 'storeUser', params: ({ event }) => event.output },
            { type: 'assignUser', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'silentLogout',
          },
          { target: 'ready.failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    checkingStatus: {
      description: 'spec §4 Dashboard on load, §7 GET /api/memberships/subscription-status: reads payment_complete.',
      tags: ['busy'],
      invoke: {
        id: 'subscriptionStatus',
        src: 'subscriptionStatus',
        onDone: { target: 'routing', actions: { type: 'storePaymentStatus', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'silentLogout',
          },
          {
            target: 'ready.failed',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            description: 'A failed status call still shows the dashboard, with the §8 error text.',
          },
        ],
      },
    },
    routing: {
      description: 'spec §4 Dashboard on load (for a non-coach with a licence, see followsDuesRedirects).',
      always: [
        { guard: 'mustPay', target: 'toPayment', description: 'spec §4: payment_complete 0 → the payment page.' },
        {
          guard: 'hasClaimedLicence',
          target: 'toLicence',
          description: 'spec §4: payment_complete 1 with a licence → /licenses/{code}?claimed_login=true.',
        },
        { target: 'ready' },
      ],
    },
    ready: {
      description: "spec §2 Dashboard: server selector, top menu (e-mail, LOG OUT), 'Your Account', support.",
      initial: 'idle',
      states: {
        idle: { description: "spec §2 Dashboard: 'Your Account' with the §4 subscription status texts" },
        failed: {
          description: 'spec §8 general mapping of the failed call; the stored user is still shown.',
          on: { RETRY: { target: '#dashboard.loading' } },
        },
      },
      on: {
        LOG_OUT: { target: 'loggingOut', description: 'spec §2 Dashboard LOG OUT; §4 the Logout button.' },
        SELECT_SERVER: {
          guard: { type: 'isAnotherServer', params: ({ event }) => ({ id: event.id }) },
          target: 'loading',
          actions: [
            { type: 'selectServer', params: ({ event }) => ({ id: event.id }) },
            { type: 'assignServer', params: ({ event }) => ({ id: event.id }) },
          ],
          description: 'spec §2, §7: calls go to the selected server, so its data is loaded again.',
        },
      },
    },
    loggingOut: {
      description: 'spec §7 POST /api/auth/logout: local data is cleared and the page reloads, even on failure.',
      tags: ['busy'],
      invoke: { id: 'logout', src: 'logout', onDone: { target: 'loggedOut' } },
    },
    loggedOut: {
      description: 'spec §7 POST /api/auth/logout: local data cleared and the page reloads; then /login.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login', comeBack: false } },
    },
    toPayment: {
      description: 'spec §4 Dashboard on load: payment_complete 0 → the payment page.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/payment' } },
    },
    toLicence: {
      description:
        'spec §4 Dashboard on load: payment_complete 1 with a licence → /licenses/{code}?claimed_login=true.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/licenses/$license' } },
    },
    toLogin: {
      description: 'spec §2: the protected-route rule, with returnUrl to come back here after logging in.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login', comeBack: true } },
    },
  },
});
