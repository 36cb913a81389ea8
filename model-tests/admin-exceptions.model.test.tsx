/**
 * Issue 32 point 1: the exceptions to a team's age rule in the console (admin-exceptions.machine.ts), the 'Exceptions
 * granted' disclosure of the set-up page's team: opened, loaded (athlete, reason, who granted it, when; or none),
 * failed and retried, closed again.
 */
import { render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { TeamEligibility } from '../src/api/eligibility.schemas';
import { ApiError } from '../src/api/errors';
import { adminExceptionsMachine } from '../src/machines/admin-exceptions.connect';
import { TeamExceptionsView } from '../src/views/admin/team-exceptions';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

const rule = {
  preset: 'little-league-baseball' as const,
  custom_date: null,
  min_age: 11,
  max_age: 12,
  born_from: '2014-09-01',
  born_to: '2016-08-31',
};
const granted: TeamEligibility = {
  team: { id: 9, name: '12U Sharks' },
  age_rule: rule,
  exceptions: [
    {
      id: 3,
      athlete: { id: 11, name: 'Riley Early', username: 'rileyearly' },
      reason: 'Played 12U last season',
      granted_by: { id: 2, name: 'Leo Park' },
      granted_at: '2026-12-06T09:30:00.000Z',
    },
    {
      id: 4,
      athlete: { id: 12, name: 'Jo Early', username: null },
      reason: 'Board decision',
      granted_by: null,
      granted_at: '2026-12-05T09:30:00.000Z',
    },
  ],
};
const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable. Try again soon.' });

const model = defineModel({
  machine: adminExceptionsMachine,
  input: { teamId: 9 },
  events: {
    OPEN: [{ type: 'OPEN' }],
    CLOSE: [{ type: 'CLOSE' }],
    RETRY: [{ type: 'RETRY' }],
    'xstate.done.actor.loadExceptions': [
      doneEvent('loadExceptions', granted),
      doneEvent('loadExceptions', { ...granted, exceptions: [] }),
    ],
    'xstate.error.actor.loadExceptions': [errorEvent('loadExceptions', unavailable)],
  },
  context: ['eligibility', 'errorText'],
  states: {
    loading: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ teamId: 9 }),
  },
});

const toggle = () => screen.getByRole('button', { name: 'Exceptions granted on 12U Sharks' });
const driver: Driver<typeof adminExceptionsMachine> = {
  OPEN: async (_event, { user }) => user.click(toggle()),
  CLOSE: async (_event, { user }) => user.click(toggle()),
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
};

runPaths({
  model,
  uiRun: {
    name: 'team exceptions driver',
    render: ({ actor }) => render(<TeamExceptionsView actorRef={actor} team="12U Sharks" />),
    driver,
    data: ['12U Sharks'],
    states: {
      closed: () => {
        expect(toggle().getAttribute('aria-expanded')).toBe('false');
        expect(screen.queryByRole('table')).toBeNull();
      },
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading the exceptions…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe('The service is unavailable. Try again soon.'),
      shown: ({ snapshot }) => {
        expect(toggle().getAttribute('aria-expanded')).toBe('true');
        if (snapshot.context.eligibility?.exceptions.length === 0) {
          expect(screen.getByText('No exceptions granted.')).toBeTruthy();
          return;
        }
        const table = screen.getByRole('table', { name: 'Exceptions to the age rule of 12U Sharks' });
        const rows = within(table).getAllByRole('row').slice(1);
        expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
          ['Riley Early (rileyearly)', 'Played 12U last season', 'Leo Park', 'Dec 6, 2026'],
          ['Jo Early', 'Board decision', 'A former staff member', 'Dec 5, 2026'],
        ]);
      },
    },
  },
});
