/**
 * One error type for every failed call, and the §8 general mapping from an error to the text a person sees.
 */
import { HTTPError, TimeoutError } from 'ky';
import { z } from 'zod/mini';
import { t } from '../i18n/runtime';

export type FieldMessages = Record<string, string[]>;

/**
 * - `http`: the server answered 4xx/5xx (status set, body read).
 * - `network`: no answer (offline, DNS, CORS, timeout).
 * - `abort`: the caller aborted the request (e.g. the flow left the state that started it).
 * - `schema`: the server answered 2xx with a body that does not match the contract.
 * - `unknown`: anything else that was thrown.
 */
export type ApiErrorKind = 'http' | 'network' | 'abort' | 'schema' | 'unknown';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number | null;
  /** The response's `messages` map (field → texts); `{}` when absent. */
  messages?: FieldMessages;
  /** The player endpoint's `errors` map (§8 lists it); null when absent. */
  errors?: FieldMessages | null;
  /** The parsed response body (JSON, or the text when not JSON), or null. */
  body?: unknown;
  /** Seconds from `Retry-After` on a 429, when given. */
  retryAfter?: number | null;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly messages: FieldMessages;
  readonly errors: FieldMessages | null;
  readonly body: unknown;
  readonly retryAfter: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.messages = init.messages ?? {};
    this.errors = init.errors ?? null;
    this.body = init.body ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/**
 * The site's own error texts, in English (the tests compare with them); the errors carry them in the language in use
 * (the `common` catalogue, issue 31).
 */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Please try again.';
export const ABORT_ERROR_MESSAGE = 'The request was cancelled.';
export const SCHEMA_ERROR_MESSAGE = 'The server sent an unexpected response. Please try again later.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Reads a `{ field: string[] | string }` map leniently: the server is the one place this shape can drift. */
function readFieldMessages(value: unknown): FieldMessages | null {
  if (!isRecord(value)) return null;
  const map: FieldMessages = {};
  for (const [field, texts] of Object.entries(value)) {
    const list = (Array.isArray(texts) ? texts : [texts]).filter((text): text is string => nonEmptyText(text) !== null);
    map[field] = list;
  }
  return map;
}

function messageLines(map: FieldMessages | null | undefined): string[] {
  if (!map) return [];
  return Object.values(map).flatMap((texts) => texts.filter((text) => text.trim() !== ''));
}

/**
 * §8 general error mapping: the messages map's non-empty values joined with line breaks; else the single message;
 * else the error's own message; else 'Error' (`common.error`, in the language in use, as the server's texts come).
 * Accepts an ApiError, any Error, a raw error body or a string.
 */
export function errorText(err: unknown): string {
  if (typeof err === 'string') return nonEmptyText(err) ?? t('common.error');
  if (!isRecord(err) && !(err instanceof Error)) return t('common.error');
  const source = err as Record<string, unknown>;
  const lines = messageLines(err instanceof ApiError ? err.messages : readFieldMessages(source.messages));
  if (lines.length > 0) return lines.join('\n');
  // An ApiError's own message already is the response's single message when there was one.
  return nonEmptyText(source.message) ?? t('common.error');
}

/** The field texts of an error response's `errors` map (the player endpoint's list, §8), or [] when none. */
export function errorList(err: unknown): string[] {
  if (err instanceof ApiError) return messageLines(err.errors);
  return isRecord(err) ? messageLines(readFieldMessages(err.errors)) : [];
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return null;
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An ApiError for a 4xx/5xx response, its body read and its message chosen as §8 describes. */
export async function httpErrorFromResponse(response: Response, cause?: unknown): Promise<ApiError> {
  const body = await readBody(response);
  const record = isRecord(body) ? body : {};
  // Stripe-shaped bodies (the card sandbox's 402) nest their text under `error`.
  const nested = isRecord(record.error) ? nonEmptyText(record.error.message) : null;
  // The status as HTTP gives it ('502', '502 Bad Gateway'): data in the language in use's sentence.
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const fallback = t('common.requestFailed', { status });
  return new ApiError({
    kind: 'http',
    status: response.status,
    message: nonEmptyText(record.message) ?? nested ?? fallback,
    messages: readFieldMessages(record.messages) ?? {},
    errors: readFieldMessages(record.errors),
    body,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    cause,
  });
}

/** A 2xx answer whose body does not match its schema. */
export function schemaError(error: z.core.$ZodError, body: unknown, status: number | null, what: string): ApiError {
  const fields = [...new Set(error.issues.map((issue) => issue.path.join('.') || '(body)'))].join(', ');
  console.error(`Unexpected response from ${what}: invalid ${fields}`, body);
  return new ApiError({ kind: 'schema', status, message: t('common.schemaError'), body, cause: error });
}

function isAbortError(err: unknown): boolean {
  return isRecord(err) || err instanceof Error ? (err as { name?: unknown }).name === 'AbortError' : false;
}

/**
 * Turns whatever a call threw into an ApiError: ky's HTTPError (the body is read, hence async), TimeoutError,
 * an abort, a network failure (fetch's TypeError), a zod parse failure, or anything else.
 */
export async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPError) return httpErrorFromResponse(err.response, err);
  if (err instanceof TimeoutError)
    return new ApiError({ kind: 'network', message: t('common.timeoutError'), cause: err });
  if (isAbortError(err)) return new ApiError({ kind: 'abort', message: t('common.abortError'), cause: err });
  if (err instanceof z.core.$ZodError) return schemaError(err, null, null, 'the server');
  if (err instanceof TypeError) return new ApiError({ kind: 'network', message: t('common.networkError'), cause: err });
  const message = err instanceof Error ? nonEmptyText(err.message) : null;
  return new ApiError({ kind: 'unknown', message: message ?? t('common.error'), cause: err });
}
