import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAthleteToken } from '../session/athlete-token';
import { setCurrentUser } from '../session/current-user';
import { ApiError } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';
import { getLicenceInfo } from './licences';
import { currentUserSchema } from './schemas';
import { getWaitlistEntry, joinWaitlist, leaveWaitlist } from './waitlist';
import * as samples from './wire-samples';

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'user-token' }));
  // An athlete picked on this device: the waitlist calls still speak as the logged-in guardian.
  setAthleteToken('athlete-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = {
  license: 'FULL-2027',
  team: { name: '12U Tigers' },
  position: 2,
  status: 'waiting',
  offer: null,
  joined_at: '2026-11-26T18:00:00.000Z',
};

function only(requests: ReturnType<typeof stubFetch>) {
  expect(requests).toHaveLength(1);
  const [request] = requests;
  if (!request) throw new Error('No request was sent.');
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname + url.search,
    authorization: request.headers.get('Authorization'),
    body: request.body,
  };
}

describe('the waitlist calls', () => {
  it('joins with the licence as the logged-in guardian and returns the entry', async () => {
    const requests = stubFetch(() => jsonResponse({ entry }, 201));
    await expect(joinWaitlist('FULL-2027')).resolves.toEqual(entry);
    expect(only(requests)).toEqual({
      method: 'POST',
      path: '/api/waitlist',
      authorization: 'Bearer user-token',
      body: { license: 'FULL-2027' },
    });
  });

  it('reads the entry of one licence, null when the family is not on it', async () => {
    const requests = stubFetch(() => jsonResponse({ entry: null }));
    await expect(getWaitlistEntry('FULL 2027')).resolves.toBeNull();
    expect(only(requests)).toMatchObject({
      method: 'GET',
      path: '/api/waitlist?license=FULL%202027',
      authorization: 'Bearer user-token',
    });
  });

  it('reads an open offer', async () => {
    const offered = { ...entry, position: 0, status: 'offered', offer: { expires_at: '2026-11-28T18:00:00.000Z' } };
    stubFetch(() => jsonResponse({ entry: offered }));
    await expect(getWaitlistEntry('FULL-2027')).resolves.toEqual(offered);
  });

  it('leaves with DELETE and a 204', async () => {
    const requests = stubFetch(() => new Response(null, { status: 204 }));
    await expect(leaveWaitlist('FULL-2027')).resolves.toBeUndefined();
    expect(only(requests)).toMatchObject({
      method: 'DELETE',
      path: '/api/waitlist?license=FULL-2027',
      authorization: 'Bearer user-token',
    });
  });

  it('refuses an entry missing its fields, and passes the server refusal on', async () => {
    stubFetch(() => jsonResponse({ entry: { ...entry, position: -1 } }));
    await expect(joinWaitlist('FULL-2027')).rejects.toThrow();
    vi.unstubAllGlobals();
    stubFetch(() => jsonResponse({ message: 'This team still has spots: register now.', messages: {} }, 422));
    const refusal = await joinWaitlist('TIGERS-2027').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
  });
});

describe('the licence info with a waitlist offer', () => {
  it('sends the offer token and keeps the held seat in the answer', async () => {
    const licence = { ...samples.licenceInfo, is_coach: false, offer: { expires_at: '2026-11-28T18:00:00.000Z' } };
    const requests = stubFetch(() => jsonResponse(licence));
    await expect(getLicenceInfo('FULL-2027', {}, 'tok/en')).resolves.toMatchObject({
      offer: { expires_at: '2026-11-28T18:00:00.000Z' },
    });
    expect(only(requests)).toMatchObject({
      method: 'GET',
      path: '/api/registration-link/info/FULL-2027?offer=tok%2Fen',
      authorization: null,
    });
  });

  it('answers without an offer as before', async () => {
    stubFetch(() => jsonResponse({ ...samples.licenceInfo, is_coach: false }));
    const licence = await getLicenceInfo('FULL-2027');
    expect(licence.offer).toBeUndefined();
  });
});
