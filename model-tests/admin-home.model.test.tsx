import { screen } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { AdminTeam, Staff } from '../src/api/admin';
import { ApiError } from '../src/api/errors';
import { adminHomeMachine } from '../src/machines/admin-home.machine';
import { getStaffSession, setStaffSession } from '../src/session/staff';
import { AdminHomeView } from '../src/views/admin/admin-home-view';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { staffFixture } from './staff.fixtures';

const staff: Staff = staffFixture({
  id: 1,
  name: 'Olivia Grant',
  email: 'olivia@example.com',
  organizations: [
    { id: 1, name: 'Northside', role: 'owner', teams: null },
    { id: 2, name: 'Lakeside', role: 'coach', teams: [{ id: 9, name: '10U Hawks' }] },
  ],
});
const teams: AdminTeam[] = [
  { id: 4, name: '12U Tigers', season: { id: 2, name: 'Spring 2027' }, organization: { id: 1, name: 'Northside' } },
  { id: 9, name: '10U Hawks', season: { id: 5, name: 'Fall 2026' }, organization: { id: 2, name: 'Lakeside' } },
];

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const gone = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });

beforeEach(() => {
  setStaffSession({ token: 'staff-token', staff });
});

const model = defineModel({
  machine: adminHomeMachine,
  events: {
    RETRY: [{ type: 'RETRY' }],
    LOG_OUT: [{ type: 'LOG_OUT' }],
    'xstate.done.actor.load': [doneEvent('load', { staff, teams })],
    'xstate.error.actor.load': [errorEvent('load', offline), errorEvent('load', gone)],
    'xstate.done.actor.logout': [doneEvent('logout', undefined)],
    'xstate.error.actor.logout': [errorEvent('logout', offline)],
  },
  context: ['error'],
  states: {
    // The session is forgotten on this device however the server answered.
    toLogin: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/admin/login' });
      expect(getStaffSession()).toBeNull();
    },
    loaded: () => expect(getStaffSession()).not.toBeNull(),
  },
});

const driver: Driver<typeof adminHomeMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  LOG_OUT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Log out' })),
};

runPaths({
  model,
  uiRun: {
    name: 'admin home driver',
    render: ({ actor }) => renderInRouter(<AdminHomeView actorRef={actor} />, '/admin'),
    driver,
    states: {
      loading: () => {
        expect(screen.getByRole('status').textContent).toBe('Loading…');
        expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
      },
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      loaded: () => {
        expect(screen.getByRole('heading', { level: 1, name: 'Club console' })).toBeTruthy();
        expect(screen.getByText('Logged in as Olivia Grant.')).toBeTruthy();
        expect(screen.getByRole('heading', { level: 2, name: 'Northside (Owner)' })).toBeTruthy();
        expect(screen.getByRole('heading', { level: 2, name: 'Lakeside (Coach)' })).toBeTruthy();
        expect(screen.getByText('12U Tigers')).toBeTruthy();
        expect(screen.getByText('10U Hawks')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
      },
    },
  },
});
