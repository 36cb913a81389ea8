import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAthleteToken } from '../session/athlete-token';
import { setCurrentUser } from '../session/current-user';
import { ApiError } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';
import {
  acceptInvite,
  cancelInvite,
  getHousehold,
  inviteGuardian,
  lookupInvite,
  removeGuardian,
} from './household-invites';
import { invitationSample } from './household-samples';
import { currentUserSchema } from './schemas';
import * as samples from './wire-samples';

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'user-token' }));
  // An athlete picked on this device: the household calls still speak as the logged-in guardian.
  setAthleteToken('athlete-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const invite = {
  id: 7,
  name: 'Robin Lee',
  email: 'robin@example.com',
  relationship: 'Aunt',
  expires_at: '2027-03-08T12:00:00.000Z',
};
const household = {
  guardians: [
    { id: 10, name: 'Pat Rivera', email: 'parent@example.com', relationship: 'Mother', is_you: true },
    { id: 11, name: null, email: 'coparent@example.com', relationship: null, is_you: false },
  ],
  invites: [invite],
};
const invitation = invitationSample;

function sent(requests: ReturnType<typeof stubFetch>) {
  const [request] = requests;
  if (!request) throw new Error('No request was sent.');
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    authorization: request.headers.get('Authorization'),
    body: request.body,
  };
}

describe('the household calls', () => {
  it('reads the household with the guardian token', async () => {
    const requests = stubFetch(() => jsonResponse({ household }));
    await expect(getHousehold()).resolves.toEqual({ household });
    expect(sent(requests)).toEqual({
      method: 'GET',
      path: '/api/household',
      authorization: 'Bearer user-token',
      body: undefined,
    });
  });

  it('sends an invite and reads the pending invite back (201)', async () => {
    const requests = stubFetch(() => jsonResponse({ invite }, 201));
    const body = { name: 'Robin Lee', email: 'robin@example.com', relationship: 'Aunt' };
    await expect(inviteGuardian(body)).resolves.toEqual({ invite });
    expect(sent(requests)).toEqual({
      method: 'POST',
      path: '/api/household/invites',
      authorization: 'Bearer user-token',
      body,
    });
  });

  it('cancels an invite with DELETE and takes the empty 204', async () => {
    const requests = stubFetch(() => new Response(null, { status: 204 }));
    await expect(cancelInvite(7)).resolves.toBeUndefined();
    expect(sent(requests)).toEqual({
      method: 'DELETE',
      path: '/api/household/invites/7',
      authorization: 'Bearer user-token',
      body: undefined,
    });
  });

  it('looks an invite up without any token, the invite token only in the body', async () => {
    const requests = stubFetch(() => jsonResponse({ invite: invitation }));
    await expect(lookupInvite('tok-123')).resolves.toEqual({ invite: invitation });
    const request = sent(requests);
    expect(request).toEqual({
      method: 'POST',
      path: '/api/household/invites/lookup',
      authorization: null,
      body: { token: 'tok-123' },
    });
    expect(requests[0]?.url).not.toContain('tok-123');
  });

  it('accepts with the stored session', async () => {
    const requests = stubFetch(() => jsonResponse({ household }));
    await expect(acceptInvite('tok-123')).resolves.toEqual({ household });
    expect(sent(requests)).toEqual({
      method: 'POST',
      path: '/api/household/invites/accept',
      authorization: 'Bearer user-token',
      body: { token: 'tok-123' },
    });
  });

  it('removes another guardian with DELETE', async () => {
    const requests = stubFetch(() =>
      jsonResponse({ household: { ...household, guardians: [household.guardians[0]] } }),
    );
    await expect(removeGuardian(11)).resolves.toMatchObject({ household: { invites: [invite] } });
    expect(sent(requests)).toMatchObject({ method: 'DELETE', path: '/api/household/guardians/11' });
  });

  it('passes the 404 and 410 texts of an unusable invite on', async () => {
    stubFetch(() => jsonResponse({ message: 'This invitation has expired.', messages: {} }, 410));
    await expect(lookupInvite('old')).rejects.toMatchObject({ status: 410, message: 'This invitation has expired.' });
  });

  it('refuses an answer outside the contract', async () => {
    stubFetch(() => jsonResponse({ household: { guardians: [{ id: 1, email: 'x' }], invites: [] } }));
    const error = await getHousehold().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'schema' });
  });
});
