/**
 * The dead-letter jobs on the console's 'Billing' page (issue 33 point 4), for owners and registrars: the background
 * jobs whose retries are spent (queue, day, last error), each with 'Try again', which sends it to its queue again and
 * takes it off the list. A load or retry failure is a state with its text.
 */
import { assign, setup } from 'xstate';
import { type DeadLetter, getDeadLetters, retryDeadLetter } from '../api/admin-jobs';
import { errorText } from '../api/errors';
import { apiCall } from './settle-unless-aborted';

export type AdminDeadLettersEvent = { type: 'RETRY' } | { type: 'RETRY_JOB'; id: string };

export interface AdminDeadLettersContext {
  jobs: readonly DeadLetter[];
  /** The job being sent again (or the last one). */
  retrying: string | null;
  error: string | null;
}

export const adminDeadLettersMachine = setup({
  types: {
    context: {} as AdminDeadLettersContext,
    events: {} as AdminDeadLettersEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: apiCall<DeadLetter[], void>((_, signal) => getDeadLetters({ signal })),
    // Never aborted: once sent, its answer is what the server did.
    retryJob: apiCall<void, { id: string }>((input) => retryDeadLetter(input.id)),
  },
  guards: {
    /** A job the list shows. */
    isListed: ({ context }, params: { id: string }) => context.jobs.some((job) => job.id === params.id),
  },
  actions: {
    storeJobs: assign({ jobs: (_, jobs: DeadLetter[]) => jobs, error: null }),
    chooseJob: assign({ retrying: (_, params: { id: string }) => params.id, error: null }),
    dropRetried: assign({ jobs: ({ context }) => context.jobs.filter((job) => job.id !== context.retrying) }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
  },
}).createMachine({
  id: 'adminDeadLetters',
  description:
    "§1 club console, issue 33 point 4: the job engine's dead letters on the 'Billing' page, and 'Try again'",
  context: { jobs: [], retrying: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: '§1 club console, issue 33 point 4: GET /api/admin/jobs/dead-letters',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: { type: 'storeJobs', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: "§8 general mapping: the list did not load: its text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    loaded: {
      description: "§1 club console, issue 33 point 4: each dead letter with 'Try again'",
      initial: 'ready',
      on: {
        RETRY_JOB: {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'sending',
          actions: { type: 'chooseJob', params: ({ event }) => ({ id: event.id }) },
        },
      },
      states: {
        ready: { description: '§1 club console, issue 33 point 4: the list as loaded' },
        sendFailed: { description: '§8 general mapping: the job was not sent again: its text' },
      },
    },
    sending: {
      description: '§1 club console, issue 33 point 4: POST …/dead-letters/{job}/retry: the job back to its queue',
      tags: ['busy'],
      invoke: {
        id: 'retryJob',
        src: 'retryJob',
        input: ({ context }) => ({ id: context.retrying ?? '' }),
        onDone: { target: 'loaded.ready', actions: 'dropRetried' },
        onError: {
          target: 'loaded.sendFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
