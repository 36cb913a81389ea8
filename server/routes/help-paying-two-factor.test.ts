import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { organizations, teams } from '../db/schema/index.ts';
import { STAFF_TEXTS } from '../services/staff/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 34 with issue 30 point 2: approving financial assistance moves money (the award is taken off what the family
 * owes), so an organization whose owner requires a second factor refuses it to staff without one, as it refuses a
 * refund. Declining and the season's budget move none.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function northsideId(): Promise<number> {
  const [row] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, 'Northside Youth Baseball'));
  return row!.id;
}

/** Sam claims a Tigers licence and asks for `share` % (pending); answers the request's id. */
async function pendingRequest(share = 50): Promise<number> {
  const guardian = await t.tokenFor('parent@example.com');
  await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: 'TIGERS-2027' } });
  const sam = await t.tokenFor('samrivera');
  await t.call('POST', '/api/subscribe/claim-license', { token: sam, body: { license_code: 'TIGERS-2027' } });
  const [tigers] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
  const asked = await t.call('POST', '/api/memberships/assistance-requests', {
    token: sam,
    body: { team_id: tigers!.id, share_percent: share, free_or_reduced_meals: false, reason: 'A hard winter.' },
  });
  expect(asked.status, asked.text).toBe(201);
  return (asked.body as { request: { id: number } }).request.id;
}

/** Turns the second factor on for `email` through the API; answers a session token of theirs. */
async function enrol(email: string): Promise<string> {
  const token = await staffTokenFor(t.db, email);
  const started = await t.call('POST', '/api/admin/two-factor/setup', { token });
  expect(started.status, started.text).toBe(200);
  const { secret } = started.body as { secret: string };
  const code = new TOTP({ secret }).generate({ timestamp: t.deps.now().getTime() });
  const enabled = await t.call('POST', '/api/admin/two-factor/enable', { token, body: { code } });
  expect(enabled.status, enabled.text).toBe(200);
  return token;
}

describe('an owner requires a second factor of who approves financial assistance', () => {
  it('until they turn it on, a registrar may read and decline requests but not approve one, any amount', async () => {
    const organizationId = await northsideId();
    const first = await pendingRequest(50);
    const owner = await staffTokenFor(t.db, STAFF.owner);
    const required = await t.call('PUT', `/api/admin/organizations/${organizationId}/two-factor`, {
      token: owner,
      body: { required: true },
    });
    expect(required.status, required.text).toBe(200);

    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const me = (await t.call('GET', '/api/admin/me', { token: registrar })).body as {
      staff: { organizations: { can: Record<string, boolean> }[] };
    };
    expect(me.staff.organizations[0]?.can).toMatchObject({
      read_assistance: true,
      approve_assistance: false,
      decide_assistance: true,
      refund: false,
    });
    const queue = await t.call('GET', `/api/admin/organizations/${organizationId}/assistance`, { token: registrar });
    expect(queue.status, queue.text).toBe(200);

    const approvePath = `/api/admin/assistance-requests/${first}/approve`;
    expectError(await t.call('POST', approvePath, { token: registrar, body: {} }), 403, STAFF_TEXTS.twoFactorNeeded);
    expectError(
      await t.call('POST', approvePath, { token: registrar, body: { amount_cents: 10_000 } }),
      403,
      STAFF_TEXTS.twoFactorNeeded,
    );
    // The owner without a second factor is refused the same way; their budget moves no money and is saved.
    expectError(await t.call('POST', approvePath, { token: owner, body: {} }), 403, STAFF_TEXTS.twoFactorNeeded);
    const [tigers] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
    const budget = await t.call('PUT', `/api/admin/seasons/${tigers!.seasonId}/assistance-budget`, {
      token: owner,
      body: { budget_cents: 150_000 },
    });
    expect(budget.status, budget.text).toBe(200);

    // Enrolled, the same approval passes and is judged on its amount.
    const enrolled = await enrol(STAFF.registrar);
    const approved = await t.call('POST', approvePath, { token: enrolled, body: { amount_cents: 10_000 } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      request: { status: 'approved', amount_approved_cents: 10_000 },
      budget: { budget_cents: 150_000, approved_cents: 10_000, left_cents: 140_000 },
    });
  });

  it('declining moves no money: a registrar without a second factor declines with a message', async () => {
    const organizationId = await northsideId();
    const request = await pendingRequest(100);
    const owner = await staffTokenFor(t.db, STAFF.owner);
    await t.call('PUT', `/api/admin/organizations/${organizationId}/two-factor`, {
      token: owner,
      body: { required: true },
    });
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const declined = await t.call('POST', `/api/admin/assistance-requests/${request}/decline`, {
      token: registrar,
      body: { message: 'Our fund is spent for this season.' },
    });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toMatchObject({ request: { status: 'declined', amount_approved_cents: null } });
  });
});
