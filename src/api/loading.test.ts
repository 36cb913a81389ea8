import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { requestJson } from './client';
import { jsonResponse, stubFetch } from './fetch-stub';
import { beginRequest, getLoadingSnapshot, isLoading, subscribeLoading } from './loading';

const okSchema = z.object({ ok: z.boolean() });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(getLoadingSnapshot()).toBe(0);
});

/** A fetch stub whose answers the test releases by hand, to observe the counter while requests are in flight. */
function stubPendingFetch() {
  const pending: { resolve: (response: Response) => void; reject: (error: unknown) => void }[] = [];
  const requests = stubFetch(
    () =>
      new Promise<Response>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { pending, requests };
}

async function until(condition: () => boolean): Promise<void> {
  await vi.waitFor(() => {
    if (!condition()) throw new Error('not yet');
  });
}

describe('in-flight request counter', () => {
  it('counts a request in while it runs and out on success', async () => {
    const { pending } = stubPendingFetch();
    const call = requestJson('/api/thing', okSchema);
    await until(() => pending.length === 1);
    expect(getLoadingSnapshot()).toBe(1);
    expect(isLoading()).toBe(true);
    pending[0]?.resolve(jsonResponse({ ok: true }));
    await call;
    expect(getLoadingSnapshot()).toBe(0);
  });

  it.each([
    { outcome: 'an HTTP error', settle: (p: { resolve: (r: Response) => void }) => p.resolve(jsonResponse({}, 500)) },
    {
      outcome: 'a network error',
      settle: (p: { reject: (e: unknown) => void }) => p.reject(new TypeError('Failed to fetch')),
    },
  ])('counts a request out once on $outcome', async ({ settle }) => {
    const { pending } = stubPendingFetch();
    const call = requestJson('/api/thing', okSchema, { method: 'post', json: {} }).catch((error: unknown) => error);
    await until(() => pending.length === 1);
    expect(getLoadingSnapshot()).toBe(1);
    const request = pending[0];
    if (request) settle(request);
    await call;
    expect(getLoadingSnapshot()).toBe(0);
  });

  it('counts a request out when the caller aborts it', async () => {
    const controller = new AbortController();
    const { pending } = stubPendingFetch();
    const call = requestJson('/api/thing', okSchema, { signal: controller.signal }).catch((error: unknown) => error);
    await until(() => pending.length === 1);
    controller.abort();
    await expect(call).resolves.toMatchObject({ kind: 'abort' });
    expect(getLoadingSnapshot()).toBe(0);
  });

  it('counts concurrent requests and reaches zero only after the last one', async () => {
    const { pending } = stubPendingFetch();
    const first = requestJson('/api/one', okSchema);
    const second = requestJson('/api/two', okSchema, { method: 'post', json: {} }).catch((error: unknown) => error);
    await until(() => pending.length === 2);
    expect(getLoadingSnapshot()).toBe(2);
    pending[1]?.resolve(jsonResponse({ message: 'No' }, 400));
    await second;
    expect(getLoadingSnapshot()).toBe(1);
    pending[0]?.resolve(jsonResponse({ ok: true }));
    await first;
    expect(getLoadingSnapshot()).toBe(0);
  });

  it('counts a retried GET once', async () => {
    const seen: number[] = [];
    const unsubscribe = subscribeLoading(() => seen.push(getLoadingSnapshot()));
    let attempts = 0;
    stubFetch(() => {
      attempts += 1;
      return attempts === 1 ? jsonResponse({}, 503) : jsonResponse({ ok: true });
    });
    await requestJson('/api/thing', okSchema);
    unsubscribe();
    expect(attempts).toBe(2);
    expect(seen).toEqual([1, 0]);
  });

  it('notifies subscribers and ignores a second end of the same request', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLoading(listener);
    const end = beginRequest();
    expect(getLoadingSnapshot()).toBe(1);
    end();
    end();
    expect(getLoadingSnapshot()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    beginRequest()();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
