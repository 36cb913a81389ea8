import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { apiCall, settleUnlessAborted } from './settle-unless-aborted';

/** Resolves with 'pending' when `promise` has not settled after the queued tasks ran. */
async function stateOf(promise: Promise<unknown>): Promise<unknown> {
  const pending = new Promise((resolve) => setTimeout(() => resolve('pending'), 0));
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    pending,
  ]);
}

describe('settleUnlessAborted', () => {
  it('passes answers and failures of a live call through', async () => {
    const signal = new AbortController().signal;
    expect(await stateOf(settleUnlessAborted(Promise.resolve(1), signal))).toEqual({ value: 1 });
    const failure = new Error('Server error');
    expect(await stateOf(settleUnlessAborted(Promise.reject(failure), signal))).toEqual({ error: failure });
  });

  it('never settles a call whose actor was stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    const call = Promise.reject(new DOMException('This operation was aborted', 'AbortError'));
    expect(await stateOf(settleUnlessAborted(call, controller.signal))).toBe('pending');
  });
});

describe('apiCall', () => {
  it("calls with the input and the actor's signal, and answers what the call answers", async () => {
    const seen: AbortSignal[] = [];
    const actor = createActor(
      apiCall((input: number, signal) => {
        seen.push(signal);
        return Promise.resolve(input + 1);
      }),
      { input: 41 },
    ).start();
    expect(await toPromise(actor)).toBe(42);
    expect(seen).toHaveLength(1);
  });

  it('never settles once its actor is stopped', async () => {
    const actor = createActor(
      apiCall<number>(
        (_, signal) =>
          new Promise<number>((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    ).start();
    actor.stop();
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(await stateOf(toPromise(actor))).toBe('pending');
  });
});
