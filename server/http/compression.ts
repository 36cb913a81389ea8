import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { type BrotliOptions, brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/** The encodings the server sends. */
export type ContentEncoding = 'zstd' | 'br' | 'gzip';

/**
 * The encodings of the site's files, best first: brotli is ~15 % smaller than gzip on the site's scripts, and the
 * build writes both beside each file (static-site.ts).
 */
const PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * Whether this Node compresses with zstd (node:zlib from Node 22.15 and 23.8; production's Node 24 does, the tests'
 * Node 20 does not).
 */
export const ZSTD_AVAILABLE = typeof zlib.zstdCompressSync === 'function' && typeof zlib.zstdCompress === 'function';

/**
 * The encodings of the API's answers, best first: zstd where this Node has it. Every current browser accepts it
 * (Chrome and Edge 123, Firefox 126, Safari 26), and on a five-athlete quote (11.6 KB of JSON) it takes ~17 µs for
 * ~700 bytes where brotli at quality 1 takes ~45 µs for ~760 (issue 30 point 6: the quote's p99 is bound by the
 * server's CPU per answer).
 */
export const API_ENCODINGS: readonly ContentEncoding[] = ZSTD_AVAILABLE ? ['zstd', ...PREFERENCE] : PREFERENCE;

/**
 * The encoding to answer with for an `Accept-Encoding` header, among those available (best first): the highest
 * q-value wins, the earlier one in `available` on a tie; `q=0` refuses an encoding, `*` stands for every encoding not
 * named. Null: send it as it is.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[] = PREFERENCE,
): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const cached = lastNegotiated.get(available);
  if (cached === undefined) return negotiate(acceptEncoding, available);
  // A browser sends the same header with every request: its answer is kept for the next one (one entry per list and
  // process, a pure function's last result; issue 20's quote profile had ~3 µs a request parsing it).
  if (acceptEncoding !== cached.header) {
    cached.header = acceptEncoding;
    cached.encoding = negotiate(acceptEncoding, available);
  }
  return cached.encoding;
}

/** The last answer for each of this module's own lists (other lists, such as a file's variants, are not kept). */
const lastNegotiated = new Map<readonly ContentEncoding[], { header: string; encoding: ContentEncoding | null }>([
  [PREFERENCE, { header: '', encoding: null }],
  [API_ENCODINGS, { header: '', encoding: null }],
]);

function negotiate(acceptEncoding: string, available: readonly ContentEncoding[]): ContentEncoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (name === '') continue;
    const qParam = params.find((param) => /^q=/i.test(param));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    weights.set(name.toLowerCase(), Number.isFinite(q) ? q : 0);
  }
  let best: ContentEncoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** Appends Accept-Encoding to a response's Vary header once. */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** API answers below this many bytes travel as they are: compressing them saves less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** zstd at its default level (3), told the body's size: the fastest and smallest of its levels on API answers. */
function zstdSync(body: Uint8Array): Buffer<ArrayBuffer> {
  const compress = zlib.zstdCompressSync;
  if (!compress) throw new Error('zstd is not available in this Node');
  return compress(body, { pledgedSrcSize: body.length });
}

function zstdAsync(body: Uint8Array): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const compress = zlib.zstdCompress;
    if (!compress) return reject(new Error('zstd is not available in this Node'));
    compress(body, { pledgedSrcSize: body.length }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Bodies up to this size are compressed synchronously, on the request's own turn of the event loop. Measured on a
 * 5 KB quote (issue 20): brotli quality 5 costs ~0.06-0.075 ms of CPU in place, but ~0.29 ms through zlib's thread pool
 * (a stream object, its buffers, the hand-off and the callback), and the wait for a pool thread came on top. Larger
 * bodies (a big page) go to the pool, so no request holds the event loop for long.
 */
export const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

/**
 * Bodies below this size (an API answer: a quote, a roster page) are compressed at brotli quality SMALL_BODY_QUALITY,
 * larger ones at 5. Issue 20 took quality 2 (on a 5.5 KB quote-like answer ~17 µs of CPU against ~38 µs at 5, 363
 * bytes instead of 315); issue 30 took quality 1 for the five-athlete quote (11.9 KB of JSON: ~49 µs against ~139 µs at
 * quality 2 measured side by side, 1,412 bytes instead of 1,366): a few dozen bytes, less than one packet, for a third
 * of the CPU of every such answer (the quote's p99 at 50 connections is bound by the server's CPU per answer).
 */
export const SMALL_BODY_BYTES = 16 * 1024;
const SMALL_BODY_QUALITY = 1;

/**
 * Brotli's parameters for a body: quality 1 below SMALL_BODY_BYTES, else 5, and a window no larger than the body (at
 * least 1 KB, at most brotli's default 4 MB): the same bytes out for a small body, without allocating and clearing a
 * 4 MB window for each.
 */
function brotliParams(length: number): BrotliOptions {
  const window = Math.min(22, Math.max(10, Math.ceil(Math.log2(Math.max(length, 1)))));
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: length < SMALL_BODY_BYTES ? SMALL_BODY_QUALITY : 5,
      [constants.BROTLI_PARAM_LGWIN]: window,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  };
}

const GZIP_OPTIONS = { level: 6 };

/**
 * A body compressed on the fly with fast settings (zstd level 3, brotli quality 1 or 5, gzip level 6), or as it is
 * for null.
 */
export async function compressBody(
  body: Uint8Array<ArrayBuffer>,
  encoding: ContentEncoding | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const inPlace = body.length <= SYNC_COMPRESS_MAX_BYTES;
  // zlib's Buffers are bytes fetch's Response accepts as a body as they are (no copy).
  if (encoding === 'zstd') return inPlace ? zstdSync(body) : await zstdAsync(body);
  if (encoding === 'br') {
    const options = brotliParams(body.length);
    return inPlace ? brotliCompressSync(body, options) : await brotli(body, options);
  }
  if (encoding === 'gzip') return inPlace ? gzipSync(body, GZIP_OPTIONS) : await gzipAsync(body, GZIP_OPTIONS);
  return body;
}

/**
 * zstd is chosen for its speed on the small answers that make up the API's traffic (a quote, a roster page); from
 * SMALL_BODY_BYTES up, bytes weigh more than CPU and brotli at quality 5 is ~20 % smaller (the 160 KB API document:
 * 13.0 against 16.4 KB), so a client that accepts brotli too gets brotli there.
 */
function largeBodyEncoding(accepted: ContentEncoding, length: number, c: Context): ContentEncoding {
  if (accepted !== 'zstd' || length < SMALL_BODY_BYTES) return accepted;
  return negotiateEncoding(c.req.header('Accept-Encoding')) === 'br' ? 'br' : accepted;
}

/**
 * The text of an answer made from a string (`c.json`) while it is still @hono/node-server 2's lightweight Response,
 * which keeps `[status, body, headers]` under its own symbol `cache` until something asks for a stream; null for any
 * other Response (then the body is read the standard way). Reading it there spares building a fetch Response and
 * reading its stream back, for every JSON answer a browser (which always sends Accept-Encoding) gets.
 */
export function lightweightText(response: Response): string | null {
  for (const symbol of Object.getOwnPropertySymbols(response)) {
    if (symbol.description !== 'cache') continue;
    const cache: unknown = Reflect.get(response, symbol);
    if (Array.isArray(cache) && typeof cache[1] === 'string') return cache[1];
  }
  return null;
}

/**
 * Compresses JSON answers of at least 1 KB on the fly, with the encoding the client prefers (zstd first where this
 * Node has it, API_ENCODINGS). Fast settings (zstd level 3, brotli quality 1 or 5, gzip level 6): a licence's or a
 * user's JSON shrinks by two thirds in well under a millisecond, where
 * brotli's top quality would cost more time than the bytes it saves. Only JSON: the realtime socket never passes
 * through here, and a streamed body (event streams) would be held back until its end.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    // Headers and status first: `response.body` turns @hono/node-server's lightweight Response (a string it writes
    // straight to the socket) into a fetch Response with a body stream, so it is asked only when compressing.
    if (
      c.req.method === 'HEAD' ||
      response.status === 204 ||
      response.status === 206 ||
      response.status === 304 ||
      response.headers.has('Content-Encoding') ||
      !/^application\/(.+\+)?json/i.test(response.headers.get('Content-Type') ?? '') ||
      /(^|,)\s*no-transform\s*(,|$)/i.test(response.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const accepted = negotiateEncoding(c.req.header('Accept-Encoding'), API_ENCODINGS);
    if (accepted === null) {
      // Nothing to compress with (a client that accepts no encoding we have): the answer goes as it is, without
      // reading its body into a copy and building a second Response.
      varyOnAcceptEncoding(response.headers);
      return;
    }
    const text = lightweightText(response);
    // (A text of 1,024 UTF-16 units or more is at least 1 KB in UTF-8: only a shorter one is measured in bytes.)
    if (text !== null && text.length < COMPRESS_THRESHOLD_BYTES && Buffer.byteLength(text) < COMPRESS_THRESHOLD_BYTES) {
      // Too small to be worth it: it goes as it is, still the Response @hono/node-server writes straight out.
      varyOnAcceptEncoding(response.headers);
      return;
    }
    if (text === null && response.body === null) return;
    const body = text !== null ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
    const headers = text !== null ? response.headers : new Headers(response.headers);
    varyOnAcceptEncoding(headers);
    const encoding = body.length >= COMPRESS_THRESHOLD_BYTES ? largeBodyEncoding(accepted, body.length, c) : null;
    const sent = await compressBody(body, encoding);
    if (encoding) headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(sent.length));
    // Cleared first: Hono's setter would otherwise copy the old headers (a stale Content-Length) over the new ones.
    c.res = undefined;
    // (statusText only from a fetch Response: asking the lightweight one for it would build one.)
    const init =
      text !== null ? { status: response.status } : { status: response.status, statusText: response.statusText };
    c.res = new Response(sent, { ...init, headers });
  };
}
