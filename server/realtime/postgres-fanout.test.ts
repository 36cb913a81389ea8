import { describe, expect, test } from 'vitest';
import { NotifyReader, notifyPayloads, type RealtimeMessage } from './postgres-fanout.ts';

/**
 * The NOTIFY payloads of the realtime fan-out (server/multi-process.test.ts sends them through a real PostgreSQL):
 * every payload stays under PostgreSQL's 8000-byte limit, and a reader gets each other process's event back whole.
 */
const draftUpdated: RealtimeMessage = { channel: 'team.draft.1', event: 'updated', data: '{"draft_id":1}' };
/** Just under Pusher's 10 KB, with multi-byte characters on the parts' boundaries. */
const large: RealtimeMessage = {
  channel: 'team.draft.2',
  event: 'updated',
  data: JSON.stringify({ text: 'é€😀'.repeat(500).padEnd(6_000, 'x') }),
};

describe('realtime NOTIFY payloads', () => {
  test('a small event is one payload, read back by another process and skipped by its own', () => {
    const payloads = notifyPayloads('process-a', 1, draftUpdated);
    expect(payloads).toHaveLength(1);
    expect(new NotifyReader('process-b').read(payloads[0] ?? '')).toEqual(draftUpdated);
    expect(new NotifyReader('process-a').read(payloads[0] ?? '')).toBeNull();
  });

  test('an event over the limit is split into parts under 8000 bytes and read back whole from the last part', () => {
    expect(Buffer.byteLength(large.data)).toBeGreaterThan(8_000);
    expect(Buffer.byteLength(large.data)).toBeLessThanOrEqual(10 * 1024);
    const payloads = notifyPayloads('process-a', 7, large);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);

    const reader = new NotifyReader('process-b');
    const read = payloads.map((payload) => reader.read(payload));
    expect(read.slice(0, -1)).toEqual(payloads.slice(0, -1).map(() => null));
    expect(read.at(-1)).toEqual(large);
    expect(new NotifyReader('process-a').read(payloads.at(-1) ?? '')).toBeNull();
  });

  test('parts of two processes interleaved are kept apart; a part seen twice counts once', () => {
    const fromA = notifyPayloads('process-a', 1, large);
    const fromC = notifyPayloads('process-c', 1, { ...large, channel: 'team.draft.3' });
    const reader = new NotifyReader('process-b');
    expect(reader.read(fromA[0] ?? '')).toBeNull();
    expect(reader.read(fromC[0] ?? '')).toBeNull();
    expect(reader.read(fromA[0] ?? '')).toBeNull();
    const rest = (payloads: string[]) => payloads.slice(1).map((payload) => reader.read(payload));
    expect(rest(fromA).at(-1)).toEqual(large);
    expect(rest(fromC).at(-1)).toEqual({ ...large, channel: 'team.draft.3' });
  });

  test('anything else on the channel is ignored', () => {
    const reader = new NotifyReader('process-b');
    for (const payload of ['', 'not json', '[]', '{"o":"x"}', '{"o":"x","c":1,"e":"updated","d":"{}"}']) {
      expect(reader.read(payload)).toBeNull();
    }
    // Parts that do not fit together: each would complete a readable event if taken as it says.
    const whole = JSON.stringify({ o: 'process-a', c: 'team.draft.9', e: 'updated', d: '{}' });
    const encoded = Buffer.from(whole).toString('base64');
    const [head, tail] = [encoded.slice(0, 20), encoded.slice(20)];
    const part = (m: number, p: number, n: number, b: string) => JSON.stringify({ o: 'process-a', m, p, n, b });
    expect(reader.read(part(3, 0, 2, head))).toBeNull();
    expect(reader.read(part(3, 2, 2, tail))).toBeNull(); // past its count
    expect(reader.read(part(4, 0, 2, head))).toBeNull();
    expect(reader.read(part(4, 1, 3, tail))).toBeNull(); // another count than its first part's
    expect(reader.read(part(5, 0, 2, head))).toBeNull();
    expect(reader.read(part(5, 1, 2, tail))).toEqual({ channel: 'team.draft.9', event: 'updated', data: '{}' });
  });
});
