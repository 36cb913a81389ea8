import type { Server } from 'node:http';
import Pusher from 'pusher';
import { isValidChannelName, MAX_EVENT_DATA_BYTES, MAX_EVENT_NAME_LENGTH } from '../../realtime/pusher-protocol.ts';
import type { Realtime } from '../types.ts';

export interface PusherRealtimeOptions {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** `host[:port]` (TLS) or `http(s)://host[:port]`; replaces the cluster's API host, e.g. for a test stub. */
  host?: string | undefined;
}

function pusherOptions(options: PusherRealtimeOptions): Pusher.Options {
  const base = { appId: options.appId, key: options.key, secret: options.secret, timeout: 10_000 };
  if (options.host === undefined || options.host.trim() === '') {
    return { ...base, cluster: options.cluster, useTLS: true };
  }
  const withScheme = /^[a-z]+:\/\//i.test(options.host) ? options.host : `https://${options.host}`;
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUSHER_HOST must be host[:port] or an http(s) URL, got ${url.protocol}`);
  }
  return {
    ...base,
    host: url.hostname,
    ...(url.port ? { port: url.port } : {}),
    useTLS: url.protocol === 'https:',
  };
}

/** Realtime through Pusher Channels: the server triggers over Pusher's HTTP API; browsers connect to Pusher. */
export function createPusherRealtime(options: PusherRealtimeOptions): Realtime {
  const pusher = new Pusher(pusherOptions(options));
  return {
    name: 'pusher',
    async trigger(channel, event, data) {
      // Pusher would answer these with a 400; checking first gives the caller a precise message.
      if (!isValidChannelName(channel)) throw new RangeError(`invalid channel name: ${channel.slice(0, 50)}`);
      if (event.length === 0 || event.length > MAX_EVENT_NAME_LENGTH) throw new RangeError('invalid event name');
      const payload = typeof data === 'string' ? data : JSON.stringify(data);
      if (Buffer.byteLength(payload) > MAX_EVENT_DATA_BYTES) throw new RangeError('event data exceeds 10 KB');
      await pusher.trigger(channel, event, payload);
    },
    attach(_server: Server) {
      // Browsers connect to Pusher's own hosts; nothing listens on this server.
    },
    async close() {},
  };
}
