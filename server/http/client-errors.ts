/**
 * Requests Node's HTTP parser refuses before the app sees them (headers over its 16 KB limit, a request line that is
 * not HTTP, a request that takes too long to arrive) get the API's error shape, `{ message, messages }`, instead of
 * Node's bare status line with an empty body. There is no request or response object for them: the answer is written
 * to the socket, which is then closed.
 */
import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { english } from '../i18n/index.ts';

export const CLIENT_ERROR_TEXTS = {
  headersTooLarge: english('error.headersTooLarge'),
  timeout: english('error.timeout'),
  malformed: english('error.malformed'),
} as const;

function answerOf(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: CLIENT_ERROR_TEXTS.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: CLIENT_ERROR_TEXTS.timeout };
  return { status: 400, message: CLIENT_ERROR_TEXTS.malformed };
}

/** Answers the parser's refusals on `server` in the API's error shape (server/main.ts). */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection the client already dropped (or one answered before): nothing to write to.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, message } = answerOf(error.code);
    const body = JSON.stringify({ message, messages: {} });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
