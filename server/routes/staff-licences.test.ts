import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';

/**
 * PUT /api/staff/licences/{code} (issue 21 point 3, first part): staff set how many seats of a licence are left to
 * claim; families see it in the licence info and can claim a raised seat.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A seat change that means whatever version the licence has (`If-Match: *`; seat-holds.test.ts tests the versions). */
const put = (code: string, body: unknown, token: string | null = DEFAULT_STAFF_TOKEN) =>
  t.call('PUT', `/api/staff/licences/${code}`, { token, body, headers: { 'If-Match': '*' } });

describe('PUT /api/staff/licences/{code}', () => {
  it('raises the seats of a full licence: the licence info says available, and a family claims the seat', async () => {
    const before = await t.call('GET', '/api/registration-link/info/FULL-2027');
    expect(before.body).toMatchObject({ available: false, available_licenses: 0 });

    const raised = await put('full-2027', { available_licenses: 1 });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body).toMatchObject({ license_code: 'FULL-2027', available: true, available_licenses: 1 });
    expect((await t.call('GET', '/api/registration-link/info/FULL-2027')).body).toMatchObject({
      available: true,
      available_licenses: 1,
    });

    const token = await t.tokenFor('parent@example.com');
    const claim = await t.call('POST', '/api/subscribe/claim-license', { token, body: { license_code: 'FULL-2027' } });
    expect((claim.body as { status: string }).status, claim.text).toBe('OK');
    expect((await t.call('GET', '/api/registration-link/info/FULL-2027')).body).toMatchObject({
      available: false,
      available_licenses: 0,
    });
  });

  it('lowers the seats to none: the licence is no longer available', async () => {
    expect((await put('TIGERS-2027', { available_licenses: 0 })).body).toMatchObject({ available: false });
  });

  it('answers 404 for an unknown licence and 422 for a count that is not a whole number from 0', async () => {
    expectError(await put('NOPE-1', { available_licenses: 1 }), 404, 'Licence not found.');
    for (const available_licenses of [-1, 1.5, '2', null, 100_001]) {
      expect((await put('TIGERS-2027', { available_licenses })).status).toBe(422);
    }
    expect((await put('TIGERS-2027', {})).status).toBe(422);
  });

  it('refuses a caller without the staff token', async () => {
    expectError(await put('TIGERS-2027', { available_licenses: 5 }, null), 401);
    const family = await t.tokenFor('parent@example.com');
    expectError(await put('TIGERS-2027', { available_licenses: 5 }, family), 401, 'Invalid staff token.');
  });
});
