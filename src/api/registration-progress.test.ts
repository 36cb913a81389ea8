import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAthleteToken } from '../session/athlete-token';
import { setCurrentUser } from '../session/current-user';
import { ApiError } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';
import { deleteProgress, getProgress, saveProgress, saveProgressOnLeave } from './registration-progress';
import { currentUserSchema } from './schemas';
import * as samples from './wire-samples';

const row = {
  license: 'PAY-2027',
  flow: 'payment',
  machine_version: 'v1',
  step: 'payment.checkout',
  athlete: { id: 12, name: 'Alex Parent' },
  team: { name: '12U Tigers', season: 'Spring 2027' },
  snapshot: { value: 'checkout', context: { selectedPlanMonth: 0 } },
  updated_at: '2027-03-01T10:00:00.000Z',
};

const save = {
  license: 'PAY-2027',
  flow: 'payment' as const,
  machine_version: 'v1',
  step: 'payment.checkout',
  athlete_id: 12,
  snapshot: { value: 'checkout' },
};

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'user-token' }));
  // An athlete token is stored while paying: the progress still belongs to the guardian's account.
  setAthleteToken('athlete-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration progress calls (issue 21)', () => {
  it('saves with PUT as the logged-in guardian and answers the row', async () => {
    const requests = stubFetch(() => jsonResponse({ progress: row }));
    await expect(saveProgress(save)).resolves.toEqual(row);
    expect(requests[0]?.method).toBe('PUT');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/registrations/progress');
    expect(requests[0]?.body).toEqual(save);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it('reads one licence, or the latest without one, and null when none', async () => {
    const requests = stubFetch((request) =>
      jsonResponse({ progress: new URL(request.url).searchParams.has('license') ? row : null }),
    );
    await expect(getProgress('PAY 2027')).resolves.toEqual(row);
    await expect(getProgress(null)).resolves.toBeNull();
    expect(new URL(requests[0]?.url ?? '').searchParams.get('license')).toBe('PAY 2027');
    expect(new URL(requests[1]?.url ?? '').search).toBe('');
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it('refuses a row that does not match the contract', async () => {
    stubFetch(() => jsonResponse({ progress: { ...row, flow: 'subscribe' } }));
    await expect(getProgress('PAY-2027')).rejects.toBeInstanceOf(ApiError);
  });

  it("'Start over' deletes the licence's row (204)", async () => {
    const requests = stubFetch(() => new Response(null, { status: 204 }));
    await expect(deleteProgress('PAY-2027')).resolves.toBeUndefined();
    expect(requests[0]?.method).toBe('DELETE');
    expect(new URL(requests[0]?.url ?? '').searchParams.get('license')).toBe('PAY-2027');
  });

  it('passes the server refusal on (422 for secrets)', async () => {
    stubFetch(() =>
      jsonResponse({ message: 'A saved registration must not contain passwords or card details.', messages: {} }, 422),
    );
    await expect(saveProgress(save)).rejects.toMatchObject({
      status: 422,
      message: 'A saved registration must not contain passwords or card details.',
    });
  });

  it('saves on leaving with keepalive and the guardian token', async () => {
    const requests = stubFetch(() => jsonResponse({ progress: row }));
    const spy = vi.mocked(fetch);
    saveProgressOnLeave(save);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(spy.mock.calls[0]?.[1]?.keepalive).toBe(true);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer user-token');
    expect(requests[0]?.body).toEqual(save);
  });
});
