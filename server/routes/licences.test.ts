import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claimLicenseResponseSchema,
  licenceInfoSchema,
  licenseLinkResponseSchema,
  userSchema,
} from '../../src/api/schemas.ts';
import { licenceClaims, licences, users } from '../db/schema/index.ts';
import { issueToken } from '../services/tokens.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const info = async (code: string) =>
  expectOk(await t.call('GET', `/api/registration-link/info/${code}`), licenceInfoSchema);

describe('GET /api/registration-link/info/{code}', () => {
  it('describes available, paused and full team licences', async () => {
    expect(await info('TIGERS-2027')).toEqual({
      license_code: 'TIGERS-2027',
      name: '12U Tigers Spring 2027',
      available: true,
      available_licenses: 48,
      expiration_date_formatted: null,
      paused: false,
      organization_id: expect.any(Number),
      organization_name: 'Northside Youth Baseball',
      season_name: 'Spring 2027',
      team_name: '12U Tigers',
      team_id: expect.any(Number),
      is_coach: false,
    });
    expect(await info('paused-2027')).toMatchObject({ paused: true, available: false, team_name: '12U Tigers' });
    expect(await info('FULL-2027')).toMatchObject({ available: false, available_licenses: 0, paused: false });
    expect(await info('WAVES-2027')).toMatchObject({ organization_name: 'Lakeside Little League', available: true });
    expect(await info('COACH-2027')).toMatchObject({
      is_coach: true,
      available: true,
      available_licenses: 3,
      expiration_date_formatted: 'Dec 31, 2027',
      team_id: null,
    });
  });

  it('answers 404 for an unknown code', async () => {
    expectError(await t.call('GET', '/api/registration-link/info/NOPE-9'), 404, 'License not found.');
  });
});

describe('GET /api/registration-link/license/coach/code/{code}', () => {
  it('describes coach licences only', async () => {
    const gone = expectOk(
      await t.call('GET', '/api/registration-link/license/coach/code/COACH-GONE'),
      licenceInfoSchema,
    );
    expect(gone).toMatchObject({ available: false, available_licenses: 0, is_coach: true });
    expectError(await t.call('GET', '/api/registration-link/license/coach/code/TIGERS-2027'), 404);
    expectError(await t.call('GET', '/api/registration-link/license/coach/code/NOPE'), 404);
  });
});

describe('POST /api/subscribe/claim-license', () => {
  const claim = (token: string | null, code: string) =>
    t.call('POST', '/api/subscribe/claim-license', { token, body: { license_code: code } });

  it('claims a seat once per user and makes the licence the latest', async () => {
    const token = await t.tokenFor('samrivera');
    expect(expectOk(await claim(token, 'TIGERS-2027'), claimLicenseResponseSchema).status).toBe('OK');
    expect((await info('TIGERS-2027')).available_licenses).toBe(47);
    // Claiming again (e.g. the automatic claim after a reload) does not take another seat.
    expect(expectOk(await claim(token, 'TIGERS-2027'), claimLicenseResponseSchema).status).toBe('OK');
    expect((await info('TIGERS-2027')).available_licenses).toBe(47);
    const me = expectOk(await t.call('GET', '/api/user', { token }), userSchema);
    expect(me.license?.license_code).toBe('TIGERS-2027');
  });

  it('gives a coach access until the licence ends', async () => {
    const token = await t.tokenFor('parent@example.com');
    expect(expectOk(await claim(token, 'coach-2027'), claimLicenseResponseSchema).status).toBe('OK');
    const me = expectOk(await t.call('GET', '/api/user', { token }), userSchema);
    expect(me).toMatchObject({
      is_coach: true,
      subscription: { status_message: 'License active.', paid_through: '2028-01-01T00:00:00.000Z' },
    });
  });

  it('answers the spec texts for paused and used-up licences', async () => {
    const token = await t.tokenFor('parent@example.com');
    expect(expectOk(await claim(token, 'PAUSED-2027'), claimLicenseResponseSchema)).toEqual({
      status: 'PAUSED',
      message: 'Registration has been paused by the organization.',
    });
    expect(expectOk(await claim(token, 'FULL-2027'), claimLicenseResponseSchema)).toEqual({
      status: 'UNAVAILABLE',
      message: 'Sorry, this license is not available.',
    });
    expect(expectOk(await claim(token, 'COACH-GONE'), claimLicenseResponseSchema)).toEqual({
      status: 'UNAVAILABLE',
      message: 'Sorry, Coach licenses are no longer available.',
    });
    expectError(await claim(token, 'NOPE-1'), 404);
    expectError(await claim(null, 'TIGERS-2027'), 401);
  });

  it('gives exactly 3 OK to 20 concurrent claims of a licence with 3 left', async () => {
    const [coachLicence] = await t.db.select().from(licences).where(eq(licences.code, 'COACH-2027'));
    const claimants = await t.db
      .insert(users)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          kind: 'guardian' as const,
          email: `c${i}@example.com`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    const tokens = await Promise.all(claimants.map((u) => issueToken(t.db, u.id, 'session', new Date())));
    const answers = await Promise.all(tokens.map((token) => claim(token, 'COACH-2027')));
    const statuses = answers.map((a) => (a.body as { status: string }).status);
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'UNAVAILABLE')).toHaveLength(17);
    expect((await info('COACH-2027')).available_licenses).toBe(0);
    const claims = await t.db.select().from(licenceClaims).where(eq(licenceClaims.licenceId, coachLicence!.id));
    // The fixture coach's claim plus the three new ones.
    expect(claims).toHaveLength(4);
  });
});

describe('POST /api/registration-link/license-link', () => {
  it("links a licence with the user's website token and answers its organization", async () => {
    const id = await userId(t.db, 'parent@example.com');
    const token = await t.tokenFor('parent@example.com');
    const websiteToken = await issueToken(t.db, id, 'website', new Date());
    const linked = expectOk(
      await t.call('POST', '/api/registration-link/license-link', {
        token,
        body: { token: websiteToken, license: 'WAVES-2027' },
      }),
      licenseLinkResponseSchema,
    );
    const waves = await info('WAVES-2027');
    expect(linked.organization_id).toBe(waves.organization_id);
    const other = await t.tokenFor('coach@example.com');
    expectError(
      await t.call('POST', '/api/registration-link/license-link', {
        token: other,
        body: { token: websiteToken, license: 'WAVES-2027' },
      }),
      403,
    );
    expectError(
      await t.call('POST', '/api/registration-link/license-link', {
        token,
        body: { token: websiteToken, license: 'NOPE' },
      }),
      404,
    );
  });
});
