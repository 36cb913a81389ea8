/**
 * Pusher Channels protocol 7, the parts the local endpoint speaks (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/).
 * Frames are JSON objects `{ event, channel?, data }`; server-to-client `data` is always a string.
 */

export const PROTOCOL_VERSION = 7;
/** Older pusher-js versions announce 5 or 6; the frames used here are identical. */
export const SUPPORTED_PROTOCOLS: ReadonlySet<number> = new Set([5, 6, 7]);

/** Seconds of silence after which either side pings; Pusher's own default. */
export const ACTIVITY_TIMEOUT_SECONDS = 120;
/** Seconds a pinged client has to answer before it is dropped. */
export const PONG_TIMEOUT_SECONDS = 30;

/** Pusher's limits: 200-character names of these characters, 10 KB of event data. */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
export const MAX_EVENT_NAME_LENGTH = 200;
export const MAX_EVENT_DATA_BYTES = 10 * 1024;
export const MAX_CHANNELS_PER_CONNECTION = 100;

/** Close and error codes of the protocol: 4000-4099 tell the client not to reconnect. */
export const ErrorCode = {
  applicationDoesNotExist: 4001,
  unsupportedProtocol: 4007,
  unauthorized: 4009,
} as const;

export function isValidChannelName(name: string): boolean {
  return CHANNEL_NAME.test(name);
}

/** Private, presence and encrypted channels need an auth endpoint and signatures, which the sandbox has not got. */
export function needsAuthorization(channel: string): boolean {
  return channel.startsWith('private-') || channel.startsWith('presence-');
}

export interface ServerFrame {
  event: string;
  channel?: string;
  data: string;
}

export function frame(event: string, data: unknown, channel?: string): string {
  const body: ServerFrame = { event, data: typeof data === 'string' ? data : JSON.stringify(data) };
  if (channel !== undefined) body.channel = channel;
  return JSON.stringify(body);
}

export function errorFrame(code: number | null, message: string): string {
  return frame('pusher:error', { code, message });
}

export interface ClientFrame {
  event: string;
  channel?: unknown;
  data?: unknown;
}

/** Parses one client frame; null for anything that is not a JSON object with a string `event`. */
export function parseClientFrame(raw: string): ClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const event = (value as { event?: unknown }).event;
  if (typeof event !== 'string') return null;
  return value as ClientFrame;
}

/** The channel a subscribe/unsubscribe frame names; pusher-js sends `data` as an object, some clients as a string. */
export function channelOf(frame: ClientFrame): string | null {
  let data = frame.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof data !== 'object' || data === null) return null;
  const channel = (data as { channel?: unknown }).channel;
  return typeof channel === 'string' ? channel : null;
}
