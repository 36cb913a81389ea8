import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import {
  DEFAULT_LOCALE,
  english,
  fieldText,
  fromEnglish,
  type Locale,
  type MessageKey,
  type ParamsArg,
  render,
  type Text,
  text,
} from '../i18n/index.ts';

/** The error body of every 4xx/5xx answer (docs/api.md Conventions). */
export interface ErrorBody {
  message: string;
  messages: Record<string, string[]>;
  [extra: string]: unknown;
}

/**
 * What an error says: a catalogue text (`text(key, params)`), rendered in the request's language when the answer is
 * written, or English as a string (a constant the site shares, a schema's own message), which is the catalogue's
 * text when English has it word for word and otherwise stays as it is (a card processor's message).
 */
export type ErrorText = Text | string;

function toText(message: ErrorText): Text | string {
  return typeof message === 'string' ? fromEnglish(message) : message;
}

/** The top-level message of a 422 that summarises its field messages (Laravel's "first (and n more errors)"). */
const SUMMARY = Symbol('summary');

function summarise(locale: Locale, fields: Record<string, readonly (Text | string)[]>): string {
  const all = Object.values(fields).flat();
  const first = all[0];
  if (first === undefined) return render(locale, text('error.invalidData'));
  const rendered = render(locale, first);
  return all.length > 1 ? render(locale, text('error.summary', { first: rendered, more: all.length - 1 })) : rendered;
}

function renderFields(locale: Locale, fields: Record<string, readonly (Text | string)[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(fields)) {
    const texts: string[] = [];
    for (const item of list) {
      const rendered = render(locale, item);
      if (!texts.includes(rendered)) texts.push(rendered);
    }
    out[field] = texts;
  }
  return out;
}

/**
 * An error a route raises on purpose; the app's error handler turns it into the documented body, in the request's
 * language (`body(locale)`). Anything else that escapes a route is a server fault and answers a bare 500. `message`
 * and `messages` are the English texts (logs and tests); the catalogue keys stay in `text` and `fields`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly text: Text | string | typeof SUMMARY;
  readonly fields: Readonly<Record<string, readonly (Text | string)[]>>;
  /** The player profile's answers repeat the field messages as `errors` (spec §8 Player submit). */
  readonly errorsList: boolean;
  constructor(
    readonly status: ContentfulStatusCode,
    message: ErrorText | typeof SUMMARY,
    messages: Readonly<Record<string, readonly ErrorText[]>> = {},
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
    options: { errorsList?: boolean } = {},
  ) {
    const textOf = message === SUMMARY ? SUMMARY : toText(message);
    const fields: Record<string, (Text | string)[]> = {};
    for (const [field, list] of Object.entries(messages)) fields[field] = list.map(toText);
    super(textOf === SUMMARY ? summarise(DEFAULT_LOCALE, fields) : render(DEFAULT_LOCALE, textOf));
    this.text = textOf;
    this.fields = fields;
    this.errorsList = options.errorsList ?? false;
  }

  /** The field messages in English. */
  get messages(): Record<string, string[]> {
    return renderFields(DEFAULT_LOCALE, this.fields);
  }

  /** The same error answering with its field messages repeated as `errors`. */
  withErrorsList(): ApiError {
    return new ApiError(this.status, this.text, this.fields, this.headers, this.extra, { errorsList: true });
  }

  /** The answer's body in `locale`. */
  body(locale: Locale = DEFAULT_LOCALE): ErrorBody {
    const messages = renderFields(locale, this.fields);
    const message = this.text === SUMMARY ? summarise(locale, this.fields) : render(locale, this.text);
    return this.errorsList
      ? { ...this.extra, errors: messages, message, messages }
      : { ...this.extra, message, messages };
  }
}

export const unauthenticated = () => new ApiError(401, text('error.unauthenticated'));
export const forbidden = (message: ErrorText = text('error.forbidden')) => new ApiError(403, message);
export const notFound = (message: ErrorText = text('error.notFound')) => new ApiError(404, message);
export const conflict = (message: ErrorText, messages: Readonly<Record<string, readonly ErrorText[]>> = {}) =>
  new ApiError(409, message, messages);

/** 422 with one message per field; the top-level message summarises them as Laravel does. */
export function validationError(messages: Readonly<Record<string, readonly ErrorText[]>>): ApiError {
  return new ApiError(422, SUMMARY, messages);
}

export function fieldError(field: string, message: ErrorText): ApiError {
  return validationError({ [field]: [message] });
}

/** `fieldError` with a catalogue key: `fieldErrorOf('email', 'auth.invalidLogin')`. */
export function fieldErrorOf<K extends MessageKey>(field: string, key: K, ...params: ParamsArg<K>): ApiError {
  return fieldError(field, text(key, ...params));
}

export { english, fieldText, text };

function label(path: PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

/** zod's built-in English texts; anything else is a message a schema wrote for people, and is kept. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)\b/;

/** A readable sentence for one zod issue (zod's own texts are for developers), in the catalogue's words. */
export function issueMessage(issue: z.core.$ZodIssue): ErrorText {
  const field = issue.path.length > 0 ? label(issue.path) : '';
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return fieldText('validation.required', field);
      if (issue.path.length === 0) return text('validation.bodyObject');
      return fieldText('validation.mustBe', field, { type: issue.expected });
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? fieldText('validation.required', field)
          : fieldText('validation.minChars', field, { min: String(issue.minimum) });
      }
      if (issue.origin === 'array') return fieldText('validation.minItems', field, { min: String(issue.minimum) });
      return fieldText('validation.min', field, { min: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return fieldText('validation.maxChars', field, { max: String(issue.maximum) });
      if (issue.origin === 'array') return fieldText('validation.maxItems', field, { max: String(issue.maximum) });
      return fieldText('validation.max', field, { max: String(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? fieldText('validation.email', field) : fieldText('validation.format', field);
    case 'invalid_value':
    case 'invalid_union':
      return fieldText('validation.selected', field);
    case 'not_multiple_of':
      return fieldText('validation.twoDecimals', field);
    case 'custom':
      return issue.message;
    default:
      return fieldText('validation.invalid', field);
  }
}

/** Turns zod issues into the `messages` map (field → texts), keyed by the dotted field path. */
export function issuesToMessages(issues: readonly z.core.$ZodIssue[]): Record<string, ErrorText[]> {
  const messages: Record<string, ErrorText[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? label(issue.path) : 'body';
    const list = messages[key] ?? [];
    list.push(issueMessage(issue));
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
  // Each pending value with the way to it; the dotted path is only written for the one that fails (issue 30 point 6:
  // a path string for every key of every body was a percent of the quote's CPU).
  const pending: Step[] = [{ item: value, parent: null, key: '' }];
  const seen = new Set<object>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { item } = next;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return pathOf(next);
    } else if (item !== null && typeof item === 'object' && !seen.has(item)) {
      seen.add(item);
      for (const [key, child] of Object.entries(item)) {
        const step = { item: child, parent: next, key };
        if (!isStorableText(key)) return pathOf(step);
        pending.push(step);
      }
    }
  }
  return null;
}

/** A value met by unstorableTextPath: its container's step and its key there (the top value has no parent). */
interface Step {
  item: unknown;
  parent: Step | null;
  key: string;
}

function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** 422 naming the field whose text cannot be stored (a NUL character or a lone surrogate). */
export function unstorableTextError(field: string): ApiError {
  return fieldError(field === '' ? 'body' : field, fieldText('validation.unstorable', field));
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
