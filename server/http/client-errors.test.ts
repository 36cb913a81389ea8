import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors, CLIENT_ERROR_TEXTS } from './client-errors.ts';

/** What a raw client gets back for `request` (the whole answer, up to the server's close). */
function rawExchange(port: number, request: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => {
      const [head = '', ...rest] = Buffer.concat(received).toString('utf8').split('\r\n\r\n');
      const type = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
      resolve({ status: Number(head.split(' ')[1]), type, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

describe("the HTTP parser's refusals in the API's error shape", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('ok'));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('headers over the limit: 431 with { message, messages }', async () => {
    const answer = await rawExchange(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message: CLIENT_ERROR_TEXTS.headersTooLarge, messages: {} });
  });

  it('a request line that is not HTTP: 400 with { message, messages }', async () => {
    const answer = await rawExchange(port, 'HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: CLIENT_ERROR_TEXTS.malformed, messages: {} });
  });

  it('a well-formed request still reaches the app', async () => {
    const answer = await rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});
