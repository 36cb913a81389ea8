import pino, { type DestinationStream, type Logger } from 'pino';
import type { Env } from './env.ts';

export type { Logger } from 'pino';

/**
 * Keys whose values are secrets or personal data. Nothing logs them on purpose (request bodies, passwords, tokens
 * and SQL parameters are never logged); this list is the second line of defence for an object logged by mistake.
 */
const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'current_password',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'authorization',
  'cookie',
  'email',
  'phone',
  'params',
  'body',
];

const SECRETS = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));
const CENSOR = '[redacted]';
/** How deep into a logged object secrets are looked for (pino's redact paths went two levels, headers three). */
const REDACT_DEPTH = 6;

/**
 * The logged object with the value of every key named in SECRET_KEYS (any case) replaced by '[redacted]', at any
 * depth up to REDACT_DEPTH, in objects and arrays; the object itself is never changed (copies are made only along
 * the way to a secret). `err` is left to its serializer (`serializeError`), which keeps no values.
 *
 * This replaces pino's `redact` option: with wildcard paths pino ran its redactor on every value of every line (the
 * request log's five numbers and strings included), parsing each of the 34 paths each time: 4 % of the server's CPU
 * under load (issue 20, the quote's profile). A line without objects, like the request log, is now returned as it is.
 */
export function redactSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    if (!Object.hasOwn(object, key) || key === 'err') continue;
    const value = object[key];
    const redacted = SECRETS.has(key.toLowerCase()) ? CENSOR : redactValue(value, 1);
    if (redacted !== value) {
      copy ??= { ...object };
      copy[key] = redacted;
    }
  }
  return copy ?? object;
}

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > REDACT_DEPTH) return value;
  // What JSON.stringify would call toJSON on (a Date, a Buffer) is written as that method says.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const redacted = redactValue(item, depth + 1);
      if (redacted !== item) {
        copy ??= [...value];
        copy[index] = redacted;
      }
    });
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const redacted = SECRETS.has(key.toLowerCase()) ? CENSOR : redactValue(item, depth + 1);
    if (redacted !== item) {
      // Enumerable own properties are all JSON.stringify writes of an object (an Error's included).
      copy ??= Object.fromEntries(Object.keys(record).map((name) => [name, record[name]]));
      copy[key] = redacted;
    }
  }
  return copy ?? value;
}

/**
 * Structured JSON logs (pino). `destination` is stdout unless given (the tests read what would be written).
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = loggerOptions(env);
  return destination ? pino(options, destination) : pino(options);
}

function loggerOptions(env: Pick<Env, 'LOG_LEVEL'>) {
  return {
    level: env.LOG_LEVEL,
    base: { service: 'diamond-academy-api' },
    formatters: { log: redactSecrets, bindings: redactSecrets },
    serializers: { err: serializeError },
  };
}

export type LogFormat = 'pretty' | 'json';

/**
 * How the server process logs: one line of human-readable text per entry (pino-pretty) for a person at a terminal
 * in development, JSON for everything else (production, a pipe, a file, a log collector).
 */
export function logFormat(env: Pick<Env, 'NODE_ENV'>, stdout: { isTTY?: boolean }): LogFormat {
  return env.NODE_ENV !== 'production' && stdout.isTTY === true ? 'pretty' : 'json';
}

/** How many bytes of log lines the server process gathers before writing them (createProcessLogger). */
const LOG_BUFFER_BYTES = 4096;
/** How long a gathered log line waits at most before it is written (createProcessLogger). */
const LOG_FLUSH_MS = 200;

/**
 * The server process's logger on file descriptor `fd` (stdout), in the format `logFormat` picks. Pretty logs go
 * through pino's transport (a worker thread that pino flushes on exit); the redaction applies before either.
 */
export function createProcessLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  stdout: { isTTY?: boolean } = process.stdout,
  fd = 1,
): Logger {
  if (logFormat(env, stdout) === 'pretty') {
    const transport = pino.transport({
      target: 'pino-pretty',
      options: { destination: fd, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'service' },
    });
    return pino(loggerOptions(env), transport);
  }
  // Synchronous writes: pino's default asynchronous stdout is flushed on exit, and when the reader of stdout is gone
  // (`npm start | pino-pretty` after Ctrl-C) that flush retried the broken pipe for ever, so the process never
  // exited. A synchronous write meets the broken pipe at once, and pino then stops logging.
  //
  // Lines are gathered up to LOG_BUFFER_BYTES and written at most LOG_FLUSH_MS later (and at exit): one write per
  // line was one system call per request, 3 % of the server's CPU for the five-athlete quote under load (issue 30
  // point 6, the full bench's profile). A process killed outright loses at most that last fraction of a second.
  const destination = pino.destination({
    dest: fd,
    sync: true,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  process.once('exit', () => flushQuietly(destination));
  return pino(loggerOptions(env), destination);
}

/**
 * Writes what is gathered (at most LOG_BUFFER_BYTES and a line: one write) at once. Not sonic-boom's `flushSync`,
 * which retries a broken pipe for ever (`npm start | pino-pretty` after Ctrl-C: the process never exited); `flush`
 * writes synchronously on this destination and meets the broken pipe once, as a line written then would.
 */
function flushQuietly(destination: { flush(): void }): void {
  try {
    destination.flush();
  } catch {
    // Destroyed: nothing to write to any more.
  }
}

/** PostgreSQL error fields that name the failing thing, never the values (`detail` and `where` quote the row). */
const DB_ERROR_FIELDS = ['severity', 'constraint', 'table', 'column', 'routine'] as const;
const MAX_CAUSES = 3;

/**
 * What a log keeps of an error: its type, message and code, the failing constraint of a database error, and the
 * stack frames of our own code. pino's own serializer copies every property, and drizzle's errors carry the query's
 * parameters (a failed registration logged the e-mail, the phone and the password hash), so this one picks.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: 'A value that is not an Error was thrown.' };
  const fields = error as unknown as Record<string, unknown>;
  const serialized: Record<string, unknown> = {
    type: error.constructor.name || error.name,
    message: safeMessage(error),
  };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') serialized.code = fields.code;
  for (const field of DB_ERROR_FIELDS) {
    if (typeof fields[field] === 'string') serialized[field] = fields[field];
  }
  const frames = ownStackFrames(error.stack);
  if (frames) serialized.stack = frames;
  if (error.cause !== undefined && depth < MAX_CAUSES) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * The message without the values it may quote: drizzle appends "params: …" to the failed query's SQL, and PostgreSQL
 * ends messages about bad input with the input ('invalid input syntax for type integer: "…"').
 */
function safeMessage(error: Error): string {
  const withoutParams = error.message.split(/\n\s*params:/)[0] ?? '';
  return withoutParams.replace(/: ".*"$/s, ': "…"');
}

/** The stack frames inside this project's code (no message line, no dependencies, no Node internals). */
function ownStackFrames(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !line.includes('node_modules') && !line.includes('node:'));
  return frames.length > 0 ? frames.join('\n') : undefined;
}
