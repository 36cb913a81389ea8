import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../api/errors';
import { type CurrentUser, currentUserSchema, type SubscriptionStatus, type User } from '../api/schemas';
import { currentUser as wireUser } from '../api/wire-samples';
import { formatDateText } from '../domain/dates';
import { t } from '../i18n/runtime';
import { accountStatusView, dashboardView } from './dashboard.connect';
import { dashboardMachine } from './dashboard.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(user: CurrentUser, refresh: () => Promise<User>) {
  const machine = dashboardMachine.provide({
    actors: {
      refreshUser: fromPromise(refresh),
      subscriptionStatus: fromPromise<SubscriptionStatus, void>(async () => ({ payment_complete: 1 })),
      logout: fromPromise<void, void>(async () => {}),
    },
  });
  return createActor(machine, {
    input: { user, servers: [{ id: 'default', label: 'Main', url: '' }], selectedServerId: 'default' },
  }).start();
}

const { token: _token, ...fresh } = currentUserSchema.parse({ ...wireUser, license: null });
const stored = currentUserSchema.parse({ ...wireUser, license: null });

describe('dashboardView', () => {
  it('loads, then shows the account; a failed refresh shows its §8 text with a retry', async () => {
    const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable.' });
    const actor = start(stored, () => Promise.reject(unavailable));
    expect(dashboardView(actor.getSnapshot())).toEqual({ status: 'loading', error: null, canRetry: false });
    await settle();
    expect(dashboardView(actor.getSnapshot())).toEqual({
      status: 'ready',
      error: 'The service is unavailable.',
      canRetry: true,
    });
  });

  it('says logging out once LOG OUT is sent, and ends at the plain login page', async () => {
    const actor = start(stored, async () => fresh);
    await settle();
    expect(dashboardView(actor.getSnapshot()).status).toBe('ready');
    actor.send({ type: 'LOG_OUT' });
    expect(dashboardView(actor.getSnapshot()).status).toBe('loggingOut');
    await settle();
    expect(dashboardView(actor.getSnapshot()).status).toBe('loggingOut');
    expect(actor.getSnapshot().output).toEqual({ to: '/login', search: {} });
  });
});

describe('accountStatusView', () => {
  it("gives the §4 texts of the stored user's status, flat", async () => {
    const actor = start(stored, async () => fresh);
    await settle();
    expect(accountStatusView(actor.getSnapshot())).toEqual({
      statusMessage: 'License active.',
      message: null,
      dateLabel: 'dashboard.fullAccessUntil',
      paidThrough: stored.subscription?.paid_through,
      addBillingPrompt: null,
      registerWithAnotherLicense: 'dashboard.registerWithAnother',
      showLogoutButton: true,
      canLogOut: true,
    });
    expect(formatDateText(accountStatusView(actor.getSnapshot()).paidThrough, 'long')).toBe('December 31, 2027');
    expect(t('dashboard.fullAccessUntil')).toBe('You have full access until:');
    expect(t('dashboard.registerWithAnother')).toBe(
      'To register with another license, log out and open the license link you were given.',
    );
  });

  it('has no status for an account without a subscription', async () => {
    const actor = start({ ...stored, subscription: null }, async () => ({ ...fresh, subscription: null }));
    await settle();
    expect(accountStatusView(actor.getSnapshot())).toMatchObject({
      statusMessage: null,
      message: null,
      showLogoutButton: false,
    });
  });
});
