import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local HTTP server standing in for a provider's API in adapter tests: it records every request and answers
 * with whatever the test's handler returns.
 */
export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StubResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HttpStub {
  readonly url: string;
  readonly requests: StubRequest[];
  close(): Promise<void>;
}

export async function startHttpStub(handle: (request: StubRequest) => StubResponse): Promise<HttpStub> {
  const requests: StubRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub.local');
      const request: StubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      let response: StubResponse;
      try {
        response = handle(request);
      } catch (error) {
        response = { status: 599, body: { stubError: String(error) } };
      }
      const body = response.body === undefined ? '' : JSON.stringify(response.body);
      res.writeHead(response.status, { 'Content-Type': 'application/json', ...response.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
