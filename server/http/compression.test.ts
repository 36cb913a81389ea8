import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, SYNC_COMPRESS_MAX_BYTES } from './compression.ts';

/** A JSON-like text of about `bytes` bytes: repetitive keys with varying values, as an API answer. */
function jsonOf(bytes: number): Buffer {
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

  it('sends the body as it is for no encoding', async () => {
    const body = jsonOf(2048);
    expect(Buffer.from(await compressBody(body, null)).equals(body)).toBe(true);
  });
});
