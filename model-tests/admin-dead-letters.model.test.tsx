import { screen, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { DeadLetter } from '../src/api/admin-jobs';
import { ApiError } from '../src/api/errors';
import { adminDeadLettersMachine } from '../src/machines/admin-dead-letters.machine';
import { DeadLettersView } from '../src/views/admin/dead-letters-view';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { signInNorthsideRegistrar } from './staff.fixtures';

/** The 'Billing' page's dead letters (issue 33 point 4): the jobs whose retries are spent, and 'Try again'. */

const charges: DeadLetter = {
  id: '6f1c2b1e-2d1a-4e4b-9d55-3a1f0c9b8a71',
  queue: 'instalment-charges',
  as_of: '2026-12-01',
  error: 'card provider unreachable',
  retries: 3,
  created_at: '2026-12-01T08:00:00.000Z',
  failed_at: '2026-12-01T08:10:00.000Z',
};
const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const gone = new ApiError({ kind: 'http', status: 404, message: 'Job not found.' });

beforeEach(signInNorthsideRegistrar);

const model = defineModel({
  machine: adminDeadLettersMachine,
  events: {
    RETRY: [{ type: 'RETRY' }],
    RETRY_JOB: [{ type: 'RETRY_JOB', id: charges.id }],
    'xstate.done.actor.load': [doneEvent('load', [charges]), doneEvent('load', [])],
    'xstate.error.actor.load': [errorEvent('load', offline)],
    'xstate.done.actor.retryJob': [doneEvent('retryJob', undefined)],
    'xstate.error.actor.retryJob': [errorEvent('retryJob', gone)],
  },
  context: ['jobs', 'error'],
  states: {
    sending: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ id: charges.id }),
  },
});

const tryAgain = () => screen.queryByRole('button', { name: /^Try again\W+the instalment-charges job$/ });

const driver: Driver<typeof adminDeadLettersMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  RETRY_JOB: async (_event, { user }) => {
    const button = tryAgain();
    if (!button) throw new Error('no Try again');
    await user.click(button);
  },
};

runPaths({
  model,
  uiRun: {
    name: 'admin dead letters driver',
    render: ({ actor }) => renderInRouter(<DeadLettersView actorRef={actor} />, '/admin/billing'),
    driver,
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      'loaded.ready': ({ snapshot }) => {
        if (snapshot.context.jobs.length === 0) {
          expect(screen.getByText('No background job has failed.')).toBeTruthy();
          return;
        }
        const table = screen.getByRole('table');
        expect(within(table).getByText('card provider unreachable')).toBeTruthy();
        expect(tryAgain()?.hasAttribute('disabled')).toBe(false);
      },
      'loaded.sendFailed': () => expect(screen.getByRole('alert').textContent).toBe(gone.message),
      sending: () => expect(tryAgain()?.hasAttribute('disabled')).toBe(true),
    },
  },
});
