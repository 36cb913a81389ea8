import { describe, expect, it } from 'vitest';
import { settleUnlessAborted } from './settle-unless-aborted';

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
