/**
 * Test support: replaces global fetch with a handler and records every request the API client sends (method, URL,
 * headers, JSON body). Used by the unit tests of src/api and src/session; flows' tests may use it too.
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  /** The parsed JSON body, or undefined without one. */
  body: unknown;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Stubs fetch until vi.unstubAllGlobals(); returns the requests recorded so far (a live array). */
export function stubFetch(handler: FetchHandler): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const text = await request.clone().text();
      const recorded: RecordedRequest = {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(recorded);
      // Like a real fetch, an aborted request rejects at once, whatever the handler is still doing.
      return new Promise<Response>((resolve, reject) => {
        const abort = () => reject(new DOMException('This operation was aborted', 'AbortError'));
        if (request.signal.aborted) return abort();
        request.signal.addEventListener('abort', abort, { once: true });
        Promise.resolve()
          .then(() => handler(recorded))
          .then(resolve, reject);
      });
    }),
  );
  return requests;
}
