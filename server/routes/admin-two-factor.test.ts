import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberships, organizations, rateLimits, staffRecoveryCodes, teams, users } from '../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../db/seed.ts';
import { RECOVERY_CODE_COUNT, STAFF_TEXTS, TWO_FACTOR_TEXTS } from '../services/staff/index.ts';
import { hashToken } from '../services/tokens.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { STAFF, staffId, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 30 point 2: the second factor (TOTP, RFC 6238, with ten one-time recovery codes), an organization's owner
 * requiring it of who moves money, and a coach's least privilege (their roster without money).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** The code an authenticator app shows at `at` for the base32 secret the console showed. */
const codeAt = (secret: string, at: Date) => new TOTP({ secret }).generate({ timestamp: at.getTime() });

async function northsideId(): Promise<number> {
  const [row] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, 'Northside Youth Baseball'));
  return row!.id;
}

const login = (email: string, code?: string) =>
  t.call('POST', '/api/admin/login', { body: { email, password: FIXTURE_PASSWORD, ...(code ? { code } : {}) } });

/** Turns the second factor on for `email` through the API; answers the secret and the recovery codes. */
async function enrol(email: string): Promise<{ secret: string; recovery: string[]; token: string }> {
  const token = await staffTokenFor(t.db, email);
  const started = await t.call('POST', '/api/admin/two-factor/setup', { token });
  expect(started.status, started.text).toBe(200);
  const { secret, uri } = started.body as { secret: string; uri: string };
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(uri).toContain(`secret=${secret}`);
  expect(uri).toMatch(/^otpauth:\/\/totp\/Club%20console:/);
  const enabled = await t.call('POST', '/api/admin/two-factor/enable', {
    token,
    body: { code: codeAt(secret, t.deps.now()) },
  });
  expect(enabled.status, enabled.text).toBe(200);
  const answer = enabled.body as { recovery_codes: string[]; staff: { two_factor_enabled: boolean } };
  expect(answer.staff.two_factor_enabled).toBe(true);
  return { secret, recovery: answer.recovery_codes, token };
}

describe('turning the second factor on', () => {
  it('a registrar scans a secret, confirms a code and gets ten recovery codes, stored hashed', async () => {
    const token = await staffTokenFor(t.db, STAFF.registrar);
    expect((await t.call('GET', '/api/admin/me', { token })).body).toMatchObject({
      staff: { two_factor_enabled: false },
    });
    const started = await t.call('POST', '/api/admin/two-factor/setup', { token });
    const { secret } = started.body as { secret: string };
    // A wrong code turns nothing on and counts toward the login limits of the address.
    const wrong = expectError(
      await t.call('POST', '/api/admin/two-factor/enable', { token, body: { code: '000000' } }),
      422,
    );
    expect(wrong.messages).toEqual({ code: [TWO_FACTOR_TEXTS.codeWrong] });
    const enabled = await t.call('POST', '/api/admin/two-factor/enable', {
      token,
      body: { code: codeAt(secret, t.deps.now()) },
    });
    expect(enabled.status, enabled.text).toBe(200);
    const codes = (enabled.body as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await t.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, await staffId(t.db, STAFF.registrar)));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(stored.map((row) => row.codeHash)).not.toContain(code);
    expect((await t.call('GET', '/api/admin/me', { token })).body).toMatchObject({
      staff: { two_factor_enabled: true },
    });
    // Once on, it is not started again.
    expectError(await t.call('POST', '/api/admin/two-factor/setup', { token }), 409, TWO_FACTOR_TEXTS.alreadyOn);
  });

  it('a coach has no second factor to turn on (403 at the gate)', async () => {
    const token = await staffTokenFor(t.db, STAFF.coach);
    expectError(await t.call('POST', '/api/admin/two-factor/setup', { token }), 403, STAFF_TEXTS.roleRefused);
  });
});

describe('logging in with a second factor', () => {
  it('asks for the code, refuses a wrong one (counted), accepts a code once and a recovery code once', async () => {
    const { secret, recovery } = await enrol(STAFF.registrar);
    t.setNow(new Date(t.deps.now().getTime() + 60_000));

    expect(expectError(await login(STAFF.registrar), 422).messages).toEqual({ code: [TWO_FACTOR_TEXTS.codeNeeded] });
    const wrong = expectError(await login(STAFF.registrar, '123456'), 422);
    expect(wrong.messages).toEqual({ code: [TWO_FACTOR_TEXTS.codeWrong] });
    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:email-ip:${STAFF.registrar}|local`));
    // The enrolment's two codes, then the login without a code and the wrong one.
    expect(counter?.hits).toBe(3);

    const code = codeAt(secret, t.deps.now());
    const first = await login(STAFF.registrar, code);
    expect(first.status, first.text).toBe(200);
    // The same code again (the same 30-second step) is refused: a code is accepted once.
    expectError(await login(STAFF.registrar, code), 422);

    const recoveryCode = recovery[0]!;
    const withRecovery = await login(STAFF.registrar, recoveryCode.toLowerCase());
    expect(withRecovery.status, withRecovery.text).toBe(200);
    expectError(await login(STAFF.registrar, recoveryCode), 422, TWO_FACTOR_TEXTS.codeWrong);
    const [used] = await t.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.codeHash, hashToken(recoveryCode.replace(/-/g, ''))));
    expect(used?.usedAt).not.toBeNull();
  });

  it('wrong codes lock the address out like wrong passwords (429 after the limit)', async () => {
    await enrol(STAFF.owner);
    let status = 0;
    for (let attempt = 0; attempt < 12 && status !== 429; attempt++) {
      status = (await login(STAFF.owner, '000000')).status;
    }
    expect(status).toBe(429);
  });

  it('a staff member without a second factor logs in with the password alone', async () => {
    expect((await login(STAFF.owner)).status).toBe(200);
  });
});

describe('an owner requires a second factor of who moves money', () => {
  async function membershipId(): Promise<number> {
    const athlete = await userId(t.db, 'jordanlee');
    const [row] = await t.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, athlete));
    return row!.id;
  }

  it('until they turn it on, a registrar may read money but not refund, retry, mark offline or cancel', async () => {
    const organizationId = await northsideId();
    const owner = await staffTokenFor(t.db, STAFF.owner);
    // Only an owner requires it.
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const path = `/api/admin/organizations/${organizationId}/two-factor`;
    expectError(
      await t.call('PUT', path, { token: registrar, body: { required: true } }),
      403,
      STAFF_TEXTS.roleRefused,
    );
    const required = await t.call('PUT', path, { token: owner, body: { required: true } });
    expect(required.status, required.text).toBe(200);

    const me = (await t.call('GET', '/api/admin/me', { token: registrar })).body as {
      staff: { organizations: { two_factor_required: boolean; can: Record<string, boolean> }[] };
    };
    expect(me.staff.organizations[0]).toMatchObject({
      two_factor_required: true,
      can: { read_money: true, refund: false, retry: false, mark_offline: false, cancel: false },
    });
    const id = await membershipId();
    expect((await t.call('GET', `/api/admin/memberships/${id}`, { token: registrar })).status).toBe(200);
    const refund = await t.call('POST', `/api/admin/memberships/${id}/refunds`, {
      token: registrar,
      body: { amount_cents: 100, reason: 'Test' },
    });
    expectError(refund, 403, STAFF_TEXTS.twoFactorNeeded);
    const cancel = await t.call('POST', `/api/admin/memberships/${id}/cancel`, {
      token: registrar,
      body: { reason: 'x' },
    });
    expectError(cancel, 403, STAFF_TEXTS.twoFactorNeeded);

    // Enrolled: the same refund passes the permission and is judged on its amount (the seeded payment has no charge).
    const { token } = await enrol(STAFF.registrar);
    const again = await t.call('POST', `/api/admin/memberships/${id}/refunds`, {
      token,
      body: { amount_cents: 100, reason: 'Test' },
    });
    expect(again.status, again.text).not.toBe(403);
  });
});

describe("a coach's roster (least privilege)", () => {
  async function tigersId(): Promise<number> {
    const [row] = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.name, '12U Tigers'));
    return row!.id;
  }

  it('names the athlete, the guardian with e-mail and phone, and a standing; no amounts, plan, dates or links to money', async () => {
    const token = await staffTokenFor(t.db, STAFF.coach);
    const teamId = await tigersId();
    const roster = await t.call('GET', `/api/admin/teams/${teamId}/memberships`, { token });
    expect(roster.status, roster.text).toBe(200);
    const rows = (roster.body as { memberships: Record<string, unknown>[] }).memberships;
    expect(rows.length).toBeGreaterThan(0);
    const [guardian] = await t.db.select().from(users).where(eq(users.email, 'member@example.com'));
    const jordan = rows.find((row) => (row.athlete as { name: string }).name === 'Jordan Lee');
    expect(jordan).toEqual({
      id: expect.any(Number),
      athlete: { id: expect.any(Number), name: 'Jordan Lee' },
      guardian: { id: guardian!.id, name: 'Morgan Lee', email: 'member@example.com', phone: guardian!.phone ?? '' },
      status: expect.stringMatching(/^(paid|on_schedule|owes|cancelled|held)$/),
    });
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['athlete', 'guardian', 'id', 'status']);
    // A status filter or a sort by money is not theirs to use: the roster answers as without it.
    const sorted = await t.call('GET', `/api/admin/teams/${teamId}/memberships?sort=paid&dir=desc&status=paid`, {
      token,
    });
    expect((sorted.body as { total: number }).total).toBe((roster.body as { total: number }).total);

    const csv = await t.call('GET', `/api/admin/teams/${teamId}/memberships.csv`, { token });
    expect(csv.status).toBe(200);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('membership_id,athlete,guardian,guardian_email,guardian_phone,status');
    expect(csv.text).not.toMatch(/\d+\.\d{2}/);

    const membership = jordan!.id as number;
    expectError(await t.call('GET', `/api/admin/memberships/${membership}`, { token }), 403, STAFF_TEXTS.roleRefused);
    expectError(await t.call('GET', `/api/admin/teams/${teamId}/payments.csv`, { token }), 403);
  });

  it("an owner's roster keeps the money and gains the guardian's phone", async () => {
    const token = await staffTokenFor(t.db, STAFF.owner);
    const roster = await t.call('GET', `/api/admin/teams/${await tigersId()}/memberships`, { token });
    const [row] = (roster.body as { memberships: Record<string, unknown>[] }).memberships;
    expect(row).toMatchObject({ paid_cents: expect.any(Number), guardian: { phone: expect.any(String) } });
  });
});
