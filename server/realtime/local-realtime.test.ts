import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { ProviderLog } from '../providers/provider-deps.ts';
import { createLocalRealtime, type LocalRealtime } from './local-realtime.ts';
import type { RealtimeFanout, RealtimeMessage } from './postgres-fanout.ts';

const silentLog: ProviderLog = { info() {}, warn() {}, error() {} };

interface Frame {
  event: string;
  channel?: string;
  data: string;
}

/** A raw protocol client: every frame the server sends, in order, awaited one by one. */
class RawClient {
  readonly frames: Frame[] = [];
  private waiters: Array<() => void> = [];
  closeCode: number | null = null;
  readonly closed: Promise<number>;
  readonly socket: WebSocket;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    // Failures show up as the close code, which the tests assert.
    this.socket.on('error', () => {});
    this.socket.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
        for (const wake of this.waiters.splice(0)) wake();
      }),
    );
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame after position `from` with this event. */
  async next(event: string, from = 0): Promise<Frame> {
    for (;;) {
      const found = this.frames.slice(from).find((f) => f.event === event);
      if (found) return found;
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) before ${event}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

let server: Server;
let realtime: LocalRealtime;
let port: number;
const clients: RawClient[] = [];

async function startServer(options: { activityTimeoutSeconds?: number; pongTimeoutSeconds?: number } = {}) {
  server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  realtime = createLocalRealtime({ key: 'local-key', log: silentLog, ...options });
  realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

function connect(path = '/app/local-key?protocol=7&client=js&version=8.6.0'): RawClient {
  const client = new RawClient(`ws://127.0.0.1:${port}${path}`);
  clients.push(client);
  return client;
}

async function connected(client: RawClient): Promise<{ socket_id: string; activity_timeout: number }> {
  const established = await client.next('pusher:connection_established');
  return JSON.parse(established.data) as { socket_id: string; activity_timeout: number };
}

async function subscribed(client: RawClient, channel: string): Promise<void> {
  const from = client.frames.length;
  client.send({ event: 'pusher:subscribe', data: { channel } });
  const ack = await client.next('pusher_internal:subscription_succeeded', from);
  expect(ack.channel).toBe(channel);
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  await realtime.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('local Pusher-protocol endpoint', () => {
  beforeEach(() => startServer());

  test('a pusher-js client subscribed to team.draft.1 receives updated with string data', async () => {
    const pusher = new Pusher('local-key', {
      cluster: 'us3',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    try {
      const channel = pusher.subscribe('team.draft.1');
      await new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
      const received = new Promise<unknown>((resolve) => channel.bind('updated', resolve));
      await realtime.trigger('team.draft.1', 'updated', { draft_id: 1 });
      expect(await received).toEqual({ draft_id: 1 });
      expect(pusher.connection.state).toBe('connected');
    } finally {
      pusher.disconnect();
    }
  });

  test('connection_established carries a socket id and the activity timeout as a JSON string', async () => {
    const client = connect();
    const established = await client.next('pusher:connection_established');
    expect(typeof established.data).toBe('string');
    const data = JSON.parse(established.data) as { socket_id: string; activity_timeout: number };
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(120);
  });

  test('events reach only subscribers of their channel, with data serialized to a string', async () => {
    const one = connect();
    const two = connect();
    await Promise.all([connected(one), connected(two)]);
    await subscribed(one, 'team.draft.1');
    await subscribed(two, 'team.draft.2');

    await realtime.trigger('team.draft.2', 'updated', { draft_id: 2 });
    const got = await two.next('updated');
    expect(got).toEqual({ event: 'updated', channel: 'team.draft.2', data: '{"draft_id":2}' });

    await realtime.trigger('team.draft.1', 'updated', 'already a string');
    expect((await one.next('updated')).data).toBe('already a string');
    expect(one.frames.filter((f) => f.event === 'updated')).toHaveLength(1);
    expect(two.frames.filter((f) => f.event === 'updated')).toHaveLength(1);
  });

  test('after unsubscribe no more events arrive on that channel', async () => {
    const client = connect();
    await connected(client);
    await subscribed(client, 'team.draft.1');
    await subscribed(client, 'team.draft.9');
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'team.draft.1' } });
    // A ping round trip orders the unsubscribe before the triggers below.
    const from = client.frames.length;
    client.send({ event: 'pusher:ping', data: {} });
    await client.next('pusher:pong', from);

    await realtime.trigger('team.draft.1', 'updated', { draft_id: 1 });
    await realtime.trigger('team.draft.9', 'updated', { draft_id: 9 });
    const got = await client.next('updated');
    expect(got.channel).toBe('team.draft.9');
    expect(client.frames.filter((f) => f.channel === 'team.draft.1' && f.event === 'updated')).toEqual([]);
  });

  test('pusher:ping is answered with pusher:pong', async () => {
    const client = connect();
    await connected(client);
    client.send({ event: 'pusher:ping', data: {} });
    const pong = await client.next('pusher:pong');
    expect(pong.data).toBe('{}');
  });

  test('private and presence channels are refused with a 4xxx protocol error and no subscription', async () => {
    const client = connect();
    await connected(client);
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-team.1', auth: 'x:y' } });
    const error = await client.next('pusher:error');
    expect(JSON.parse(error.data)).toMatchObject({ code: 4009 });
    client.send({ event: 'pusher:subscribe', data: { channel: 'presence-team.1' } });
    await client.next('pusher:error', client.frames.indexOf(error) + 1);
    await realtime.trigger('private-team.1', 'updated', {});
    await subscribed(client, 'team.draft.1');
    expect(
      client.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel !== 'team.draft.1'),
    ).toBe(false);
  });

  test('malformed frames, bad channel names and client events get pusher:error, and the socket stays usable', async () => {
    const client = connect();
    await connected(client);
    client.send('not json');
    const first = await client.next('pusher:error');
    expect(JSON.parse(first.data)).toMatchObject({ code: null });
    client.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    client.send({ event: 'client-typing', channel: 'team.draft.1', data: '{}' });
    for (;;) {
      if (client.frames.filter((f) => f.event === 'pusher:error').length === 3) break;
      await client.next('pusher:error', client.frames.length);
    }
    await subscribed(client, 'team.draft.1');
  });

  test('an unknown app key gets error 4001 and is closed', async () => {
    const client = connect('/app/wrong-key?protocol=7');
    const error = await client.next('pusher:error');
    expect(JSON.parse(error.data)).toMatchObject({ code: 4001 });
    expect(await client.closed).toBe(4001);
  });

  test('a missing or unsupported protocol version gets 4007 and is closed', async () => {
    const client = connect('/app/local-key?protocol=99');
    expect(await client.closed).toBe(4007);
    const none = connect('/app/local-key');
    expect(await none.closed).toBe(4007);
  });

  test('upgrades outside /app/{key} are refused with 404 and no socket', async () => {
    const client = connect('/socket?protocol=7');
    const status = await new Promise<number>((resolve) =>
      client.socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(404);
  });

  test('trigger validates channel names, event names and the 10 KB data limit', async () => {
    await expect(realtime.trigger('bad channel', 'updated', {})).rejects.toThrow(RangeError);
    await expect(realtime.trigger('team.draft.1', '', {})).rejects.toThrow(RangeError);
    await expect(realtime.trigger('team.draft.1', 'updated', 'x'.repeat(10 * 1024 + 1))).rejects.toThrow(RangeError);
  });

  test('close() ends open sockets so the HTTP server can shut down', async () => {
    const client = connect();
    await connected(client);
    await realtime.close();
    expect(await client.closed).toBe(1001);
  });
});

describe('liveness', () => {
  beforeEach(() => startServer({ activityTimeoutSeconds: 0.3, pongTimeoutSeconds: 0.5 }));

  test('a silent client is pinged, and dropped when it does not answer', async () => {
    const client = connect();
    await connected(client);
    await client.next('pusher:ping');
    // The raw client never answers the ping.
    expect(await client.closed).toBe(1006);
  });

  test('a client that answers the ping stays connected and keeps receiving', async () => {
    const client = connect();
    await connected(client);
    await subscribed(client, 'team.draft.1');
    await client.next('pusher:ping');
    client.send({ event: 'pusher:pong', data: {} });
    const second = client.frames.length;
    await client.next('pusher:ping', second);
    client.send({ event: 'pusher:pong', data: {} });
    await realtime.trigger('team.draft.1', 'updated', { draft_id: 1 });
    await client.next('updated');
    expect(client.closeCode).toBeNull();
  });
});

describe('fan-out to other processes', () => {
  beforeEach(() => startServer());

  /** An in-memory fan-out: what this process publishes, and a way to deliver another process's events. */
  function memoryFanout() {
    const published: RealtimeMessage[] = [];
    let deliver: ((message: RealtimeMessage) => void) | null = null;
    let closed = false;
    const fanout: RealtimeFanout = {
      async start(onMessage) {
        deliver = onMessage;
      },
      async publish(message) {
        published.push(message);
      },
      async close() {
        closed = true;
      },
    };
    return {
      fanout,
      published,
      fromAnotherProcess: (message: RealtimeMessage) => deliver?.(message),
      closed: () => closed,
    };
  }

  test("a trigger reaches this process's sockets once and is published once; another process's events reach them", async () => {
    const memory = memoryFanout();
    await realtime.fanOutThrough(memory.fanout);
    const client = connect();
    await connected(client);
    await subscribed(client, 'team.draft.1');

    await realtime.trigger('team.draft.1', 'updated', { draft_id: 1 });
    expect(memory.published).toEqual([{ channel: 'team.draft.1', event: 'updated', data: '{"draft_id":1}' }]);
    await client.next('updated');

    memory.fromAnotherProcess({ channel: 'team.draft.1', event: 'updated', data: '{"draft_id":1,"from":"other"}' });
    memory.fromAnotherProcess({ channel: 'team.draft.2', event: 'updated', data: '{"draft_id":2}' });
    const from = client.frames.findIndex((frame) => frame.event === 'updated') + 1;
    expect(await client.next('updated', from)).toEqual({
      event: 'updated',
      channel: 'team.draft.1',
      data: '{"draft_id":1,"from":"other"}',
    });
    // A ping's answer comes after every frame sent before it: only the two events of its channel arrived, each once.
    const beforePing = client.frames.length;
    client.send({ event: 'pusher:ping', data: {} });
    await client.next('pusher:pong', beforePing);
    expect(client.frames.filter((frame) => frame.event === 'updated')).toHaveLength(2);
  });

  test('an invalid trigger is published nowhere, and close() closes the fan-out', async () => {
    const memory = memoryFanout();
    await realtime.fanOutThrough(memory.fanout);
    await expect(realtime.trigger('private-x y', 'updated', {})).rejects.toThrow(RangeError);
    expect(memory.published).toEqual([]);
    await realtime.close();
    expect(memory.closed()).toBe(true);
  });
});
