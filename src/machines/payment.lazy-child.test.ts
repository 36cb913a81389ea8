import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, setup, toPromise, waitFor } from 'xstate';
import { lazyChild } from './payment.lazy-child';

/** A small child machine standing in for the athlete steps: counts, and ends with its count. */
const counter = setup({
  types: {
    context: {} as { count: number },
    events: {} as { type: 'ADD' } | { type: 'DONE' },
    input: {} as { from: number },
  },
}).createMachine({
  context: ({ input }) => ({ count: input.from }),
  output: ({ context }) => context.count,
  initial: 'counting',
  states: {
    counting: { on: { ADD: { actions: assign({ count: ({ context }) => context.count + 1 }) }, DONE: 'done' } },
    done: { type: 'final' },
  },
});

/** A parent as the payment flow uses a lazy child: load its code, then invoke it; a failed load can be retried. */
function parentOf(child: ReturnType<typeof lazyChild<typeof counter>>) {
  return setup({
    types: { children: {} as { child: 'child' } },
    actors: { childCode: child.code, child: child.logic },
  }).createMachine({
    context: { result: null as number | null },
    initial: 'loading',
    states: {
      loading: { invoke: { src: 'childCode', onDone: 'running', onError: 'failed' } },
      failed: { on: { RETRY: 'loading' } },
      running: {
        invoke: {
          id: 'child',
          src: 'child',
          input: { from: 40 },
          onDone: { target: 'finished', actions: assign({ result: ({ event }) => event.output }) },
        },
      },
      finished: { type: 'final' },
    },
  });
}

describe('lazyChild (issue 30 point 6)', () => {
  it('loads the code once, then the invoked child is the loaded machine: its snapshot, events and output', async () => {
    const load = vi.fn(async () => counter);
    const parent = createActor(parentOf(lazyChild<typeof counter>('the counter', load))).start();
    await waitFor(parent, (snapshot) => snapshot.matches('running'));
    const child = parent.getSnapshot().children.child;
    expect(child?.getSnapshot().context).toEqual({ count: 40 });
    child?.send({ type: 'ADD' });
    child?.send({ type: 'ADD' });
    expect(child?.getSnapshot().context).toEqual({ count: 42 });
    // The parent's persisted snapshot carries the child's, as with the machine itself.
    expect(JSON.stringify(parent.getPersistedSnapshot())).toContain('"count":42');
    child?.send({ type: 'DONE' });
    await toPromise(parent);
    expect(parent.getSnapshot().context.result).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load that fails is a state, and the retry imports again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(counter);
    const parent = createActor(parentOf(lazyChild<typeof counter>('the counter', load))).start();
    await waitFor(parent, (snapshot) => snapshot.matches('failed'));
    parent.send({ type: 'RETRY' });
    await waitFor(parent, (snapshot) => snapshot.matches('running'));
    expect(parent.getSnapshot().children.child?.getSnapshot().context).toEqual({ count: 40 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('invoked before its code is loaded, the child fails with its name', () => {
    const child = lazyChild<typeof counter>('the counter', async () => counter);
    const eager = createMachine({ invoke: { src: child.logic, input: { from: 0 } } });
    const errors: unknown[] = [];
    const actor = createActor(eager);
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(String(errors[0])).toContain('The code of the counter has not loaded.');
  });
});
