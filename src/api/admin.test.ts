import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffFixture } from '../../model-tests/staff.fixtures';
import { currentUserSchema } from '../domain/user';
import { setCurrentUser } from '../session/current-user';
import { clearStaffSession, getStaffSession, STAFF_SESSION_KEY, setStaffSession } from '../session/staff';
import {
  adminLogin,
  getAdminMembership,
  getAdminTeams,
  getRoster,
  refundMembership,
  rosterSearch,
  type Staff,
} from './admin';
import { ApiError } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';
import * as samples from './wire-samples';

const staff: Staff = staffFixture({
  id: 3,
  name: 'Ray Ortiz',
  email: 'ray@example.com',
  organizations: [{ id: 1, name: 'Northside', role: 'registrar', teams: null }],
});

const row = {
  id: 40,
  athlete: { id: 7, name: 'Sam Rivera' },
  guardian: { id: 10, name: 'Pat Rivera', email: 'pat@example.com' },
  plan: '6 monthly payments',
  paid_cents: 12_500,
  remaining_cents: 37_500,
  next_due: '2027-01-05',
  status: 'overdue',
};

const membership = {
  ...row,
  team: { id: 4, name: '12U Tigers' },
  season: { id: 2, name: 'Spring 2027' },
  organization_id: 1,
  card: { brand: 'visa', last4: '4242' },
  phases: [
    {
      id: 1,
      label: 'Deposit',
      due_on: '2026-11-01',
      amount_cents: 12_500,
      status: 'paid',
      paid_at: '2026-11-01T10:00:00.000Z',
      refunded_cents: 0,
      offline: null,
      payment_id: 5,
    },
  ],
  emails: [{ subject: 'Your receipt', to: 'pat@example.com', sent_at: '2026-11-01T10:00:01.000Z' }],
  audit: [],
};

beforeEach(() => {
  // A family is logged in on the same device: console calls never carry its token.
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'family-token' }));
  clearStaffSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the staff session (src/session/staff.ts)', () => {
  it('is kept under its own key, validated when read back', () => {
    setStaffSession({ token: 'staff-token', staff });
    expect(getStaffSession()).toEqual({ token: 'staff-token', staff });
    localStorage.setItem(STAFF_SESSION_KEY, '{"token":"x"}');
    expect(getStaffSession()).toBeNull();
    expect(localStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
  });
});

describe('the console calls (src/api/admin.ts)', () => {
  it('logs in without a token and validates the session', async () => {
    const requests = stubFetch(() => jsonResponse({ token: 'staff-token', staff }));
    await expect(adminLogin({ email: 'ray@example.com', password: 'pw' })).resolves.toEqual({
      token: 'staff-token',
      staff,
    });
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/admin/login');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it("answers a refusal as an ApiError with the server's messages by field", async () => {
    const text = 'These credentials do not match our records.';
    stubFetch(() => jsonResponse({ message: text, messages: { email: [text] } }, 422));
    const error = await adminLogin({ email: 'ray@example.com', password: 'bad' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.messages).toEqual({ email: [text] });
  });

  it("carries the staff token, never the family's", async () => {
    setStaffSession({ token: 'staff-token', staff });
    const teams = [
      { id: 4, name: '12U Tigers', season: { id: 2, name: 'Spring 2027' }, organization: { id: 1, name: 'Northside' } },
    ];
    const requests = stubFetch(() => jsonResponse({ teams }));
    await expect(getAdminTeams()).resolves.toEqual(teams);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('asks for a roster page with only the filters that are set, and validates it', async () => {
    setStaffSession({ token: 'staff-token', staff });
    const requests = stubFetch(() => jsonResponse({ memberships: [row], total: 1, page: 2, page_size: 50 }));
    const answer = await getRoster(4, { status: 'overdue', q: 'riv', page: 2, sort: undefined });
    expect(answer.memberships[0]?.status).toBe('overdue');
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/api/admin/teams/4/memberships');
    expect(url.search).toBe('?status=overdue&q=riv&page=2');
    expect(rosterSearch({})).toBe('');
  });

  it('refuses a roster row of an unknown status (schema error)', async () => {
    setStaffSession({ token: 'staff-token', staff });
    stubFetch(() => jsonResponse({ memberships: [{ ...row, status: 'late' }], total: 1, page: 1, page_size: 50 }));
    await expect(getRoster(4, {})).rejects.toMatchObject({ kind: 'schema' });
  });

  it('reads a membership and sends a refund with its idempotency key', async () => {
    setStaffSession({ token: 'staff-token', staff });
    const requests = stubFetch((request) =>
      request.method === 'GET'
        ? jsonResponse({ membership })
        : jsonResponse({ refund: { id: 1, amount_cents: 6_250, reason: 'Injury' }, membership }, 201),
    );
    await expect(getAdminMembership(40)).resolves.toEqual(membership);
    await refundMembership(40, { amount_cents: 6_250, reason: 'Injury' }, 'key-1');
    expect(new URL(requests[1]?.url ?? '').pathname).toBe('/api/admin/memberships/40/refunds');
    expect(requests[1]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(requests[1]?.body).toEqual({ amount_cents: 6_250, reason: 'Injury' });
  });
});
