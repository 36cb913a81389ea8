import { screen, within } from '@testing-library/react';
import { beforeEach, expect, vi } from 'vitest';
import type { SeasonSummary, SeasonTotals } from '../src/api/admin-season';
import { ApiError } from '../src/api/errors';
import { adminSeasonMachine } from '../src/machines/admin-season.machine';
import { SeasonPictureView } from '../src/views/admin/season-picture-view';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { signInNorthsideRegistrar } from './staff.fixtures';

// The chart draws on a canvas, which the test DOM has not (the browser journey e2e/admin-season.spec.ts shows it); the
// table under it carries the same figures, and that is what this test reads.
vi.mock('../src/views/admin/season-chart', () => ({ default: () => null }));

/** The season's picture on the console's home (issue 33 point 4): per team and club, by month, what waits, seasons. */

const totals = (overrides: Partial<SeasonTotals> = {}): SeasonTotals => ({
  registered: 0,
  paid_in_full: 0,
  on_plan: 0,
  owing: 0,
  cancelled: 0,
  held: 0,
  collected_cents: 0,
  refunded_cents: 0,
  due_cents: 0,
  failed: 0,
  overdue: 0,
  ...overrides,
});

const tigers = totals({ registered: 3, paid_in_full: 1, on_plan: 1, owing: 1, failed: 1, collected_cents: 95000 });
const spring: SeasonSummary = {
  organization: { id: 1, name: 'Northside Youth Baseball' },
  season: { id: 1, name: 'Spring 2027', start_date: '2027-03-01' },
  seasons: [
    { id: 1, name: 'Spring 2027' },
    { id: 2, name: 'Fall 2026' },
  ],
  club: tigers,
  teams: [{ id: 4, name: '12U Tigers', ...tigers }],
  months: [{ month: '2026-12', collected_cents: 95000, due_cents: 15000 }],
  documents_to_verify: 2,
};
const fall: SeasonSummary = {
  ...spring,
  season: { id: 2, name: 'Fall 2026', start_date: '2026-09-01' },
  club: totals(),
  teams: [{ id: 5, name: '14U Storm', ...totals() }],
  months: [],
  documents_to_verify: 0,
};

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});

beforeEach(signInNorthsideRegistrar);

const model = defineModel({
  machine: adminSeasonMachine,
  inputs: { northside: { organizationId: 1 } },
  events: {
    RETRY: [{ type: 'RETRY' }],
    CHOOSE_SEASON: [{ type: 'CHOOSE_SEASON', seasonId: 2 }],
    'xstate.done.actor.load': [doneEvent('load', spring), doneEvent('load', fall)],
    'xstate.error.actor.load': [errorEvent('load', offline)],
  },
  context: ['seasonId', 'summary', 'error'],
  states: {
    loading: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ organizationId: 1, seasonId: snapshot.context.seasonId }),
  },
});

const driver: Driver<typeof adminSeasonMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  CHOOSE_SEASON: async (_event, { user }) => {
    await user.selectOptions(screen.getByLabelText('Season'), 'Fall 2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
  },
};

runPaths({
  model,
  uiRun: {
    name: 'admin season picture driver',
    render: ({ actor }) => renderInRouter(<SeasonPictureView actorRef={actor} />, '/admin'),
    driver,
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading the season…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      loaded: ({ snapshot }) => {
        const summary = snapshot.context.summary;
        const name = summary?.season?.name ?? '';
        const picture = screen.getByRole('region', { name: `${name} so far` });
        const table = within(picture).getAllByRole('table')[0];
        if (!table) throw new Error('no table');
        for (const team of summary?.teams ?? []) expect(within(table).getByText(team.name)).toBeTruthy();
        expect(within(table).getByText('Whole club')).toBeTruthy();
        if (summary?.documents_to_verify) {
          expect(within(picture).getByRole('link', { name: '2 documents to verify' })).toBeTruthy();
          expect(within(picture).getByRole('link', { name: '1 failed payment in 12U Tigers' })).toBeTruthy();
          expect(within(picture).getAllByText('$950.00', { selector: 'td' })).toHaveLength(3);
        } else {
          expect(within(picture).getByText('Nothing is waiting for you.')).toBeTruthy();
          expect(within(picture).getByText('No money collected or due yet.')).toBeTruthy();
        }
      },
    },
  },
});
