import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { API_SERVER_KEY } from '../session/api-server';
import { setAthleteToken } from '../session/athlete-token';
import { type CurrentUser, setCurrentUser } from '../session/current-user';
import { apiUrl, bearerToken, requestJson, requestText } from './client';
import { ApiError, SCHEMA_ERROR_MESSAGE } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';

const testConfig = vi.hoisted(() => ({
  config: {
    apiServers: [
      { id: 'default' as const, label: 'Default', url: '' },
      { id: 'alternate' as const, label: 'Alternate', url: 'https://alt.example.com/base/' },
    ],
    clientId: '7',
    serverCssUrl: '',
  },
}));
vi.mock('../config', () => testConfig);

const user: CurrentUser = {
  id: 1,
  name: 'Pat Parent',
  email: 'parent@example.com',
  phone: null,
  username: null,
  token: 'user-token',
  is_new: false,
  is_coach: false,
  has_subscription: false,
  player: null,
  license: null,
  subscription: null,
  deeplink: null,
};

const okSchema = z.object({ ok: z.boolean() });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('API client', () => {
  it('sends the JSON and website-marker headers to the same origin by default, without a token when logged out', async () => {
    const requests = stubFetch(() => jsonResponse({ ok: true }));
    await expect(requestJson('/api/thing', okSchema)).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(`${window.location.origin}/api/thing`);
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('X-Requested-With')).toBe('website');
    expect(request?.headers.has('Authorization')).toBe(false);
  });

  it('reads the selected server at request time', async () => {
    const requests = stubFetch(() => jsonResponse({ ok: true }));
    await requestJson('/api/thing', okSchema);
    localStorage.setItem(API_SERVER_KEY, 'alternate');
    await requestJson('api/thing', okSchema);
    expect(requests.map((request) => request.url)).toEqual([
      `${window.location.origin}/api/thing`,
      'https://alt.example.com/base/api/thing',
    ]);
  });

  it('sends the stored user token as a bearer token', async () => {
    setCurrentUser(user);
    const requests = stubFetch(() => jsonResponse({ ok: true }));
    await requestJson('/api/thing', okSchema, { method: 'post', json: { a: 1 } });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer user-token');
    expect(requests[0]?.body).toEqual({ a: 1 });
    expect(requests[0]?.method).toBe('POST');
  });

  it('omits the token when asked (draft preview, other hosts)', async () => {
    setCurrentUser(user);
    const requests = stubFetch(() => jsonResponse({ ok: true }));
    await requestJson('/api/thing', okSchema, { auth: 'none' });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it.each([
    { athlete: 'athlete-token', expected: 'athlete-token' },
    { athlete: null, expected: 'user-token' },
  ])('uses the athlete token for the payer when stored ($athlete)', async ({ athlete, expected }) => {
    setCurrentUser(user);
    if (athlete) setAthleteToken(athlete);
    const requests = stubFetch(() => jsonResponse({ ok: true }));
    await requestJson('/api/thing', okSchema, { auth: 'payer' });
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${expected}`);
    expect(bearerToken('user')).toBe('user-token');
  });

  it('turns a response that fails its schema into an ApiError', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse({ ok: 'yes' }));
    const error = await requestJson('/api/thing', okSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'schema', status: 200, message: SCHEMA_ERROR_MESSAGE, body: { ok: 'yes' } });
    expect(errorLog).toHaveBeenCalledWith(expect.stringContaining('GET /api/thing: invalid ok'), { ok: 'yes' });
  });

  it.each([
    { body: 'not json at all', what: 'text' },
    { body: '', what: 'an empty body' },
  ])('treats $what where JSON is expected as a schema error', async ({ body }) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => new Response(body, { status: 200 }));
    await expect(requestJson('/api/thing', okSchema)).rejects.toMatchObject({ kind: 'schema' });
  });

  it('turns an HTTP error into an ApiError with the body read', async () => {
    stubFetch(() => jsonResponse({ message: 'The given data was invalid.', messages: { email: ['Taken.'] } }, 422));
    await expect(requestJson('/api/thing', okSchema, { method: 'post', json: {} })).rejects.toMatchObject({
      kind: 'http',
      status: 422,
      message: 'The given data was invalid.',
      messages: { email: ['Taken.'] },
    });
  });

  it('turns a network failure into an ApiError', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestJson('/api/thing', okSchema, { method: 'post', json: {} })).rejects.toMatchObject({
      kind: 'network',
      status: null,
    });
  });

  it('never retries a POST', async () => {
    const requests = stubFetch(() => jsonResponse({ message: 'Busy' }, 503));
    await expect(requestJson('/api/thing', okSchema, { method: 'post', json: {} })).rejects.toMatchObject({
      status: 503,
    });
    expect(requests).toHaveLength(1);
  });

  it('retries a GET once on a gateway error', async () => {
    let attempts = 0;
    const requests = stubFetch(() => {
      attempts += 1;
      return attempts === 1 ? jsonResponse({ message: 'Bad gateway' }, 502) : jsonResponse({ ok: true });
    });
    await expect(requestJson('/api/thing', okSchema)).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(2);
  });

  it('returns text bodies for the stylesheets', async () => {
    stubFetch(() => new Response('body { color: red; }', { headers: { 'Content-Type': 'text/css' } }));
    await expect(requestText('/api/clients/7/website-css')).resolves.toBe('body { color: red; }');
  });

  it('joins base and path with exactly one slash', () => {
    expect(apiUrl('/api/x', 'https://a.example/')).toBe('https://a.example/api/x');
    expect(apiUrl('api/x', 'https://a.example/v1')).toBe('https://a.example/v1/api/x');
  });
});
