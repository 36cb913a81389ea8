import { describe, expect, it } from 'vitest';
import { and, assign, createMachine, fromPromise, not, or, setup } from 'xstate';
import {
  catalogMachine,
  defineModel,
  doneEvent,
  errorEvent,
  generatePaths,
  runPathOnMachine,
} from '../harness/index.ts';

const machine = setup({
  types: { context: {} as { ready: boolean }, events: {} as { type: 'GO' } | { type: 'PING' } | { type: 'RESET' } },
  actors: { load: fromPromise<string>(async () => 'real') },
  guards: { isReady: ({ context }) => context.ready, isLate: () => false },
  actions: { note: () => {}, other: () => {} },
}).createMachine({
  id: 'kit',
  context: { ready: true },
  initial: 'boot',
  on: { RESET: '.boot' },
  states: {
    boot: { always: [{ guard: 'isReady', target: 'work' }, { target: 'work.hist' }] },
    work: {
      initial: 'loading',
      states: {
        loading: {
          invoke: { id: 'data', src: 'load', onDone: 'shown', onError: { target: 'shown', actions: 'note' } },
        },
        shown: {
          on: {
            PING: [
              { guard: not('isReady'), actions: 'note' },
              { guard: and(['isReady', or(['isLate', { type: 'isReady' }])]), actions: 'note' },
              { actions: 'note' },
              { actions: 'other' },
            ],
          },
          after: { 500: 'loading' },
        },
        hist: { type: 'history' },
      },
      on: { GO: { target: 'done', actions: assign({ ready: false }) } },
    },
    done: { type: 'final' },
  },
});

describe('catalog of a machine definition', () => {
  const catalog = catalogMachine(machine);

  it('lists every state node by id, including history and final nodes', () => {
    expect(catalog.states.map((state) => `${state.id}:${state.type}`)).toEqual([
      'kit.boot:atomic',
      'kit.work:compound',
      'kit.work.loading:atomic',
      'kit.work.shown:atomic',
      'kit.work.hist:history',
      'kit.done:final',
    ]);
  });

  it('lists every transition with a stable id: root on, always, invoke done/error, guards, after, duplicates', () => {
    expect(catalog.transitions.map((transition) => transition.id)).toEqual([
      'kit --RESET--> kit.boot',
      'kit.boot --always[isReady]--> kit.work',
      'kit.boot --always--> kit.work.hist',
      'kit.work --GO--> kit.done',
      'kit.work.loading --xstate.done.actor.data--> kit.work.shown',
      'kit.work.loading --xstate.error.actor.data--> kit.work.shown',
      'kit.work.shown --PING[!isReady]--> (no target)',
      'kit.work.shown --PING[isReady && (isLate || isReady)]--> (no target)',
      'kit.work.shown --PING--> (no target)',
      'kit.work.shown --PING--> (no target) #2',
      'kit.work.shown --after(500)--> kit.work.loading',
    ]);
    const fallback = catalog.transitions.find((transition) => transition.id === 'kit.boot --always--> kit.work.hist');
    expect(fallback).toMatchObject({ kind: 'always', guard: null, skippedGuards: ['isReady'] });
  });

  it('records transitions and states really taken, including the eventless hop at start', async () => {
    const model = defineModel({
      machine,
      events: {
        'xstate.done.actor.data': [doneEvent('data', 'x')],
        'xstate.error.actor.data': [errorEvent('data', new Error('offline'))],
      },
    });
    const paths = generatePaths(model);
    const results = await Promise.all(paths.map((path) => runPathOnMachine(model, path)));
    for (const result of results) expect(result.error).toBeNull();
    const taken = new Set(results.flatMap((result) => result.transitions));
    const visited = new Set(results.flatMap((result) => result.states));
    expect(visited.has('kit.boot')).toBe(true);
    expect(taken.has('kit.boot --always[isReady]--> kit.work')).toBe(true);
    expect(taken.has('kit.work.shown --after(500)--> kit.work.loading')).toBe(true);
    expect(taken.has('kit.work.shown --PING[isReady && (isLate || isReady)]--> (no target)')).toBe(true);
    // Behind a guard that always wins, and only reachable when ready is false: the harness must not claim them.
    expect(taken.has('kit.boot --always--> kit.work.hist')).toBe(false);
    expect(taken.has('kit.work.shown --PING--> (no target) #2')).toBe(false);
    expect(visited.has('kit.work.hist')).toBe(false);
  });
});

describe('defineModel rejects names that match nothing', () => {
  it('rejects a state assertion for an unknown state', () => {
    expect(() => defineModel({ machine, states: { 'work.missing': () => {} } })).toThrow(
      'state assertion "work.missing" names no state of the machine',
    );
  });

  it('rejects variants for an event no transition handles', () => {
    expect(() => defineModel({ machine, events: { 'xstate.done.actor.nope': [doneEvent('nope', 1)] } })).toThrow(
      'event variants for "xstate.done.actor.nope", which no transition handles',
    );
  });

  it('rejects inline invoked logic, which tests could not replace', () => {
    const inline = createMachine({
      id: 'inline',
      initial: 'a',
      states: { a: { invoke: { id: 'x', src: fromPromise(async () => 1), onDone: 'b' } }, b: {} },
    });
    expect(() => defineModel({ machine: inline })).toThrow('Invoke "x" in state "inline.a" uses inline actor logic');
  });
});
