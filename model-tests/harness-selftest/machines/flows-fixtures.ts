import { and, fromPromise, not, setup } from 'xstate';
import { accountLookupMachine } from './account-lookup.machine.ts';
import { toggleMachine } from './toggle.machine.ts';
import { wizardMachine } from './wizard.machine.ts';

/**
 * Machines for the flows tools' own tests: the harness self-test machines plus one that uses every feature the
 * diagrams must draw (root transitions, nesting, history, parallel regions, after, invoke, targetless loops).
 */
export const kitchenSinkMachine = setup({
  types: {
    context: {} as { ready: boolean },
    events: {} as { type: 'GO' } | { type: 'PING' } | { type: 'RESET' } | { type: 'FLIP' },
  },
  actors: { load: fromPromise<string>(async () => 'real') },
  guards: { isReady: ({ context }) => context.ready, isLate: () => false },
  actions: { note: () => {}, other: () => {} },
}).createMachine({
  id: 'kit',
  description: 'spec §0 test machine',
  context: { ready: true },
  initial: 'boot',
  on: { RESET: { target: '.boot', description: 'spec §0: start again' } },
  states: {
    boot: {
      description: 'spec §0 boot',
      always: [{ guard: 'isReady', target: 'work' }, { target: 'work.hist' }],
    },
    work: {
      description: 'spec §0 work',
      initial: 'loading',
      entry: 'note',
      states: {
        loading: {
          description: 'spec §0 loading',
          tags: ['busy'],
          invoke: { id: 'data', src: 'load', onDone: 'shown', onError: { target: 'shown', actions: 'note' } },
        },
        shown: {
          description: 'spec §0 shown',
          on: {
            PING: [
              { guard: not('isReady'), actions: 'note' },
              { guard: and(['isReady', 'isLate']), actions: 'other' },
              { actions: 'note' },
            ],
          },
          after: { 500: 'loading' },
        },
        hist: { description: 'spec §0 history', type: 'history' },
      },
      on: { GO: 'both' },
    },
    both: {
      description: 'spec §0 parallel',
      type: 'parallel',
      states: {
        left: {
          description: 'spec §0 left region',
          initial: 'off',
          states: {
            off: { description: 'spec §0 off', on: { FLIP: 'on' } },
            on: { description: 'spec §0 on', on: { FLIP: 'off' } },
          },
        },
        right: {
          description: 'spec §0 right region',
          initial: 'waiting',
          states: {
            waiting: { description: 'spec §0 waiting', on: { GO: 'finished' } },
            finished: { description: 'spec §0 finished', type: 'final' },
          },
        },
      },
      onDone: 'done',
    },
    done: { description: 'spec §0 done', type: 'final' },
  },
});

export const selfTestMachines = {
  accountLookup: accountLookupMachine,
  toggle: toggleMachine,
  wizard: wizardMachine,
  kit: kitchenSinkMachine,
};
