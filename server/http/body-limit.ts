import type { Context, MiddlewareHandler } from 'hono';

export interface BodyLimitOptions {
  /** The largest body a route gets to see. */
  maxBytes: number;
  /**
   * A larger body is still read to its end, and thrown away, up to this many bytes and for at most `discardMs` before
   * the 413 goes out. Many clients (Python's http.client, most SDKs) send the whole body before they read the answer:
   * answering early and closing the socket, as @hono/node-server does 500 ms after the answer, resets their
   * connection, and they never see the 413. The bounds keep it from being a way to keep the server busy.
   */
  maxDiscardBytes: number;
  discardMs: number;
  /** The 413 answer. */
  onTooLarge: (c: Context) => Response | Promise<Response>;
}

/**
 * Refuses request bodies over `maxBytes` with a 413 the client can read. A body declared (Content-Length) within the
 * limit passes untouched: Node's parser never delivers more than the declared length. Any other body is read here,
 * counted, and handed on as a buffer.
 */
export function limitBody(options: BodyLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    // Decided from the method and headers when they suffice: asking for `raw.body` turns @hono/node-server's
    // lightweight Request into a fetch Request with a body stream (an AbortSignal, a ReadableStream), where the
    // route's `json()` otherwise reads the socket's bytes directly. GET and HEAD carry no body there.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = declaredLength(c.req.raw.headers);
    if (declared !== null && declared <= options.maxBytes) return next();
    const body = c.req.raw.body;
    if (!body) return next();
    if (declared !== null && declared > options.maxDiscardBytes) return tooLarge(c, options, false);

    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) return tooLarge(c, options, await discardRest(reader, size, options));
      chunks.push(value);
    }
    const buffer = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      buffer.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: buffer });
    return next();
  };
}

/** Content-Length when it decides the body's size (not with Transfer-Encoding), else null. */
function declaredLength(headers: Headers): number | null {
  const value = headers.get('content-length');
  if (value === null || headers.has('transfer-encoding') || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

async function tooLarge(c: Context, options: BodyLimitOptions, drained: boolean): Promise<Response> {
  // The rest of the body is still on its way: the connection cannot carry another request.
  if (!drained) c.header('Connection', 'close');
  return options.onTooLarge(c);
}

/** Reads and drops the rest of the body within the bounds; true when it reached the end. */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
  options: BodyLimitOptions,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<'time up'>((resolve) => {
    timer = setTimeout(() => resolve('time up'), options.discardMs);
  });
  let size = alreadyRead;
  try {
    for (;;) {
      const result = await Promise.race([reader.read(), timeUp]);
      if (result === 'time up') return false;
      if (result.done) return true;
      size += result.value.byteLength;
      if (size > options.maxDiscardBytes) return false;
    }
  } catch {
    // The client went away while sending.
    return false;
  } finally {
    clearTimeout(timer);
  }
}
