import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** The error body of every 4xx/5xx answer (docs/api.md Conventions). */
export interface ErrorBody {
  message: string;
  messages: Record<string, string[]>;
  [extra: string]: unknown;
}

/**
 * An error a route raises on purpose; the app's error handler turns it into the documented body. Anything else that
 * escapes a route is a server fault and answers a bare 500.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly messages: Record<string, string[]> = {},
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { ...this.extra, message: this.message, messages: this.messages };
  }
}

export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');
export const forbidden = (message = 'This action is unauthorized.') => new ApiError(403, message);
export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const conflict = (message: string, messages: Record<string, string[]> = {}) =>
  new ApiError(409, message, messages);

/** 422 with one message per field; the top-level message summarises them as Laravel does. */
export function validationError(messages: Record<string, string[]>): ApiError {
  const all = Object.values(messages).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
  return new ApiError(422, message, messages);
}

export function fieldError(field: string, message: string): ApiError {
  return validationError({ [field]: [message] });
}

function label(path: PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

function humanLabel(field: string): string {
  return field.replaceAll('_', ' ').replaceAll('.', ' ');
}

/** zod's built-in English texts; anything else is a message a schema wrote for people, and is kept. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)\b/;

/** A readable sentence for one zod issue (zod's own texts are for developers). */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? humanLabel(label(issue.path)) : 'request body';
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return `The ${field} field is required.`;
      if (issue.path.length === 0) return 'The request body must be a JSON object.';
      return `The ${field} field must be ${article(issue.expected)}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `The ${field} field is required.`
          : `The ${field} field must be at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') return `The ${field} field must have at least ${issue.minimum} items.`;
      return `The ${field} field must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `The ${field} field must not be greater than ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `The ${field} field must not have more than ${issue.maximum} items.`;
      return `The ${field} field must not be greater than ${issue.maximum}.`;
    case 'invalid_format':
      return issue.format === 'email'
        ? `The ${field} field must be a valid email address.`
        : `The ${field} field format is invalid.`;
    case 'invalid_value':
    case 'invalid_union':
      return `The selected ${field} is invalid.`;
    case 'not_multiple_of':
      return `The ${field} field must have at most two decimals.`;
    case 'custom':
      return issue.message;
    default:
      return `The ${field} field is invalid.`;
  }
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (expected === 'object') return 'an object';
  if (expected === 'array') return 'a list';
  return `a ${expected}`;
}

/** Turns zod issues into the `messages` map (field → sentences), keyed by the dotted field path. */
export function issuesToMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? label(issue.path) : 'body';
    const text = issueMessage(issue);
    const list = messages[key] ?? [];
    if (!list.includes(text)) list.push(text);
    messages[key] = list;
  }
  return messages;
}

/** Half of a surrogate pair: a JavaScript string can hold one, UTF-8 (and so PostgreSQL) cannot. */
const LONE_SURROGATE = /\p{Cs}/u;

function isStorableText(text: string): boolean {
  // PostgreSQL's text types refuse U+0000 outright ("invalid byte sequence"), which was a 500.
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The dotted path of the first string (or object key) in `value` that PostgreSQL cannot store, '' for `value` itself,
 * or null when everything is storable. Iterative: a parsed body can be nested thousands of levels deep.
 */
export function unstorableTextPath(value: unknown): string | null {
  const pending: [value: unknown, path: string][] = [[value, '']];
  const seen = new Set<object>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
    } else if (item !== null && typeof item === 'object' && !seen.has(item)) {
      seen.add(item);
      for (const [key, child] of Object.entries(item)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        if (!isStorableText(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/** 422 naming the field whose text cannot be stored (a NUL character or a lone surrogate). */
export function unstorableTextError(field: string): ApiError {
  const key = field === '' ? 'body' : field;
  const name = field === '' ? 'request body' : humanLabel(field);
  return fieldError(key, `The ${name} field contains characters that are not allowed.`);
}

/**
 * The OpenAPIHono default hook: a request that fails its schema answers 422 with field messages, and so does a value
 * that passes it but holds text PostgreSQL cannot store (checked on what the schema lets through, after the route's
 * token check, so an anonymous caller still gets 401 first). Malformed JSON never reaches the schema; the validator
 * raises a 400 for it, which the error handler shapes.
 */
export function validationHook(
  result: { success: true; data: unknown } | { success: false; error: z.core.$ZodError },
  _c: Context,
): undefined {
  if (!result.success) throw validationError(issuesToMessages(result.error.issues));
  const field = unstorableTextPath(result.data);
  if (field !== null) throw unstorableTextError(field);
  return undefined;
}
