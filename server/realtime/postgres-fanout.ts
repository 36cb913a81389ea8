import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { ProviderLog } from '../providers/provider-deps.ts';

/**
 * The local realtime socket's fan-out between processes on one PostgreSQL (design.md §6, docs/architecture.md
 * "Scaling past one machine"): each process LISTENs on one channel on a connection of its own, and a trigger in any
 * process is published there with NOTIFY, so every process sends it to the sockets connected to it. The publishing
 * process has already sent it to its own sockets, so each process skips what it published itself: every process
 * delivers an event exactly once.
 */

/** One event as the local socket sends it: `data` is already the JSON string of the frame. */
export interface RealtimeMessage {
  channel: string;
  event: string;
  data: string;
}

export interface RealtimeFanout {
  /** Starts receiving the events the other processes publish; rejects when the database cannot be reached. */
  start(deliver: (message: RealtimeMessage) => void): Promise<void>;
  /** Publishes an event to the other processes. */
  publish(message: RealtimeMessage): Promise<void>;
  /** Stops listening and closes the listening connection. */
  close(): Promise<void>;
}

/** The PostgreSQL channel of the app's realtime events (per database, like the data itself). */
export const NOTIFY_CHANNEL = 'diamond_realtime';
/** How the listening connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'diamond-realtime-listener';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (its default build). */
const MAX_NOTIFY_BYTES = 7_999;
/** Base64 characters per part of a larger event; the part's envelope adds well under 200 bytes. */
const PART_CHARS = 7_000;
/** Parts of events whose other parts were missed (a listener that reconnected meanwhile) are kept this many at most. */
const MAX_PARTIAL_EVENTS = 32;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

const wholeSchema = z.object({ o: z.string(), c: z.string(), e: z.string(), d: z.string() });
const partSchema = z.object({
  o: z.string(),
  m: z.number().int(),
  p: z.number().int().min(0),
  n: z.number().int().min(2),
  b: z.string(),
});
const payloadSchema = z.union([wholeSchema, partSchema]);

/**
 * The NOTIFY payloads of one event from `origin`: one JSON envelope when it fits under PostgreSQL's limit, else the
 * envelope in base64 split into parts numbered under the event's `id` (event data may be 10 KB, as on Pusher).
 */
export function notifyPayloads(origin: string, id: number, message: RealtimeMessage): string[] {
  const whole = JSON.stringify({ o: origin, c: message.channel, e: message.event, d: message.data });
  if (Buffer.byteLength(whole) <= MAX_NOTIFY_BYTES) return [whole];
  const encoded = Buffer.from(whole).toString('base64');
  const count = Math.ceil(encoded.length / PART_CHARS);
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      o: origin,
      m: id,
      p: index,
      n: count,
      b: encoded.slice(index * PART_CHARS, (index + 1) * PART_CHARS),
    }),
  );
}

/**
 * Reads NOTIFY payloads back into events, skipping those of `self` (the process's own) and anything that is not a
 * payload of notifyPayloads. The parts of one event arrive together and in order (NOTIFY keeps a transaction's
 * notifications in order, and one publish sends them in one transaction).
 */
export class NotifyReader {
  private readonly partial = new Map<string, { parts: (string | undefined)[]; received: number }>();

  constructor(private readonly self: string) {}

  read(payload: string): RealtimeMessage | null {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return null;
    }
    const parsed = payloadSchema.safeParse(json);
    if (!parsed.success || parsed.data.o === this.self) return null;
    const envelope = parsed.data;
    if ('c' in envelope) return { channel: envelope.c, event: envelope.e, data: envelope.d };

    const key = `${envelope.o}:${envelope.m}`;
    let event = this.partial.get(key);
    if (!event) {
      event = { parts: Array.from({ length: envelope.n }), received: 0 };
      this.partial.set(key, event);
      for (const stale of this.partial.keys()) {
        if (this.partial.size <= MAX_PARTIAL_EVENTS) break;
        this.partial.delete(stale);
      }
    }
    if (envelope.n !== event.parts.length || envelope.p >= event.parts.length) return null;
    if (event.parts[envelope.p] === undefined) event.received += 1;
    event.parts[envelope.p] = envelope.b;
    if (event.received < event.parts.length) return null;
    this.partial.delete(key);
    return this.read(Buffer.from(event.parts.join(''), 'base64').toString('utf8'));
  }
}

export interface PostgresFanoutOptions {
  /** The DATABASE_URL: the listening connection is a connection of its own, outside the pool. */
  url: string;
  /** The pool the NOTIFYs go through. */
  db: Db;
  log: ProviderLog;
}

/**
 * The fan-out through PostgreSQL LISTEN/NOTIFY. A lost listening connection is opened again (after 0.25 s, doubling
 * up to 10 s); the events published meanwhile do not reach this process's sockets (a preview shows the change on
 * its next load), which it logs.
 */
export function createPostgresFanout(options: PostgresFanoutOptions): RealtimeFanout {
  const { url, db, log } = options;
  const origin = randomUUID();
  const reader = new NotifyReader(origin);
  let nextId = 1;
  let listener: pg.Client | null = null;
  let deliver: ((message: RealtimeMessage) => void) | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let retryDelay = RECONNECT_MIN_MS;

  const receive = (payload: string) => {
    const message = reader.read(payload);
    if (message && deliver) deliver(message);
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client.on('notification', (notification) => {
      if (notification.channel === NOTIFY_CHANNEL && notification.payload !== undefined) receive(notification.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
  }

  function lost(client: pg.Client, error: Error | null): void {
    // Only the connection in use counts: one still connecting reports through listen()'s promise.
    if (listener !== client) return;
    listener = null;
    client.end().catch(() => undefined);
    if (closed) return;
    log.warn(
      { err: error ?? undefined },
      "realtime listener connection lost: reconnecting (the other processes' events are missed meanwhile)",
    );
    reconnectLater();
  }

  function reconnectLater(): void {
    retry = setTimeout(() => {
      retry = null;
      listen().then(
        () => {
          retryDelay = RECONNECT_MIN_MS;
          if (!closed) log.info({}, 'realtime listener connection open again');
        },
        (error: unknown) => {
          retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
          log.warn({ err: error, retryInMs: retryDelay }, 'realtime listener could not reconnect');
          if (!closed) reconnectLater();
        },
      );
    }, retryDelay);
    retry.unref();
  }

  return {
    async start(onMessage) {
      deliver = onMessage;
      await listen();
    },
    async publish(message) {
      const payloads = notifyPayloads(origin, nextId++, message);
      const notify = (runner: Pick<Db, 'execute'>, payload: string) =>
        runner.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
      const [only, ...more] = payloads;
      if (only !== undefined && more.length === 0) {
        await notify(db, only);
        return;
      }
      // One transaction: its notifications reach each listener together and in order.
      await db.transaction(async (tx) => {
        for (const payload of payloads) await notify(tx, payload);
      });
    },
    async close() {
      closed = true;
      deliver = null;
      if (retry) clearTimeout(retry);
      retry = null;
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
