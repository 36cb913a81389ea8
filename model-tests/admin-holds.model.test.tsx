import { screen, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { TeamHolds } from '../src/api/admin-holds';
import { ApiError } from '../src/api/errors';
import { formatHoldUntil } from '../src/domain/dates';
import { adminHoldsMachine } from '../src/machines/admin-holds.machine';
import { HeldSeatsView } from '../src/views/admin/held-seats-view';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { signInNorthsideRegistrar } from './staff.fixtures';

/** The held seats under a team's roster in the club console (issue 30 point 4): 'Held until {date}', 'Release'. */

const HELD_UNTIL = '2026-12-09T10:00:00.000Z';
const sam = { athlete: { id: 11, name: 'Sam Rivera' }, license: 'TIGERS-2027', held_until: HELD_UNTIL };
const alex = { athlete: { id: 12, name: 'Alex Rivera' }, license: 'TIGERS-2027', held_until: HELD_UNTIL };
const forRegistrar: TeamHolds = { holds: [sam, alex], can_release: true };
const forCoach: TeamHolds = { holds: [sam, alex], can_release: false };
const afterRelease: TeamHolds = { holds: [alex], can_release: true };

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const notHeld = new ApiError({ kind: 'http', status: 409, message: 'This spot is not held anymore.' });

beforeEach(signInNorthsideRegistrar);

const model = defineModel({
  machine: adminHoldsMachine,
  inputs: { tigers: { teamId: 4 } },
  events: {
    RETRY: [{ type: 'RETRY' }],
    RELEASE: [{ type: 'RELEASE', athleteId: 11 }],
    'xstate.done.actor.load': [doneEvent('load', forRegistrar), doneEvent('load', forCoach)],
    'xstate.error.actor.load': [errorEvent('load', offline)],
    'xstate.done.actor.release': [doneEvent('release', afterRelease)],
    'xstate.error.actor.release': [errorEvent('release', notHeld)],
  },
  context: ['holds', 'error'],
  states: {
    loading: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ teamId: 4 }),
    releasing: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ teamId: 4, athleteId: 11 }),
  },
});

const driver: Driver<typeof adminHoldsMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  RELEASE: async (_event, { user }) =>
    user.click(screen.getByRole('button', { name: 'Release the held spot of Sam Rivera' })),
};

function heldUntilShown(names: string[]) {
  const table = screen.getByRole('table');
  for (const name of names) expect(within(table).getByText(name)).toBeTruthy();
  expect(within(table).getAllByText(`Held until ${formatHoldUntil(HELD_UNTIL)}`)).toHaveLength(names.length);
}

runPaths({
  model,
  uiRun: {
    name: 'admin held seats driver',
    render: ({ actor }) => renderInRouter(<HeldSeatsView actorRef={actor} />, '/admin/teams/4'),
    driver,
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      'loaded.ready': ({ snapshot }) => {
        const holds = snapshot.context.holds;
        heldUntilShown(holds?.holds.map((hold) => hold.athlete.name) ?? []);
        const release = screen.queryByRole('button', { name: 'Release the held spot of Sam Rivera' });
        if (holds?.can_release && holds.holds.some((hold) => hold.athlete.id === 11)) expect(release).toBeTruthy();
        else expect(release).toBeNull();
      },
      'loaded.releaseFailed': () => expect(screen.getByRole('alert').textContent).toBe(notHeld.message),
      releasing: () =>
        expect(
          screen.getByRole('button', { name: 'Release the held spot of Sam Rivera' }).hasAttribute('disabled'),
        ).toBe(true),
    },
  },
});
