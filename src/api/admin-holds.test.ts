import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffFixture } from '../../model-tests/staff.fixtures';
import { SEAT_HOLD_TEXTS } from '../domain/seat-holds';
import { currentUserSchema } from '../domain/user';
import { setCurrentUser } from '../session/current-user';
import { clearStaffSession, setStaffSession } from '../session/staff';
import { getTeamHolds, releaseTeamHold } from './admin-holds';
import { updateAdminLicence } from './admin-setup';
import { errorText } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';
import { releaseRemovedAthlete } from './seat-holds';
import * as samples from './wire-samples';

/** Issue 30 point 4's calls: the licence version as If-Match, the roster's held seats, 'Remove'. */

const licence = {
  code: 'TIGERS-2027',
  name: '12U Tigers Spring 2027',
  kind: 'team',
  team_id: 4,
  available_licenses: 47,
  paused: false,
  claimed: 1,
  expires_on: null,
  link: 'http://localhost:5173/licenses/TIGERS-2027',
  version: 8,
};
const holds = {
  holds: [{ athlete: { id: 11, name: 'Sam Rivera' }, license: 'TIGERS-2027', held_until: '2026-11-30T10:00:00.000Z' }],
  can_release: true,
};

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'family-token' }));
  clearStaffSession();
  setStaffSession({
    token: 'staff-token',
    staff: staffFixture({
      id: 2,
      name: 'Ray Ortiz',
      email: 'registrar@northside.example',
      organizations: [{ id: 1, name: 'Northside Youth Baseball', role: 'registrar', teams: null }],
    }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('seat changes carry the version the console read', () => {
  it('sends If-Match with the version, and none without one', async () => {
    const requests = stubFetch(() => jsonResponse({ licence }));
    await updateAdminLicence('TIGERS-2027', { available_licenses: 48 }, { version: 7 });
    await updateAdminLicence('TIGERS-2027', { paused: true });
    expect(requests.map((request) => [request.method, request.headers.get('If-Match')])).toEqual([
      ['PUT', '"7"'],
      ['PUT', null],
    ]);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it("a stale version's 412 reads 'Someone else changed this licence. Reload to see it.'", async () => {
    const text = SEAT_HOLD_TEXTS.staleLicence;
    stubFetch(() => jsonResponse({ message: text, messages: { if_match: [text] } }, 412));
    const error = await updateAdminLicence('TIGERS-2027', { available_licenses: 48 }, { version: 7 }).catch(
      (e: unknown) => e,
    );
    expect(errorText(error)).toBe('Someone else changed this licence. Reload to see it.');
  });
});

describe('held seats', () => {
  it("reads a team's held seats and releases one with the staff token", async () => {
    const requests = stubFetch((request) =>
      jsonResponse(request.method === 'DELETE' ? { holds: [], can_release: true } : holds),
    );
    await expect(getTeamHolds(4)).resolves.toEqual(holds);
    await expect(releaseTeamHold(4, 11)).resolves.toEqual({ holds: [], can_release: true });
    expect(requests.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
      ['GET', '/api/admin/teams/4/holds'],
      ['DELETE', '/api/admin/teams/4/holds/11'],
    ]);
  });

  it("'Remove' releases the athlete's held seat with the guardian's token", async () => {
    const requests = stubFetch(() => jsonResponse({ released: 1 }));
    await expect(releaseRemovedAthlete(11)).resolves.toEqual({ released: 1 });
    expect(requests[0]?.method).toBe('DELETE');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/household/athletes/11/hold');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer family-token');
  });
});
