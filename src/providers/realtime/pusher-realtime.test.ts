import { describe, expect, it, vi } from 'vitest';
import { type PusherFactory, pusherOptions, subscribeWithPusher } from './pusher-realtime';
import type { RealtimeSettings } from './types';

const sandbox: RealtimeSettings = { provider: 'sandbox', key: 'local-key', cluster: 'us3', forceTLS: true };
const production: RealtimeSettings = { provider: 'pusher', key: 'app-key', cluster: 'us3', forceTLS: true };
const page = { hostname: 'localhost', port: '5173', protocol: 'http:' };

describe('pusher-js options', () => {
  it("connect the sandbox to the server's own socket, without TLS, over WebSockets only", () => {
    expect(pusherOptions(sandbox, page)).toEqual({
      cluster: 'us3',
      wsHost: 'localhost',
      wsPort: 5173,
      wssPort: 5173,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
    });
  });

  it('use the default port of the page when it has none', () => {
    expect(pusherOptions(sandbox, { hostname: 'demo.example.com', port: '', protocol: 'https:' })).toMatchObject({
      wsPort: 443,
      wssPort: 443,
    });
    expect(pusherOptions(sandbox, { hostname: 'demo.example.com', port: '', protocol: 'http:' }).wsPort).toBe(80);
  });

  it('connect production to Pusher Channels with the cluster and forced TLS from configuration', () => {
    expect(pusherOptions(production, page)).toEqual({ cluster: 'us3', forceTLS: true });
    expect(pusherOptions({ ...production, forceTLS: false }, page)).toEqual({ cluster: 'us3', forceTLS: false });
  });
});

describe('subscribing with pusher-js', () => {
  it('binds the event on the channel and disconnects once on unsubscribe', () => {
    const bind = vi.fn();
    const client = { subscribe: vi.fn(() => ({ bind })), unsubscribe: vi.fn(), disconnect: vi.fn() };
    const factory = vi.fn<PusherFactory>(() => client);
    const listener = vi.fn();
    const onSubscribed = vi.fn();
    const subscription = subscribeWithPusher(production, page, 'team.draft.1', 'updated', listener, {
      onSubscribed,
      factory,
    });
    expect(factory).toHaveBeenCalledWith('app-key', { cluster: 'us3', forceTLS: true });
    expect(client.subscribe).toHaveBeenCalledWith('team.draft.1');
    expect(bind).toHaveBeenCalledWith('updated', listener);
    // Each successful subscription (the first, and after a reconnect) is reported.
    const succeeded = bind.mock.calls.find(([name]) => name === 'pusher:subscription_succeeded')?.[1];
    succeeded?.();
    succeeded?.();
    expect(onSubscribed).toHaveBeenCalledTimes(2);
    subscription.unsubscribe();
    subscription.unsubscribe();
    expect(client.unsubscribe).toHaveBeenCalledOnce();
    expect(client.disconnect).toHaveBeenCalledOnce();
  });
});
