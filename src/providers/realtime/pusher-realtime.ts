/**
 * The pusher-js adapter. Production: Pusher Channels with the configured key, cluster (us3) and forced TLS (§7, §9).
 * Sandbox: the same client against the server's own socket at /app/{key} (docs/api.md "Sandbox providers").
 * The client itself is handed in (`factory`): pusher.worker.ts runs this with pusher-js's Web Worker build, off the
 * page's main thread (realtime-worker.ts).
 */
import type { Options } from 'pusher-js';
import type { ChannelListener, ChannelSubscription, PageLocation, RealtimeSettings } from './types';

/** The connection options for the configured provider. */
export function pusherOptions(settings: RealtimeSettings, location: PageLocation): Options {
  if (settings.provider === 'pusher') {
    return { cluster: settings.cluster, forceTLS: settings.forceTLS };
  }
  const secure = location.protocol === 'https:';
  const port = Number(location.port) || (secure ? 443 : 80);
  return {
    cluster: settings.cluster,
    wsHost: location.hostname,
    wsPort: port,
    // On an https page pusher-js uses TLS whatever forceTLS says (its 'ws' transport then dials wssPort): the
    // server's socket is on the page's own port either way.
    wssPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
  };
}

/** The part of pusher-js this adapter uses, so tests can hand in a fake. */
export interface PusherLike {
  subscribe(channel: string): { bind(event: string, callback: ChannelListener): unknown };
  unsubscribe(channel: string): void;
  disconnect(): void;
}

export type PusherFactory = (key: string, options: Options) => PusherLike;

/**
 * Connects, subscribes to one public channel and calls `listener` on each `event`, and `onSubscribed` each time the
 * subscription succeeds (pusher-js subscribes again after a reconnect).
 */
export function subscribeWithPusher(
  settings: RealtimeSettings,
  location: PageLocation,
  channelName: string,
  event: string,
  listener: ChannelListener,
  { onSubscribed, factory }: { onSubscribed?: (() => void) | undefined; factory: PusherFactory },
): ChannelSubscription {
  const pusher = factory(settings.key, pusherOptions(settings, location));
  const channel = pusher.subscribe(channelName);
  channel.bind(event, listener);
  if (onSubscribed) channel.bind('pusher:subscription_succeeded', () => onSubscribed());
  let active = true;
  return {
    unsubscribe() {
      if (!active) return;
      active = false;
      pusher.unsubscribe(channelName);
      pusher.disconnect();
    },
  };
}
