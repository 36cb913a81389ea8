/**
 * The one HTTP client of the site (design §3): ky with the JSON and website-marker headers of §7, the selected API
 * server's base URL read at request time (switching servers needs no reload), the bearer token of the stored user
 * (or the athlete's, for payments, §6), and the in-flight counter behind the loading overlay.
 *
 * Every response is validated with its schema; whatever fails reaches the caller as an ApiError (errors.ts).
 */

import ky, { type Options } from 'ky';
import type { z } from 'zod/mini';
import { currentLocale, t } from '../i18n/runtime';
import { apiBaseUrl } from '../session/api-server';
import { getAthleteToken } from '../session/athlete-token';
import { getCurrentUser } from '../session/current-user';
import { ApiError, schemaError, toApiError } from './errors';
import { beginRequest } from './loading';

/**
 * Which token a call carries:
 * - `user`: the stored user's token when a user is stored (the default),
 * - `payer`: the stored athlete token when present, else the user's (§6: payments),
 * - `none`: no Authorization header (public calls, the draft preview, other hosts).
 */
export type AuthMode = 'user' | 'payer' | 'none';

/** Options every endpoint function accepts as its last argument. */
export interface CallOptions {
  auth?: AuthMode;
  /** Aborts the request (e.g. from an XState fromPromise actor's signal). */
  signal?: AbortSignal;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface RequestOptions extends CallOptions {
  method?: HttpMethod;
  /** JSON request body. */
  json?: unknown;
  /** Another host than the selected server (the white-label subdomain). */
  baseUrl?: string;
}

/** The ky instance. Prefer requestJson / requestText, which add the base URL, token, counter and validation. */
export const http = ky.create({
  headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'website' },
  // Only idempotent reads are retried, and only when a retry can help; a POST is never sent twice.
  retry: { limit: 1, methods: ['get'], statusCodes: [408, 502, 503, 504] },
  timeout: 30_000,
});

export function bearerToken(auth: AuthMode = 'user'): string | null {
  if (auth === 'none') return null;
  const userToken = getCurrentUser()?.token ?? null;
  return auth === 'payer' ? (getAthleteToken() ?? userToken) : userToken;
}

/** The absolute URL of an API path on the selected server (or on `baseUrl`). */
export function apiUrl(path: string, baseUrl: string = apiBaseUrl()): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

async function send<T>(
  path: string,
  options: RequestOptions,
  read: (response: Response, what: string) => Promise<T>,
): Promise<T> {
  const method = options.method ?? 'get';
  const what = `${method.toUpperCase()} ${path}`;
  const token = bearerToken(options.auth);
  let endRequest: (() => void) | undefined;
  const kyOptions: Options = {
    method,
    // Issue 31 point 2: the server answers its messages in the language in use.
    headers: token
      ? { Authorization: `Bearer ${token}`, 'Accept-Language': currentLocale() }
      : { 'Accept-Language': currentLocale() },
    hooks: {
      // beforeRequest runs again for a retried attempt: the request is counted once.
      beforeRequest: [
        () => {
          endRequest ??= beginRequest();
        },
      ],
    },
  };
  if (options.json !== undefined) kyOptions.json = options.json;
  if (options.signal) kyOptions.signal = options.signal;
  try {
    const response = await http(apiUrl(path, options.baseUrl), kyOptions);
    return await read(response, what);
  } catch (error) {
    throw await toApiError(error);
  } finally {
    endRequest?.();
  }
}

async function readJson(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    console.error(`Unexpected response from ${what}: not JSON`, text.slice(0, 200));
    throw new ApiError({
      kind: 'schema',
      status: response.status,
      message: t('common.schemaError'),
      body: text,
      cause,
    });
  }
}

/** Sends a request and returns its JSON body parsed with `schema`. */
export function requestJson<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return send(path, options, async (response, what) => {
    const body = await readJson(response, what);
    const result = schema.safeParse(body);
    if (!result.success) throw schemaError(result.error, body, response.status, what);
    return result.data as z.output<S>;
  });
}

/** Sends a request and returns its body as text (the stylesheets). */
export function requestText(path: string, options: RequestOptions = {}): Promise<string> {
  return send(path, options, (response) => response.text());
}
