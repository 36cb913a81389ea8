import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffFixture } from '../../model-tests/staff.fixtures';
import { clearStaffSession, setStaffSession } from '../session/staff';
import type { Staff } from './admin';
import { createAdminDraft, getAdminDraft, getAdminDrafts, saveAdminDraft } from './admin-drafts';
import { ApiError } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';

const staff: Staff = staffFixture({
  id: 3,
  name: 'Ray Ortiz',
  email: 'ray@example.com',
  organizations: [{ id: 1, name: 'Northside', role: 'registrar', teams: null }],
});

const draft = {
  id: 1,
  organization_id: 1,
  team_id: 4,
  season_id: 2,
  name: '12U Tigers',
  total_dues_cents: 50_000,
  athlete_deposit_cents: 10_000,
  payment_plan_fee_cents: 2_500,
  total_app_fee_cents: 1_500,
  is_app_fee_itemized: true,
  plan_months: [3, 6],
  protection_plan_id: null,
  waiver: null,
  updated_at: '2026-11-27T01:00:00.000Z',
  preview_path: '/draft?draft_id=1',
};

const body = {
  name: '12U Tigers',
  season_id: 2,
  total_dues_cents: 55_000,
  athlete_deposit_cents: 10_000,
  payment_plan_fee_cents: 2_500,
  total_app_fee_cents: 1_500,
  is_app_fee_itemized: true,
  plan_months: [3, 6],
  protection_plan_id: null,
  waiver: null,
};

beforeEach(() => {
  setStaffSession({ token: 'staff-token', staff });
});

afterEach(() => {
  clearStaffSession();
  vi.unstubAllGlobals();
});

describe('the draft editor calls (src/api/admin-drafts.ts)', () => {
  it("lists an organization's drafts with the staff token", async () => {
    const requests = stubFetch(() => jsonResponse({ drafts: [draft] }));
    await expect(getAdminDrafts(1)).resolves.toEqual([draft]);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/admin/organizations/1/drafts');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('creates a draft from a team', async () => {
    const requests = stubFetch(() => jsonResponse({ draft }, 201));
    await expect(createAdminDraft(1, { team_id: 4 })).resolves.toEqual(draft);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ team_id: 4 });
  });

  it('reads one draft and saves it with PUT', async () => {
    const saved = { ...draft, total_dues_cents: 55_000 };
    const requests = stubFetch((request) =>
      request.method === 'GET' ? jsonResponse({ draft }) : jsonResponse({ draft: saved }),
    );
    await expect(getAdminDraft(1)).resolves.toEqual(draft);
    await expect(saveAdminDraft(1, body)).resolves.toEqual(saved);
    expect(requests[1]?.method).toBe('PUT');
    expect(new URL(requests[1]?.url ?? '').pathname).toBe('/api/admin/drafts/1');
    expect(requests[1]?.body).toEqual(body);
  });

  it('refuses an answer that is not a draft (schema error)', async () => {
    stubFetch(() => jsonResponse({ draft: { ...draft, total_dues_cents: '500.00' } }));
    await expect(getAdminDraft(1)).rejects.toMatchObject({ kind: 'schema' });
    stubFetch(() => jsonResponse({ drafts: [{ ...draft, preview_path: 'http://elsewhere.example/' }] }));
    await expect(getAdminDrafts(1)).rejects.toMatchObject({ kind: 'schema' });
  });

  it("answers a 422 as an ApiError with the server's messages by field", async () => {
    const text = 'The athlete deposit may not exceed the total dues.';
    stubFetch(() => jsonResponse({ message: text, messages: { athlete_deposit_cents: [text] } }, 422));
    const error = await saveAdminDraft(1, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.messages).toEqual({ athlete_deposit_cents: [text] });
  });
});
