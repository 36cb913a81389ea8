import { describe, expect, it, vi } from 'vitest';
import { subscribeToChannel } from './index';
import type { ChannelSubscription, RealtimeSettings } from './types';

const settings: RealtimeSettings = { provider: 'sandbox', key: 'local-key', cluster: 'us3', forceTLS: true };
const page = { hostname: 'localhost', port: '5173', protocol: 'http:' };

function adapter() {
  const inner: ChannelSubscription = { unsubscribe: vi.fn() };
  const subscribeWithPusher = vi.fn(() => inner);
  return { inner, subscribeWithPusher, load: vi.fn(async () => ({ subscribeWithPusher })) };
}

describe('subscribeToChannel', () => {
  it('loads the client on first use and subscribes with the configured settings', async () => {
    const { inner, subscribeWithPusher, load } = adapter();
    const listener = vi.fn();
    const onSubscribed = vi.fn();
    const subscription = subscribeToChannel('team.draft.1', 'updated', listener, {
      onSubscribed,
      settings,
      location: page,
      load,
    });
    await vi.waitFor(() =>
      expect(subscribeWithPusher).toHaveBeenCalledWith(settings, page, 'team.draft.1', 'updated', listener, {
        onSubscribed,
      }),
    );
    subscription.unsubscribe();
    expect(inner.unsubscribe).toHaveBeenCalledOnce();
  });

  it('never subscribes when unsubscribed while the client is still loading', async () => {
    const { subscribeWithPusher, load } = adapter();
    subscribeToChannel('team.draft.1', 'updated', vi.fn(), { settings, location: page, load }).unsubscribe();
    await load.mock.results[0]?.value;
    await Promise.resolve();
    expect(subscribeWithPusher).not.toHaveBeenCalled();
  });

  it('logs a client that cannot load; the page goes on without live updates', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    subscribeToChannel('team.draft.2', 'updated', vi.fn(), { settings, location: page, load });
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Live updates of team.draft.2 are unavailable', expect.any(Error)),
    );
    error.mockRestore();
  });
});
