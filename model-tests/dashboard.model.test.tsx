import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, expect, vi } from 'vitest';
import { ApiError } from '../src/api/errors';
import { type CurrentUser, currentUserSchema, type User } from '../src/api/schemas';
import { organization, currentUser as wireUser } from '../src/api/wire-samples';
import { config } from '../src/config';
import { dashboardMachine } from '../src/machines/dashboard.machine';
import type { ApiServer } from '../src/session/api-server';
import { getSelectedApiServerId } from '../src/session/api-server';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { DashboardFlow } from '../src/views/dashboard/dashboard-flow';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

const SERVERS = vi.hoisted(() => [
  { id: 'default' as const, label: 'Main server', url: '' },
  { id: 'alternate' as const, label: 'Staging server', url: 'https://staging.example.com' },
]);

// Both servers configured, so choosing one is remembered the way it is in a build with VITE_ALT_API_URL.
vi.mock('../src/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/config')>();
  return { ...actual, config: { ...actual.config, apiServers: SERVERS } };
});

const stored: CurrentUser = currentUserSchema.parse({
  ...wireUser,
  email: 'pat@example.com',
  token: 'session-token',
  license: null,
  subscription: null,
});

function fresh(changes: Partial<User>): User {
  const { token: _token, ...user } = stored;
  return { ...user, ...changes };
}

/** A guardian with a team licence: §4 sends them on to pay or to the claimed licence. */
const guardianWithLicence = fresh({ license: { license_code: 'TIGERS-2027', organization } });
/** A coach with the coach licence: stays on the dashboard (see followsDuesRedirects). */
const coach = fresh({
  is_coach: true,
  license: { license_code: 'COACH-2027', organization },
  subscription: { status_message: 'License active.', paid_through: '2030-03-01T12:00:00.000Z' },
});
/** A guardian without a licence whose free trial ended. */
const trialEnded = fresh({
  has_subscription: true,
  subscription: { status_message: 'Trial period has ended.', paid_through: null },
});

const unauthenticated = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable. Try again soon.' });

beforeEach(() => {
  setCurrentUser(stored);
});

const model = defineModel({
  machine: dashboardMachine,
  inputs: {
    oneServer: { user: stored, servers: SERVERS.slice(0, 1), selectedServerId: 'default' },
    twoServers: { user: stored, servers: SERVERS, selectedServerId: 'default' },
  },
  events: {
    LOG_OUT: [{ type: 'LOG_OUT' }],
    RETRY: [{ type: 'RETRY' }],
    SELECT_SERVER: [
      { type: 'SELECT_SERVER', id: 'alternate' },
      { type: 'SELECT_SERVER', id: 'default' },
    ],
    'xstate.done.actor.refreshUser': [
      doneEvent('refreshUser', guardianWithLicence),
      doneEvent('refreshUser', coach),
      doneEvent('refreshUser', trialEnded),
    ],
    'xstate.error.actor.refreshUser': [
      errorEvent('refreshUser', unauthenticated),
      errorEvent('refreshUser', unavailable),
    ],
    'xstate.done.actor.subscriptionStatus': [
      doneEvent('subscriptionStatus', { payment_complete: 0 }),
      doneEvent('subscriptionStatus', { payment_complete: 1 }),
    ],
    'xstate.error.actor.subscriptionStatus': [
      errorEvent('subscriptionStatus', unauthenticated),
      errorEvent('subscriptionStatus', unavailable),
    ],
    'xstate.done.actor.logout': [doneEvent('logout', undefined)],
  },
  // The guards read the user and payment_complete. The selected server is left out on purpose: switching back and
  // forth would double every state without a branch of its own (the switch is walked from each state that offers it).
  context: ['user', 'paymentComplete', 'errorText'],
  states: {
    // The refreshed user is merged into the stored one, which keeps its session token (§7 GET /api/user).
    checkingStatus: (snapshot) =>
      expect(getCurrentUser()).toEqual({ ...snapshot.context.user, token: 'session-token' }),
    'ready.failed': (snapshot) =>
      expect(snapshot.context.errorText).toBe('The service is unavailable. Try again soon.'),
    ready: (snapshot) => expect(getSelectedApiServerId()).toBe(snapshot.context.selectedServerId),
    toPayment: (snapshot) => {
      expect(snapshot.context).toMatchObject({ paymentComplete: 0, user: { is_coach: false } });
      expect(snapshot.output).toEqual({ to: '/payment' });
    },
    toLicence: (snapshot) =>
      expect(snapshot.output).toEqual({
        to: '/licenses/$license',
        params: { license: 'TIGERS-2027' },
        search: { claimed_login: true },
      }),
    // A token the server no longer accepts: silently logged out, back through login to here.
    toLogin: (snapshot) => {
      expect(getCurrentUser()).toBeNull();
      expect(snapshot.output).toEqual({ to: '/login', search: { returnUrl: '/dashboard' } });
    },
    // §7: the page reloads after LOG OUT; the flow's exit is the plain login page (no way back here).
    loggedOut: (snapshot) => expect(snapshot.output).toEqual({ to: '/login', search: {} }),
  },
});

const driver: Driver<typeof dashboardMachine> = {
  LOG_OUT: async (_event, { user }) => {
    // §4: where the register-with-another-licence text shows, its Logout button; otherwise the top menu's LOG OUT.
    const registerLogout = screen.queryByRole('button', { name: 'Logout' });
    await user.click(registerLogout ?? screen.getByRole('button', { name: 'LOG OUT' }));
  },
  RETRY: async (_event, { user }) => {
    await user.click(screen.getByRole('button', { name: 'Try again' }));
  },
  SELECT_SERVER: async (event, { user }) => {
    await user.selectOptions(screen.getByLabelText('Server'), event.id);
  },
};

async function renderInRouter(actor: Parameters<typeof DashboardFlow>[0]['actorRef']) {
  // The views link to other routes (/subscribe), so they render inside a router, as on the site.
  const rootRoute = createRootRoute({ component: () => <DashboardFlow actorRef={actor} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

function expectFrame(snapshot: { context: { user: CurrentUser; servers: readonly ApiServer[] } }) {
  expect(screen.getByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
  const menu = screen.getByRole('navigation', { name: 'Account' });
  expect(within(menu).getByText(snapshot.context.user.email)).toBeTruthy();
  expect(within(menu).getByRole('button', { name: 'LOG OUT' })).toBeTruthy();
  // Issue 20 point 4: the menu leads to the household, where a second guardian is invited.
  expect(within(menu).getByRole('link', { name: 'Invite a guardian' }).getAttribute('href')).toBe('/household');
  // §2: the selector only when an alternate server is configured.
  expect(screen.queryByLabelText('Server') !== null).toBe(snapshot.context.servers.length > 1);
  expect(screen.getByText(/Please allow 24 hours for a response\./)).toBeTruthy();
  expect(screen.getByText('A full refund is available on request within 7 days of initial purchase.')).toBeTruthy();
  expect(screen.getByRole('link', { name: config.supportEmail }).getAttribute('href')).toBe(
    `mailto:${config.supportEmail}`,
  );
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Terms of Use' })).toBeTruthy();
  expect(screen.getByRole('contentinfo').textContent).toMatch(/© \d{4} Diamond Academy\. All rights reserved\./);
}

runPaths({
  model,
  uiRun: {
    name: 'dashboard driver',
    render: ({ actor }) => renderInRouter(actor),
    driver,
    states: {
      loading: ({ snapshot }) => {
        expectFrame(snapshot);
        expect(screen.getByText('Loading your account…')).toBeTruthy();
        expect((screen.getByRole('button', { name: 'LOG OUT' }) as HTMLButtonElement).disabled).toBe(true);
      },
      checkingStatus: () => expect(screen.getByText('Loading your account…')).toBeTruthy(),
      ready: ({ snapshot }) => {
        expectFrame(snapshot);
        expect((screen.getByRole('button', { name: 'LOG OUT' }) as HTMLButtonElement).disabled).toBe(false);
        const { user } = snapshot.context;
        if (user.subscription === null) {
          expect(screen.getByText('There is no subscription or license on this account yet.')).toBeTruthy();
        } else {
          expect(screen.getByText(user.subscription.status_message)).toBeTruthy();
        }
        if (user.is_coach) {
          // §4 active licence (coach): full access until the paid-through date; no register-with-another text.
          expect(screen.getByText('You have full access to the Coach app until:')).toBeTruthy();
          expect(screen.getByText('March 1, 2030')).toBeTruthy();
          expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
        }
        if (user.subscription?.status_message === 'Trial period has ended.') {
          // §4 ended trial: prompt to add billing information; a non-coach is told to register with another licence.
          expect(screen.getByText('Your free trial has ended.')).toBeTruthy();
          expect(
            screen
              .getByRole('link', { name: 'Add your billing information to keep your access.' })
              .getAttribute('href'),
          ).toBe('/subscribe');
          expect(
            screen.getByText('To register with another license, log out and open the license link you were given.'),
          ).toBeTruthy();
          expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
        }
      },
      'ready.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
      'ready.failed': () => {
        const alert = screen.getByRole('alert');
        expect(alert.textContent).toContain('The service is unavailable. Try again soon.');
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
      loggingOut: () => expect(screen.getByText('Logging out…')).toBeTruthy(),
      toPayment: () => expect(screen.getByText('Taking you to the next step…')).toBeTruthy(),
      toLicence: () => expect(screen.getByText('Taking you to the next step…')).toBeTruthy(),
      toLogin: () => expect(screen.getByText('Taking you to the next step…')).toBeTruthy(),
    },
  },
});
