import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffFixture } from '../../model-tests/staff.fixtures';
import { toAdminDiscountCodeBody } from '../domain/forms/admin-discount-code';
import { CODE_TAKEN, toAdminLicenceBody } from '../domain/forms/admin-licence';
import { toAdminSeasonBody } from '../domain/forms/admin-season';
import { toAdminSettingsBody } from '../domain/forms/admin-settings';
import { toAdminTeamBody } from '../domain/forms/admin-team';
import { currentUserSchema } from '../domain/user';
import { t } from '../i18n/runtime';
import { setCurrentUser } from '../session/current-user';
import { clearStaffSession, setStaffSession } from '../session/staff';
import {
  createAdminSeason,
  createAdminTeam,
  createCoachLicence,
  createDiscountCode,
  createTeamLicence,
  getAdminSetup,
  getDiscountCodes,
  updateAdminLicence,
  updateAdminSeason,
  updateAdminSettings,
  updateAdminTeam,
} from './admin-setup';
import { ApiError } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';
import * as samples from './wire-samples';

const licence = {
  code: 'COMETS-2027',
  name: '10U Comets',
  kind: 'team',
  team_id: 9,
  available_licenses: 10,
  paused: false,
  claimed: 0,
  expires_on: null,
  link: 'http://localhost:5173/licenses/COMETS-2027',
};

const team = {
  id: 9,
  season_id: 5,
  name: '10U Comets',
  total_dues_cents: 40_000,
  athlete_deposit_cents: 5_000,
  payment_plan_fee_cents: 1_000,
  total_app_fee_cents: 0,
  is_app_fee_itemized: true,
  plan_months: [3],
  protection_plan_id: null,
  licences: [licence],
};

const season = {
  id: 5,
  name: 'Fall 2027',
  start_date: '2027-09-01',
  first_installment_on: '2027-09-15',
  teams: [team],
};
const organization = { id: 1, name: 'Northside', waiver: 'I agree.', household_discount: null };
const setup = {
  organization,
  seasons: [season],
  coach_licences: [{ ...licence, code: 'COACH-1', kind: 'coach', team_id: null }],
  protection_plans: [{ id: 2, name: 'Season protection', amount_cents: 2_500 }],
};
const discountCode = { code: 'EARLY10', percent_off: 10, flat_discount_cents: null, is_active: true };

beforeEach(() => {
  // A family is logged in on the same device: console calls never carry its token.
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'family-token' }));
  clearStaffSession();
  setStaffSession({
    token: 'staff-token',
    staff: staffFixture({
      id: 1,
      name: 'Olivia Grant',
      email: 'owner@northside.example',
      organizations: [{ id: 1, name: 'Northside', role: 'owner', teams: null }],
    }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function path(url: string | undefined) {
  return new URL(url ?? '').pathname;
}

describe('the set-up calls (src/api/admin-setup.ts)', () => {
  it('reads the set-up with the staff token and validates it', async () => {
    const requests = stubFetch(() => jsonResponse(setup));
    await expect(getAdminSetup(1)).resolves.toEqual(setup);
    expect(path(requests[0]?.url)).toBe('/api/admin/organizations/1/setup');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('refuses a set-up whose licence has an unknown kind, or whose money is not whole cents', async () => {
    stubFetch(() => jsonResponse({ ...setup, coach_licences: [{ ...licence, kind: 'guest' }] }));
    await expect(getAdminSetup(1)).rejects.toMatchObject({ kind: 'schema' });
    stubFetch(() =>
      jsonResponse({ ...setup, seasons: [{ ...season, teams: [{ ...team, total_dues_cents: 400.5 }] }] }),
    );
    await expect(getAdminSetup(1)).rejects.toMatchObject({ kind: 'schema' });
  });

  it('creates and changes a season with the form schema’s body', async () => {
    const body = toAdminSeasonBody({
      name: ' Fall 2027 ',
      start_date: '2027-09-01',
      first_installment_on: '2027-09-15',
    });
    if (body === null) throw new Error('the season form refused valid values');
    const requests = stubFetch((request) => jsonResponse({ season }, request.method === 'POST' ? 201 : 200));
    await expect(createAdminSeason(1, body)).resolves.toEqual(season);
    await expect(updateAdminSeason(5, body)).resolves.toEqual(season);
    expect(requests.map((request) => [request.method, path(request.url)])).toEqual([
      ['POST', '/api/admin/organizations/1/seasons'],
      ['PUT', '/api/admin/seasons/5'],
    ]);
    expect(requests[0]?.body).toEqual({
      name: 'Fall 2027',
      start_date: '2027-09-01',
      first_installment_on: '2027-09-15',
    });
  });

  it('creates and changes a team: dollars typed, cents sent', async () => {
    const body = toAdminTeamBody({
      name: '10U Comets',
      total_dues_cents: '$400.00',
      athlete_deposit_cents: '50',
      payment_plan_fee_cents: '10.00',
      total_app_fee_cents: '0',
      is_app_fee_itemized: 'true',
      plan_months: '3',
      protection_plan_id: '',
    });
    if (body === null) throw new Error('the team form refused valid values');
    const requests = stubFetch((request) => jsonResponse({ team }, request.method === 'POST' ? 201 : 200));
    await expect(createAdminTeam(5, body)).resolves.toEqual(team);
    await expect(updateAdminTeam(9, body)).resolves.toEqual(team);
    expect(path(requests[0]?.url)).toBe('/api/admin/seasons/5/teams');
    expect(requests[1]?.method).toBe('PUT');
    expect(path(requests[1]?.url)).toBe('/api/admin/teams/9');
    expect(requests[0]?.body).toEqual({
      name: '10U Comets',
      total_dues_cents: 40_000,
      athlete_deposit_cents: 5_000,
      payment_plan_fee_cents: 1_000,
      total_app_fee_cents: 0,
      is_app_fee_itemized: true,
      plan_months: [3],
      protection_plan_id: null,
    });
  });

  it('creates a team licence and a coach licence, and changes a licence’s seats and pause', async () => {
    const body = toAdminLicenceBody({ code: 'comets-2027', seats: '10' });
    if (body === null) throw new Error('the licence form refused valid values');
    const requests = stubFetch((request) =>
      jsonResponse(
        { licence: { ...licence, paused: request.method === 'PUT' } },
        request.method === 'POST' ? 201 : 200,
      ),
    );
    await expect(createTeamLicence(9, body)).resolves.toEqual(licence);
    await createCoachLicence(1, { code: 'COACH-2', seats: 2, expires_on: null });
    await expect(updateAdminLicence('COMETS 2027/x', { paused: true })).resolves.toMatchObject({ paused: true });
    expect(requests.map((request) => path(request.url))).toEqual([
      '/api/admin/teams/9/licences',
      '/api/admin/organizations/1/coach-licences',
      '/api/admin/licences/COMETS%202027%2Fx',
    ]);
    expect(requests[0]?.body).toEqual({ code: 'COMETS-2027', seats: 10 });
    expect(requests[2]?.body).toEqual({ paused: true });
  });

  it("answers a code in use as an ApiError with the server's message on `code`", async () => {
    stubFetch(() => jsonResponse({ message: t(CODE_TAKEN), messages: { code: [t(CODE_TAKEN)] } }, 422));
    const error = await createTeamLicence(9, { code: 'COMETS-2027', seats: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.messages).toEqual({ code: ['This code is already in use.'] });
  });

  it('saves the settings and validates the organization answered', async () => {
    const body = toAdminSettingsBody({ waiver: 'I agree.', second_percent: '10', further_percent: '15' });
    if (body === null) throw new Error('the settings form refused valid values');
    const saved = { ...organization, household_discount: { second_percent: 10, further_percent: 15 } };
    const requests = stubFetch(() => jsonResponse({ organization: saved }));
    await expect(updateAdminSettings(1, body)).resolves.toEqual(saved);
    expect(requests[0]?.method).toBe('PUT');
    expect(path(requests[0]?.url)).toBe('/api/admin/organizations/1/settings');
    expect(requests[0]?.body).toEqual({
      waiver: 'I agree.',
      household_discount: { second_percent: 10, further_percent: 15 },
    });
    stubFetch(() => jsonResponse({ organization: { ...saved, household_discount: { second_percent: -1 } } }));
    await expect(updateAdminSettings(1, body)).rejects.toMatchObject({ kind: 'schema' });
  });

  it('lists and creates discount codes', async () => {
    const body = toAdminDiscountCodeBody({ code: 'early10', percent_off: '10', flat_discount_cents: '' });
    if (body === null) throw new Error('the discount code form refused valid values');
    const requests = stubFetch((request) =>
      request.method === 'GET'
        ? jsonResponse({ discount_codes: [discountCode] })
        : jsonResponse({ discount_code: discountCode }, 201),
    );
    await expect(getDiscountCodes(1)).resolves.toEqual([discountCode]);
    await expect(createDiscountCode(1, body)).resolves.toEqual(discountCode);
    expect(path(requests[1]?.url)).toBe('/api/admin/organizations/1/discount-codes');
    expect(requests[1]?.body).toEqual({ code: 'EARLY10', percent_off: 10, flat_discount_cents: null });
    stubFetch(() => jsonResponse({ discount_codes: [{ ...discountCode, is_active: 'yes' }] }));
    await expect(getDiscountCodes(1)).rejects.toMatchObject({ kind: 'schema' });
  });
});
