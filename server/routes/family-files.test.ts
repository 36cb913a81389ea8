import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { membershipListSchema } from '../../src/api/payments.schemas.ts';
import { memberships } from '../db/schema/index.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';
import { teamIdNamed } from '../test/fixture-ids.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * The family's files on /payments (issue 32 points 2 and 3): GET /api/memberships says which memberships have a
 * signed waiver on record (`waiver_signed`), so the page offers only those PDFs; the PDF and the documents stay the
 * household's own (hostile requests: another household, a staff token, malformed ids). On PostgreSQL too.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** samrivera registers for 12U Tigers (Northside: a waiver) with a full discount: the agreement is recorded. */
async function registerTigersFree(): Promise<number> {
  const guardian = await t.tokenFor('parent@example.com');
  await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: 'TIGERS-2027' } });
  const athlete = await t.tokenFor('samrivera');
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token: athlete,
    body: { license_code: 'TIGERS-2027' },
  });
  expect(claimed.status, claimed.text).toBe(200);
  const body = { payment_plan_month: 0, team_id: await teamIdNamed(t.db, '12U Tigers'), discount_code: 'FULLRIDE' };
  const paid = await t.call('POST', '/api/memberships/checkout', { token: athlete, body });
  expect(paid.status, paid.text).toBe(200);
  const [row] = await t.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.userId, await userId(t.db, 'samrivera')));
  if (!row) throw new Error('no membership');
  return row.id;
}

const fileStatus = async (path: string, token: string) =>
  (await t.app.request(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'website' } })).status;

describe("the family's files (issue 32 points 2 and 3)", () => {
  it('GET /api/memberships says which memberships have a signed waiver, for the family only', async () => {
    const parent = await t.tokenFor('parent@example.com');
    const before = expectOk(await t.call('GET', '/api/memberships', { token: parent }), membershipListSchema);
    // Seeded memberships record no agreement.
    expect(before.memberships.every((membership) => membership.waiver_signed === false)).toBe(true);
    const id = await registerTigersFree();
    const after = expectOk(await t.call('GET', '/api/memberships', { token: parent }), membershipListSchema);
    expect(after.memberships.find((membership) => membership.id === id)?.waiver_signed).toBe(true);
    expect(after.memberships.filter((membership) => membership.id !== id).every((m) => m.waiver_signed === false)).toBe(
      true,
    );
    // Another household does not see the membership at all.
    const other = expectOk(
      await t.call('GET', '/api/memberships', { token: await t.tokenFor('member@example.com') }),
      membershipListSchema,
    );
    expect(other.memberships.map((membership) => membership.id)).not.toContain(id);
  });

  it('refuses hostile requests for the files: another household, a staff token, malformed ids', async () => {
    const id = await registerTigersFree();
    const path = `/api/memberships/${id}/waiver.pdf`;
    expect(await fileStatus(path, await t.tokenFor('parent@example.com'))).toBe(200);
    expect(await fileStatus(path, await t.tokenFor('member@example.com'))).toBe(404);
    // A staff session is not a family's: the family's routes do not know it.
    expect(await fileStatus(path, await staffTokenFor(t.db, STAFF.coach))).toBe(401);
    expect(await fileStatus(path, await staffTokenFor(t.db, STAFF.owner))).toBe(401);
    const parent = await t.tokenFor('parent@example.com');
    for (const bad of ['abc', '0', '-1', '1e3', '99999999999999999999']) {
      expectError(await t.call('GET', `/api/memberships/${bad}/waiver.pdf`, { token: parent }), 422);
      expectError(await t.call('GET', `/api/documents/${bad}/file`, { token: parent }), 422);
    }
    expectError(await t.call('GET', '/api/documents/987654/file', { token: parent }), 404);
    expectError(await t.call('GET', path), 401);
  });
});
