import { randomBytes } from 'node:crypto';
import * as zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  API_ENCODINGS,
  compressBody,
  compressJson,
  negotiateEncoding,
  SYNC_COMPRESS_MAX_BYTES,
  ZSTD_AVAILABLE,
} from './compression.ts';

/** A JSON-like text of about `bytes` bytes: repetitive keys with varying values, as an API answer. */
function jsonOf(bytes: number): Buffer<ArrayBuffer> {
  const items: string[] = [];
  let length = 2;
  for (let index = 0; length < bytes; index += 1) {
    const item = JSON.stringify({
      due_on: '2027-01-01',
      amount_cents: index * 137,
      note: randomBytes(4).toString('hex'),
    });
    items.push(item);
    length += item.length + 1;
  }
  return Buffer.from(`[${items.join(',')}]`);
}

describe('compressBody', () => {
  for (const size of [5 * 1024, SYNC_COMPRESS_MAX_BYTES + 1024]) {
    it(`round-trips a ${size < SYNC_COMPRESS_MAX_BYTES ? 'small' : 'large'} answer in brotli and gzip, smaller`, async () => {
      const body = jsonOf(size);
      const br = await compressBody(body, 'br');
      const gz = await compressBody(body, 'gzip');
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(gunzipSync(gz).equals(body)).toBe(true);
      expect(br.length).toBeLessThan(body.length / 2);
      expect(gz.length).toBeLessThan(body.length / 2);
    });
  }

  for (const size of [5 * 1024, SYNC_COMPRESS_MAX_BYTES + 1024]) {
    it.runIf(ZSTD_AVAILABLE)(
      `round-trips a ${size < SYNC_COMPRESS_MAX_BYTES ? 'small' : 'large'} answer in zstd, smaller than brotli's`,
      async () => {
        const body = jsonOf(size);
        const zstd = await compressBody(body, 'zstd');
        expect(zlib.zstdDecompressSync?.(zstd).equals(body)).toBe(true);
        expect(zstd.length).toBeLessThan(body.length / 2);
      },
    );
  }

  it('sends the body as it is for no encoding', async () => {
    const body = jsonOf(2048);
    expect(Buffer.from(await compressBody(body, null)).equals(body)).toBe(true);
  });
});

describe('negotiateEncoding', () => {
  it('answers each header for itself when headers alternate (the last answer is kept for the same header only)', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
      expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
      expect(negotiateEncoding('gzip')).toBe('gzip');
      expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
      expect(negotiateEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
      expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
      expect(negotiateEncoding('identity')).toBeNull();
    }
  });
});

describe('negotiateEncoding for API answers', () => {
  it('prefers zstd where this Node has it, brotli otherwise, and follows q-values over the order', () => {
    const browser = 'gzip, deflate, br, zstd';
    expect(API_ENCODINGS).toEqual(ZSTD_AVAILABLE ? ['zstd', 'br', 'gzip'] : ['br', 'gzip']);
    for (let round = 0; round < 2; round += 1) {
      expect(negotiateEncoding(browser, API_ENCODINGS)).toBe(ZSTD_AVAILABLE ? 'zstd' : 'br');
      // The site's files have no zstd copies: the same header gets brotli there.
      expect(negotiateEncoding(browser)).toBe('br');
      expect(negotiateEncoding('gzip, deflate, br', API_ENCODINGS)).toBe('br');
      expect(negotiateEncoding('zstd;q=0.5, br', API_ENCODINGS)).toBe('br');
      expect(negotiateEncoding('zstd;q=0, *', API_ENCODINGS)).toBe('br');
      expect(negotiateEncoding('*', API_ENCODINGS)).toBe(API_ENCODINGS[0]);
    }
  });
});

describe('compressJson', () => {
  const api = new Hono();
  api.use('*', compressJson());
  // 608 characters, 1,208 bytes in UTF-8 (each 'é' is two).
  api.get('/accented', (c) => c.json({ t: 'é'.repeat(600) }));
  // 1,021 characters and bytes.
  api.get('/ascii', (c) => c.json({ t: 'x'.repeat(1013) }));

  it('measures the threshold in UTF-8 bytes, not characters', async () => {
    const accented = await api.request('/accented', { headers: { 'Accept-Encoding': 'br' } });
    expect(accented.headers.get('content-encoding')).toBe('br');
    const body = Buffer.from(await accented.arrayBuffer());
    expect(Number(accented.headers.get('content-length'))).toBe(body.length);
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual({ t: 'é'.repeat(600) });

    const ascii = await api.request('/ascii', { headers: { 'Accept-Encoding': 'br' } });
    expect(ascii.headers.get('content-encoding')).toBeNull();
    expect(ascii.headers.get('vary')).toBe('Accept-Encoding');
    expect(await ascii.json()).toEqual({ t: 'x'.repeat(1013) });
  });

  it("answers a browser's header in zstd where this Node has it (brotli otherwise), with its length", async () => {
    const answer = await api.request('/accented', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    const body = Buffer.from(await answer.arrayBuffer());
    expect(Number(answer.headers.get('content-length'))).toBe(body.length);
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
    const text = ZSTD_AVAILABLE ? zlib.zstdDecompressSync?.(body) : brotliDecompressSync(body);
    expect(answer.headers.get('content-encoding')).toBe(ZSTD_AVAILABLE ? 'zstd' : 'br');
    expect(JSON.parse(String(text))).toEqual({ t: 'é'.repeat(600) });
  });

  it('answers a large body in brotli when the client accepts it beside zstd (bytes weigh more there)', async () => {
    const large = new Hono();
    large.use('*', compressJson());
    const items = Array.from({ length: 2000 }, (_, index) => ({ index, due_on: '2027-01-01', note: `n${index * 7}` }));
    large.get('/large', (c) => c.json(items));
    const both = await large.request('/large', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(both.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await both.arrayBuffer())).toString())).toEqual(items);
    const zstdOnly = await large.request('/large', { headers: { 'Accept-Encoding': 'zstd' } });
    expect(zstdOnly.headers.get('content-encoding')).toBe(ZSTD_AVAILABLE ? 'zstd' : null);
  });
});
