import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from './with-timeout';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('passes a value or an error through when the promise settles first', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000, () => new Error('late'))).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('no')), 1000, () => new Error('late'))).rejects.toThrow('no');
  });

  it('turns a promise that never settles into the given error', async () => {
    vi.useFakeTimers();
    const result = withTimeout(new Promise<never>(() => {}), 1000, () => new Error('late'));
    const expectation = expect(result).rejects.toThrow('late');
    await vi.advanceTimersByTimeAsync(1000);
    await expectation;
  });
});
