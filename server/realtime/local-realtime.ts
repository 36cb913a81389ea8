import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { ProviderLog } from '../providers/provider-deps.ts';
import type { Realtime } from '../providers/types.ts';
import type { RealtimeFanout, RealtimeMessage } from './postgres-fanout.ts';
import {
  ACTIVITY_TIMEOUT_SECONDS,
  channelOf,
  ErrorCode,
  errorFrame,
  frame,
  isValidChannelName,
  MAX_CHANNELS_PER_CONNECTION,
  MAX_EVENT_DATA_BYTES,
  MAX_EVENT_NAME_LENGTH,
  needsAuthorization,
  PONG_TIMEOUT_SECONDS,
  parseClientFrame,
  SUPPORTED_PROTOCOLS,
} from './pusher-protocol.ts';

export interface LocalRealtimeOptions {
  /** The app key clients connect with (/app/{key}). */
  key: string;
  log: ProviderLog;
  /** Seconds; lowered only by tests of the liveness check. */
  activityTimeoutSeconds?: number;
  pongTimeoutSeconds?: number;
}

const APP_PATH = /^\/app\/([^/]+)\/?$/;
/** Client frames are small (subscribe, ping); anything larger is not a Pusher client. */
const MAX_CLIENT_FRAME_BYTES = 10 * 1024;
const CLOSE_GRACE_MS = 1_000;

interface Connection {
  socket: WebSocket;
  socketId: string;
  channels: Set<string>;
  lastSeen: number;
  pingSent: boolean;
}

/**
 * The built-in realtime provider (design.md §6): a Pusher-protocol-7 endpoint on the server's own port, so the same
 * pusher-js client works offline with `wsHost`, `wsPort` and `forceTLS: false`. Public channels only.
 */
export class LocalRealtime implements Realtime {
  readonly name = 'local' as const;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  private readonly connections = new Set<Connection>();
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly attached = new Map<Server, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>();
  private readonly activityTimeoutMs: number;
  private readonly pongTimeoutMs: number;
  private heartbeat: NodeJS.Timeout | null = null;
  private closing = false;
  private fanout: RealtimeFanout | null = null;

  constructor(private readonly options: LocalRealtimeOptions) {
    this.activityTimeoutMs = (options.activityTimeoutSeconds ?? ACTIVITY_TIMEOUT_SECONDS) * 1000;
    this.pongTimeoutMs = (options.pongTimeoutSeconds ?? PONG_TIMEOUT_SECONDS) * 1000;
  }

  attach(server: Server): void {
    if (this.attached.has(server)) return;
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const match = APP_PATH.exec(path);
      if (!match) {
        // Another upgrade listener (e.g. a dev proxy) may own this path; if none does, do not leave it hanging.
        if (server.listenerCount('upgrade') <= 1) {
          socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        }
        return;
      }
      const key = decodeURIComponent(match[1]!);
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, key, req));
    };
    server.on('upgrade', onUpgrade);
    this.attached.set(server, onUpgrade);
    this.startHeartbeat();
  }

  async trigger(channel: string, event: string, data: unknown): Promise<void> {
    if (!isValidChannelName(channel)) throw new RangeError(`invalid channel name: ${channel.slice(0, 50)}`);
    if (event.length === 0 || event.length > MAX_EVENT_NAME_LENGTH) throw new RangeError('invalid event name');
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    if (Buffer.byteLength(payload) > MAX_EVENT_DATA_BYTES) throw new RangeError('event data exceeds 10 KB');
    this.deliver({ channel, event, data: payload });
    // The other processes' sockets (this process's own have it already).
    await this.fanout?.publish({ channel, event, data: payload });
  }

  /**
   * From now on a trigger reaches the sockets of every process on the fan-out (several processes on one
   * PostgreSQL), and the events the others publish reach this one's.
   */
  async fanOutThrough(fanout: RealtimeFanout): Promise<void> {
    await fanout.start((message) => this.deliver(message));
    this.fanout = fanout;
  }

  async close(): Promise<void> {
    this.closing = true;
    // No other process's event is delivered from now on.
    await this.fanout?.close();
    this.fanout = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const [server, listener] of this.attached) server.off('upgrade', listener);
    this.attached.clear();
    const closing = [...this.connections].map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === socket.CLOSED) return resolve();
          const force = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
          socket.once('close', () => {
            clearTimeout(force);
            resolve();
          });
          socket.close(1001, 'server shutting down');
        }),
    );
    await Promise.all(closing);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** Sends an event to the sockets of this process subscribed to its channel. */
  private deliver({ channel, event, data }: RealtimeMessage): void {
    const message = frame(event, data, channel);
    for (const connection of this.subscribers.get(channel) ?? []) {
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(message);
    }
  }

  private accept(socket: WebSocket, key: string, req: IncomingMessage): void {
    // A handshake that completed while the server shuts down: nothing would close this socket later.
    if (this.closing) {
      socket.close(1001, 'server shutting down');
      return;
    }
    if (key !== this.options.key) {
      socket.send(errorFrame(ErrorCode.applicationDoesNotExist, `Application does not exist: ${key.slice(0, 40)}`));
      socket.close(ErrorCode.applicationDoesNotExist, 'Application does not exist');
      return;
    }
    const protocol = Number(new URL(req.url ?? '/', 'http://localhost').searchParams.get('protocol'));
    if (!SUPPORTED_PROTOCOLS.has(protocol)) {
      socket.send(errorFrame(ErrorCode.unsupportedProtocol, 'Unsupported protocol version'));
      socket.close(ErrorCode.unsupportedProtocol, 'Unsupported protocol version');
      return;
    }

    const connection: Connection = {
      socket,
      socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      channels: new Set(),
      lastSeen: Date.now(),
      pingSent: false,
    };
    this.connections.add(connection);
    socket.on('message', (raw, isBinary) => this.onMessage(connection, raw, isBinary));
    socket.on('close', () => this.drop(connection));
    socket.on('error', (error) => {
      this.options.log.warn({ err: error, socketId: connection.socketId }, 'realtime socket error');
      socket.terminate();
    });
    socket.send(
      frame('pusher:connection_established', {
        socket_id: connection.socketId,
        activity_timeout: Math.round(this.activityTimeoutMs / 1000),
      }),
    );
  }

  private onMessage(connection: Connection, raw: RawData, isBinary: boolean): void {
    connection.lastSeen = Date.now();
    connection.pingSent = false;
    const message = isBinary ? null : parseClientFrame(raw.toString());
    if (!message) {
      connection.socket.send(errorFrame(null, 'Invalid message: expected a JSON object with an event'));
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        connection.socket.send(frame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(connection, channelOf(message));
        return;
      case 'pusher:unsubscribe': {
        const channel = channelOf(message);
        if (channel !== null) this.unsubscribe(connection, channel);
        return;
      }
      default:
        if (message.event.startsWith('client-')) {
          connection.socket.send(
            errorFrame(null, 'Client event rejected - only supported on private and presence channels'),
          );
        }
      // Other events are not part of the protocol's client side; Pusher ignores them too.
    }
  }

  private subscribe(connection: Connection, channel: string | null): void {
    if (channel === null || !isValidChannelName(channel)) {
      connection.socket.send(errorFrame(null, 'Invalid channel name'));
      return;
    }
    if (needsAuthorization(channel)) {
      connection.socket.send(
        errorFrame(ErrorCode.unauthorized, `Subscription to ${channel} refused: only public channels are available`),
      );
      return;
    }
    if (!connection.channels.has(channel) && connection.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
      connection.socket.send(errorFrame(null, `Too many channels: at most ${MAX_CHANNELS_PER_CONNECTION}`));
      return;
    }
    connection.channels.add(channel);
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(connection);
    connection.socket.send(frame('pusher_internal:subscription_succeeded', {}, channel));
  }

  private unsubscribe(connection: Connection, channel: string): void {
    connection.channels.delete(channel);
    const set = this.subscribers.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.subscribers.delete(channel);
  }

  private drop(connection: Connection): void {
    for (const channel of connection.channels) this.unsubscribe(connection, channel);
    this.connections.delete(connection);
  }

  /** Pusher's liveness rule: ping a silent client after the activity timeout, drop it if it does not answer. */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    const tickMs = Math.max(250, Math.min(10_000, Math.floor(this.pongTimeoutMs / 2)));
    this.heartbeat = setInterval(() => {
      const now = Date.now();
      for (const connection of this.connections) {
        const silentFor = now - connection.lastSeen;
        if (connection.pingSent && silentFor > this.activityTimeoutMs + this.pongTimeoutMs) {
          connection.socket.terminate();
        } else if (!connection.pingSent && silentFor > this.activityTimeoutMs) {
          connection.pingSent = true;
          connection.socket.send(frame('pusher:ping', {}));
        }
      }
    }, tickMs);
    this.heartbeat.unref();
  }
}

export function createLocalRealtime(options: LocalRealtimeOptions): LocalRealtime {
  return new LocalRealtime(options);
}
