import { describe, expect, it } from 'vitest';
import { assign, fromPromise, not, setup } from 'xstate';
import { kitchenSinkMachine, selfTestMachines } from '../../model-tests/harness-selftest/machines/flows-fixtures.ts';
import { lintMachine } from './stately-lint.ts';

describe('Stately-friendliness check', () => {
  it('accepts named guards (also inside not/and), named actions and actors, string targets, described states', () => {
    expect(lintMachine(kitchenSinkMachine)).toEqual([]);
  });

  it('names each problem with its place in the config', () => {
    const machine = setup({
      types: { events: {} as { type: 'GO'; ok: boolean } },
      actors: { load: fromPromise(async () => 1) },
      guards: { isOk: () => true },
    }).createMachine({
      id: 'bad',
      initial: 'a',
      states: {
        a: {
          description: 'spec §4 first',
          on: {
            GO: [
              { guard: ({ event }) => event.ok, target: 'b' },
              { guard: not(({ event }) => !event.ok), target: 'b' },
              { target: 'b', actions: assign({}) },
            ],
          },
        },
        b: {
          description: 'no section cited',
          invoke: { src: 'load', onDone: { target: 'c', actions: () => {} } },
        },
        c: { type: 'final' },
      },
    });
    expect(lintMachine(machine)).toEqual([
      {
        at: 'states.a.on.GO[0].guard',
        message: 'inline guard function: name it in setup({ guards }) and refer to it by string',
      },
      {
        at: 'states.a.on.GO[1].guard.not[0]',
        message: 'inline guard function: name it in setup({ guards }) and refer to it by string',
      },
      {
        at: 'states.a.on.GO[2].actions',
        message: 'inline action (xstate.assign): name it in setup({ actions }) and refer to it by string',
      },
      { at: 'states.b.description', message: 'description does not cite the spec (no "§")' },
      { at: 'states.b.invoke.id', message: 'invoke without an explicit id' },
      {
        at: 'states.b.invoke.onDone.actions',
        message: 'inline action (actions): name it in setup({ actions }) and refer to it by string',
      },
      { at: 'states.c', message: 'state without a description (cite the spec section, e.g. "spec §4 …")' },
    ]);
  });

  it('flags the inline assign actions of the harness self-test machine', () => {
    const problems = lintMachine(selfTestMachines.accountLookup).filter((problem) => problem.at.includes('actions'));
    expect(problems.map((problem) => problem.at)).toEqual([
      'states.idle.on.LOOKUP.actions',
      'states.checking.invoke.onDone.actions',
    ]);
  });
});
