import { screen, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { BillingDay } from '../src/api/admin-billing';
import { ApiError } from '../src/api/errors';
import { adminBillingMachine } from '../src/machines/admin-billing.machine';
import { BillingView } from '../src/views/admin/billing-view';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { signInNorthsideRegistrar } from './staff.fixtures';

/** The console's 'Billing' page (issue 33 point 4): one day by outcome, live during a run, another day, its CSV. */

const figure = (count: number, cents: number) => ({ count, amount_cents: cents });
const today: BillingDay = {
  organization: { id: 1, name: 'Northside Youth Baseball' },
  date: '2026-12-01',
  due: figure(3, 30000),
  collected: figure(1, 10000),
  declined: figure(1, 10000),
  retrying: figure(1, 10000),
  failed: figure(0, 0),
  scheduled: figure(1, 10000),
  failures: [
    {
      membership_id: 7,
      phase_id: 21,
      athlete: { id: 11, name: 'Blake Rivera' },
      team: { id: 4, name: '12U Tigers' },
      amount_cents: 10000,
      status: 'retrying',
      failure_message: 'Your card was declined.',
      next_attempt_on: '2026-12-02',
    },
  ],
};
const afterRun: BillingDay = { ...today, collected: figure(2, 20000), scheduled: figure(0, 0) };
const otherDay: BillingDay = {
  ...today,
  date: '2026-11-01',
  due: figure(0, 0),
  collected: figure(0, 0),
  declined: figure(0, 0),
  retrying: figure(0, 0),
  scheduled: figure(0, 0),
  failures: [],
};

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});

beforeEach(signInNorthsideRegistrar);

const model = defineModel({
  machine: adminBillingMachine,
  inputs: { northside: { organizationId: 1 }, none: { organizationId: null } },
  events: {
    RETRY: [{ type: 'RETRY' }],
    CHOOSE_DAY: [{ type: 'CHOOSE_DAY', date: '2026-11-01' }],
    EXPORT: [{ type: 'EXPORT' }],
    BILLING_CHANGED: [{ type: 'BILLING_CHANGED' }],
    'xstate.done.actor.load': [doneEvent('load', today), doneEvent('load', otherDay)],
    'xstate.error.actor.load': [errorEvent('load', offline)],
    'xstate.done.actor.reload': [doneEvent('reload', afterRun)],
    'xstate.error.actor.reload': [errorEvent('reload', offline)],
    'xstate.done.actor.export': [doneEvent('export', undefined)],
    'xstate.error.actor.export': [errorEvent('export', offline)],
  },
  context: ['date', 'day', 'error'],
  states: {
    loading: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ organizationId: 1, date: snapshot.context.date }),
  },
});

const driver: Driver<typeof adminBillingMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  CHOOSE_DAY: async (_event, { user }) => {
    const field = screen.getByLabelText('Day');
    await user.clear(field);
    await user.type(field, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
  },
  EXPORT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Download CSV' })),
  BILLING_CHANGED: async (event, { actor }) => actor.send(event),
};

function figuresShown(day: BillingDay) {
  const table = screen.getAllByRole('table')[0];
  if (!table) throw new Error('no figures');
  expect(within(table).getByRole('row', { name: /^Collected/ }).textContent).toContain(String(day.collected.count));
  const failures = screen.queryByRole('link', { name: 'Blake Rivera' });
  if (day.failures.length > 0) expect(failures?.getAttribute('href')).toBe('/admin/memberships/7?from=billing');
  else expect(screen.getByText('No failed payments that day.')).toBeTruthy();
}

runPaths({
  model,
  uiRun: {
    name: 'admin billing driver',
    render: ({ actor }) => renderInRouter(<BillingView actorRef={actor} />, '/admin/billing'),
    driver,
    states: {
      noOrganization: () =>
        expect(screen.getByText('You have no organization whose billing you can see.')).toBeTruthy(),
      loading: () => expect(screen.getByText('Loading the day…')).toBeTruthy(),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      'loaded.ready': ({ snapshot }) => {
        const day = snapshot.context.day;
        if (day) figuresShown(day);
      },
      'loaded.refreshing': ({ snapshot }) => {
        expect(screen.getByText('Updating…')).toBeTruthy();
        const day = snapshot.context.day;
        if (day) figuresShown(day);
      },
      'loaded.refreshFailed': () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      'loaded.exporting': () =>
        expect(screen.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(true),
      'loaded.exportFailed': () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
    },
  },
});
