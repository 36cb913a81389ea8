import { spawnSync } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProcessLogger, type Logger, logFormat, redactSecrets } from './log.ts';

describe('logFormat', () => {
  it('is human-readable for a terminal in development and test, JSON in production and for a pipe or file', () => {
    expect(logFormat({ NODE_ENV: 'development' }, { isTTY: true })).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'test' }, { isTTY: true })).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'production' }, { isTTY: true })).toBe('json');
    expect(logFormat({ NODE_ENV: 'development' }, { isTTY: false })).toBe('json');
    expect(logFormat({ NODE_ENV: 'development' }, {})).toBe('json');
  });
});

describe('createProcessLogger', () => {
  let dir: string;
  let file: string;
  let fd: number;
  /** The pretty transport's worker closes its destination when it ends; the fd number may then belong to anyone. */
  let closedByTransport: boolean;
  beforeEach(() => {
    closedByTransport = false;
    dir = mkdtempSync(path.join(os.tmpdir(), 'diamond-log-'));
    file = path.join(dir, 'out.log');
    fd = openSync(file, 'w');
  });
  afterEach(() => {
    // Never close a number the transport already closed: the API tests share this process, and a socket of theirs
    // may have been given the same number since (closing it aborted the whole run in libuv).
    if (!closedByTransport) closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  /** What reached the file once it holds `count` lines; then the logger's stream (a transport's worker) is ended. */
  async function written(log: Logger, count = 1): Promise<string> {
    let text = '';
    await vi.waitFor(() => {
      text = readFileSync(file, 'utf8');
      expect(text.split('\n').length).toBeGreaterThan(count);
    });
    // The pretty transport's worker, or the JSON lines' buffered destination: ended (which closes the descriptor).
    const stream: unknown = Reflect.get(log, pino.symbols.streamSym);
    if (stream instanceof EventEmitter && 'end' in stream && typeof stream.end === 'function') {
      const closed = once(stream, 'close');
      stream.end();
      await closed;
      closedByTransport = true;
    }
    return text;
  }

  it('writes one readable line per entry at a terminal, secrets still redacted', async () => {
    const log = createProcessLogger({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, { isTTY: true }, fd);
    log.info({ port: 8080, email: 'member@example.com' }, 'listening');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours of a terminal
    const text = (await written(log)).replace(/\u001b\[[0-9;]*m/g, '');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening\n/);
    expect(text).toContain('port: 8080');
    expect(text).toContain('email: "[redacted]"');
    expect(text).not.toContain('member@example.com');
  });

  it('writes JSON lines otherwise, gathered and written within a fraction of a second without being asked', async () => {
    const log = createProcessLogger({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, { isTTY: false }, fd);
    log.info({ port: 8080, email: 'member@example.com' }, 'listening');
    expect(readFileSync(file, 'utf8')).toBe('');
    const entry = JSON.parse(await written(log));
    expect(entry).toMatchObject({ level: 30, msg: 'listening', port: 8080, email: '[redacted]' });
  });

  it('writes what it gathered when the process exits', () => {
    const script = [
      "import { createProcessLogger } from './server/log.ts';",
      "const log = createProcessLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' });",
      "log.info('first'); log.warn('last');",
      'process.exit(3);',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '..'),
      encoding: 'utf8',
    });
    expect(child.status, child.stderr).toBe(3);
    const lines = child.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual(['first', 'last']);
  });
});

describe('redactSecrets', () => {
  it('replaces the value of every secret key at any depth, in objects and arrays, without changing the original', () => {
    const logged = {
      requestId: 'r1',
      Password: 'p1',
      req: { headers: { Authorization: 'Bearer t', cookie: 'c', accept: 'application/json' } },
      guardians: [{ name: 'Pat', email: 'pat@example.com' }],
      status: 200,
    };
    const before = structuredClone(logged);
    expect(redactSecrets(logged)).toEqual({
      requestId: 'r1',
      Password: '[redacted]',
      req: { headers: { Authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' } },
      guardians: [{ name: 'Pat', email: '[redacted]' }],
      status: 200,
    });
    expect(logged).toEqual(before);
  });

  it('returns a line without secrets as it is (the request log), and leaves err to its serializer', () => {
    const line = { requestId: 'r1', method: 'POST', path: '/api/household/quote', status: 200, ms: 3 };
    expect(redactSecrets(line)).toBe(line);
    const err = Object.assign(new Error('Failed query'), { params: ['secret'] });
    expect(redactSecrets({ err }).err).toBe(err);
  });

  it('redacts the enumerable fields of an error logged under another key, as JSON.stringify would write them', () => {
    const error = Object.assign(new Error('Failed query'), { query: 'insert', params: ['quinn@example.com'] });
    const redacted = redactSecrets({ error });
    expect(JSON.stringify(redacted)).not.toContain('quinn@example.com');
    expect(redacted).toEqual({ error: { query: 'insert', params: '[redacted]' } });
  });
});
