import { screen, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { AdminTeam, RosterAnswer, RosterRow, Staff } from '../src/api/admin';
import { ApiError } from '../src/api/errors';
import { adminRosterMachine } from '../src/machines/admin-roster.machine';
import { getStaffSession, setStaffSession } from '../src/session/staff';
import { RosterView } from '../src/views/admin/roster-view';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { staffFixture } from './staff.fixtures';

/** A team's roster in the club console (issue 22 point 3) and its exports (point 5). */

const northside = { id: 1, name: 'Northside Youth Baseball' };
const registrar: Staff = staffFixture({
  id: 2,
  name: 'Ray Ortiz',
  email: 'registrar@northside.example',
  organizations: [{ ...northside, role: 'registrar', teams: null }],
});
const coach: Staff = staffFixture({
  id: 3,
  name: 'Chris Tanaka',
  email: 'coach.tigers@northside.example',
  organizations: [{ ...northside, role: 'coach', teams: [{ id: 4, name: '12U Tigers' }] }],
});
const tigers: AdminTeam = {
  id: 4,
  name: '12U Tigers',
  season: { id: 2, name: 'Spring 2027' },
  organization: northside,
};

const row = (id: number, athlete: string, status: RosterRow['status'], paid: number, remaining: number): RosterRow => ({
  id,
  athlete: { id: 100 + id, name: athlete },
  guardian: { id: 200 + id, name: `${athlete.split(' ')[1]} family`, email: `${id}@example.com` },
  plan: remaining === 0 ? 'Pay in full' : '3 monthly payments',
  paid_cents: paid,
  remaining_cents: remaining,
  next_due: remaining === 0 ? null : '2026-12-15',
  status,
});
const firstPage: RosterAnswer = {
  memberships: [row(1, 'Avery Stone', 'paid', 32000, 0), row(4, 'Drew Patel', 'overdue', 10500, 21000)],
  total: 120,
  page: 1,
  page_size: 50,
};
/** The coach's roster (issue 30 point 2): a standing and the guardian's phone, no amounts. */
const coachPage: RosterAnswer = {
  memberships: [
    {
      id: 1,
      athlete: { id: 101, name: 'Avery Stone' },
      guardian: { id: 201, name: 'Stone family', email: '1@example.com', phone: '555-010-0001' },
      status: 'paid',
    },
    {
      id: 4,
      athlete: { id: 104, name: 'Drew Patel' },
      guardian: { id: 204, name: 'Patel family', email: '4@example.com', phone: '555-010-0004' },
      status: 'owes',
    },
  ],
  total: 2,
  page: 1,
  page_size: 50,
};
const overdueOnly: RosterAnswer = {
  memberships: [row(4, 'Drew Patel', 'overdue', 10500, 21000)],
  total: 1,
  page: 1,
  page_size: 50,
};

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const gone = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
const missing = new ApiError({ kind: 'http', status: 404, message: 'Team not found.' });

beforeEach(() => {
  setStaffSession({ token: 'staff-token', staff: registrar });
});

const model = defineModel({
  machine: adminRosterMachine,
  inputs: { tigers: { teamId: 4, query: {} } },
  events: {
    RETRY: [{ type: 'RETRY' }],
    FILTER: [{ type: 'FILTER', status: 'overdue' }],
    SEARCH: [{ type: 'SEARCH', q: 'patel' }],
    SORT: [{ type: 'SORT', column: 'athlete' }],
    PAGE: [{ type: 'PAGE', page: 2 }],
    EXPORT: [
      { type: 'EXPORT', kind: 'memberships' },
      { type: 'EXPORT', kind: 'payments' },
    ],
    'xstate.done.actor.load': [
      doneEvent('load', { staff: registrar, team: tigers, roster: firstPage }),
      doneEvent('load', { staff: coach, team: tigers, roster: coachPage }),
      doneEvent('load', { staff: coach, team: null, roster: null }),
    ],
    'xstate.error.actor.load': [errorEvent('load', offline), errorEvent('load', gone), errorEvent('load', missing)],
    'xstate.done.actor.reload': [doneEvent('reload', overdueOnly)],
    'xstate.error.actor.reload': [errorEvent('reload', offline), errorEvent('reload', gone)],
    'xstate.done.actor.export': [doneEvent('export', undefined)],
    'xstate.error.actor.export': [errorEvent('export', offline)],
  },
  context: ['error', 'staff', 'team'],
  states: {
    toLogin: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/admin/login' });
      expect(getStaffSession()).toBeNull();
    },
    loading: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ teamId: 4, query: expect.any(Object) }),
    'loaded.reloading': (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ teamId: 4, query: snapshot.context.query }),
    'loaded.exporting': (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ teamId: 4, kind: snapshot.context.exportKind }),
  },
});

const driver: Driver<typeof adminRosterMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  FILTER: async (event, { user }) => user.selectOptions(screen.getByLabelText('Status'), event.status ?? ''),
  SEARCH: async (event, { user }) => {
    const field = screen.getByLabelText('Search by name');
    await user.clear(field);
    await user.type(field, event.q);
    await user.click(screen.getByRole('button', { name: 'Search' }));
  },
  SORT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Athlete' })),
  PAGE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Next' })),
  EXPORT: async (event, { user }) =>
    user.click(
      screen.getByRole('button', { name: event.kind === 'payments' ? 'Export payments (CSV)' : 'Export roster (CSV)' }),
    ),
};

function rosterShown(snapshot: { context: { staff: Staff | null; roster: RosterAnswer | null } }) {
  expect(screen.getByRole('heading', { level: 1, name: '12U Tigers roster' })).toBeTruthy();
  const table = screen.getByRole('table');
  if (snapshot.context.staff?.id === coach.id) {
    // Issue 30 point 2: a coach sees a standing and the guardian's phone; no amounts, no status filter, no links.
    expect(within(table).getByText('Drew Patel')).toBeTruthy();
    expect(within(table).queryByRole('link')).toBeNull();
    expect(table.textContent).not.toContain('$');
    if (snapshot.context.roster?.memberships.some((member) => !('paid_cents' in member))) {
      expect(within(table).getByText('555-010-0004')).toBeTruthy();
      expect(within(table).getAllByText('Owes').length).toBeGreaterThan(0);
    }
    expect(screen.queryByLabelText('Status')).toBeNull();
    return;
  }
  expect(within(table).getByRole('link', { name: 'Drew Patel' }).getAttribute('href')).toBe('/admin/memberships/4');
  expect(within(table).getAllByText('$105.00').length).toBeGreaterThan(0);
  expect(within(table).getAllByText('Overdue').length).toBeGreaterThan(0);
}

runPaths({
  model,
  uiRun: {
    name: 'admin roster driver',
    render: ({ actor }) => renderInRouter(<RosterView actorRef={actor} />, '/admin/teams/4'),
    driver,
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      notFound: () => expect(screen.getByRole('alert').textContent).toBe('Team not found.'),
      'loaded.ready.idle': ({ snapshot }) => {
        rosterShown(snapshot);
        expect(screen.getByRole('columnheader', { name: /Athlete/ }).getAttribute('aria-sort')).toBe(
          snapshot.context.query.dir === 'desc' ? 'descending' : 'ascending',
        );
        const payments = screen.queryByRole('button', { name: 'Export payments (CSV)' });
        if (snapshot.context.staff?.id === coach.id) expect(payments).toBeNull();
        else expect(payments).toBeTruthy();
      },
      'loaded.exporting': () =>
        expect(screen.getByRole('button', { name: 'Export roster (CSV)' }).getAttribute('aria-disabled')).toBe('true'),
      'loaded.ready.exportFailed': () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      'loaded.reloading': ({ snapshot }) => {
        rosterShown(snapshot);
        expect(screen.getByText(/updating/)).toBeTruthy();
      },
    },
  },
});
