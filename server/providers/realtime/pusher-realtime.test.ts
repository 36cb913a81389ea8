import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type HttpStub, type StubResponse, startHttpStub } from '../http-stub.ts';
import type { Realtime } from '../types.ts';
import { createPusherRealtime } from './pusher-realtime.ts';

let stub: HttpStub;
let realtime: Realtime;
let answer: StubResponse;

beforeAll(async () => {
  stub = await startHttpStub(() => answer);
  realtime = createPusherRealtime({
    appId: '1234',
    key: 'pk_stub',
    secret: 'secret_stub',
    cluster: 'us3',
    host: stub.url,
  });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  answer = { status: 200, body: {} };
});

describe('Pusher adapter against a local stub of the Pusher HTTP API', () => {
  test('trigger POSTs the event to /apps/{id}/events with data as a JSON string, signed with the secret', async () => {
    await realtime.trigger('team.draft.1', 'updated', { draft_id: 1 });
    expect(stub.requests).toHaveLength(1);
    const request = stub.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/apps/1234/events');
    expect(JSON.parse(request.body)).toEqual({ name: 'updated', channels: ['team.draft.1'], data: '{"draft_id":1}' });

    // Pusher's request signature: HMAC-SHA256 over method, path and the sorted query without the signature.
    const query = new URLSearchParams(request.query);
    expect(query.get('auth_key')).toBe('pk_stub');
    expect(query.get('body_md5')).toBe(createHash('md5').update(request.body).digest('hex'));
    const signature = query.get('auth_signature');
    query.delete('auth_signature');
    const sorted = [...query.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const expected = createHmac('sha256', 'secret_stub').update(`POST\n/apps/1234/events\n${sorted}`).digest('hex');
    expect(signature).toBe(expected);
  });

  test('string data is sent as it is', async () => {
    await realtime.trigger('team.draft.2', 'updated', '{"draft_id":2}');
    expect(JSON.parse(stub.requests[0]!.body).data).toBe('{"draft_id":2}');
  });

  test('a Pusher error rejects the trigger', async () => {
    answer = { status: 500, body: { error: 'down' } };
    await expect(realtime.trigger('team.draft.1', 'updated', {})).rejects.toThrow();
  });

  test('invalid channels and oversized data are refused before any request', async () => {
    await expect(realtime.trigger('no spaces allowed', 'updated', {})).rejects.toThrow(RangeError);
    await expect(realtime.trigger('team.draft.1', 'updated', 'x'.repeat(10_241))).rejects.toThrow(RangeError);
    expect(stub.requests).toHaveLength(0);
  });
});
