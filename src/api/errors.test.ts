import { HTTPError, type NormalizedOptions, TimeoutError } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  ABORT_ERROR_MESSAGE,
  ApiError,
  errorList,
  errorText,
  httpErrorFromResponse,
  NETWORK_ERROR_MESSAGE,
  SCHEMA_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  toApiError,
} from './errors';

const request = new Request('http://localhost/api/thing');

function httpError(body: string, status: number, headers: Record<string, string> = {}): HTTPError {
  return new HTTPError(new Response(body, { status, headers }), request, {} as NormalizedOptions);
}

describe('errorText (§8 general mapping)', () => {
  it.each([
    {
      case: 'messages map: non-empty values joined with line breaks',
      error: new ApiError({
        kind: 'http',
        message: 'The given data was invalid.',
        messages: { email: ['The email has already been taken.', ''], phone: [], name: ['Name is required.'] },
      }),
      expected: 'The email has already been taken.\nName is required.',
    },
    {
      case: 'messages map with only empty values falls back to the message',
      error: new ApiError({ kind: 'http', message: 'Invalid login.', messages: { email: ['', '  '] } }),
      expected: 'Invalid login.',
    },
    {
      case: 'empty messages map: the single message',
      error: new ApiError({ kind: 'http', message: 'Code not found.', messages: {} }),
      expected: 'Code not found.',
    },
    {
      case: 'raw error body with a messages map (values as arrays or strings)',
      error: { message: 'Invalid.', messages: { a: ['First.'], b: 'Second.' } },
      expected: 'First.\nSecond.',
    },
    { case: 'raw error body with only a message', error: { message: 'Nope.' }, expected: 'Nope.' },
    { case: "an Error's own message", error: new Error('Boom'), expected: 'Boom' },
    { case: 'an Error without a message', error: new Error(''), expected: 'Error' },
    { case: 'a plain string', error: 'Plain text', expected: 'Plain text' },
    { case: 'an empty string', error: '', expected: 'Error' },
    { case: 'an object without message(s)', error: { status: 500 }, expected: 'Error' },
    { case: 'null', error: null, expected: 'Error' },
    { case: 'undefined', error: undefined, expected: 'Error' },
    { case: 'a number', error: 42, expected: 'Error' },
  ])('$case', ({ error, expected }) => {
    expect(errorText(error)).toBe(expected);
  });
});

describe('errorList (the player endpoint errors object, §8)', () => {
  it.each([
    {
      error: new ApiError({ kind: 'http', message: 'x', errors: { weight: ['Weight is required.'], sex: ['Bad.'] } }),
      expected: ['Weight is required.', 'Bad.'],
    },
    { error: new ApiError({ kind: 'http', message: 'x' }), expected: [] },
    { error: { errors: { a: ['One.', ''] } }, expected: ['One.'] },
    { error: 'text', expected: [] },
  ])('lists $expected', ({ error, expected }) => {
    expect(errorList(error)).toEqual(expected);
  });
});

describe('toApiError', () => {
  it('reads an HTTP error body: message, messages, errors, status', async () => {
    const body = {
      message: 'Validation error.',
      messages: { weight: ['Required.'] },
      errors: { weight: ['Required.'] },
    };
    const error = await toApiError(httpError(JSON.stringify(body), 422));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      message: 'Validation error.',
      messages: { weight: ['Required.'] },
      errors: { weight: ['Required.'] },
      body,
    });
    expect(errorText(error)).toBe('Required.');
  });

  it('keeps a non-JSON error body as text and falls back to the status line', async () => {
    const error = await toApiError(httpError('<h1>Bad gateway</h1>', 502));
    expect(error).toMatchObject({ status: 502, body: '<h1>Bad gateway</h1>', messages: {}, errors: null });
    expect(error.message).toBe('Request failed with status 502');
    expect(errorText(error)).toBe('Request failed with status 502');
  });

  it('reads Retry-After of a rate-limited answer', async () => {
    const error = await toApiError(
      httpError(JSON.stringify({ message: 'Too many attempts.', messages: {} }), 429, {
        'Retry-After': '60',
      }),
    );
    expect(error).toMatchObject({ status: 429, retryAfter: 60, message: 'Too many attempts.' });
  });

  it("uses the nested text of a Stripe-shaped body (the card sandbox's 402)", async () => {
    const body = { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
    const error = await httpErrorFromResponse(new Response(JSON.stringify(body), { status: 402 }));
    expect(errorText(error)).toBe('Your card was declined.');
  });

  it.each([
    { thrown: new TimeoutError(request), kind: 'network', message: TIMEOUT_ERROR_MESSAGE },
    { thrown: new DOMException('aborted', 'AbortError'), kind: 'abort', message: ABORT_ERROR_MESSAGE },
    { thrown: new TypeError('Failed to fetch'), kind: 'network', message: NETWORK_ERROR_MESSAGE },
    { thrown: new Error('Something odd'), kind: 'unknown', message: 'Something odd' },
    { thrown: 'a thrown string', kind: 'unknown', message: 'Error' },
  ])('maps $thrown.constructor.name to a $kind ApiError', async ({ thrown, kind, message }) => {
    const error = await toApiError(thrown);
    expect(error).toMatchObject({ kind, message, status: null });
    expect(error.cause).toBe(thrown);
  });

  it('maps a schema failure to a schema ApiError with a clear message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = z.object({ id: z.int() }).safeParse({ id: 'x' });
    if (result.success) throw new Error('the sample should fail');
    await expect(toApiError(result.error)).resolves.toMatchObject({ kind: 'schema', message: SCHEMA_ERROR_MESSAGE });
    vi.restoreAllMocks();
  });

  it('returns an ApiError unchanged', async () => {
    const error = new ApiError({ kind: 'http', status: 404, message: 'Not found' });
    await expect(toApiError(error)).resolves.toBe(error);
  });
});
