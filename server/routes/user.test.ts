import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { athleteListSchema, latestLicenseSchema, userSchema } from '../../src/api/schemas.ts';
import { issueToken } from '../services/tokens.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('GET /api/user', () => {
  it.each([
    ['coach@example.com', 'License active.', true],
    ['expired@example.com', 'License expired.', true],
    ['trial@example.com', 'Trial period active.', false],
    ['subscriber@example.com', 'Subscription active.', false],
  ])('shows %s as %s', async (email, message, isCoach) => {
    const user = expectOk(await t.call('GET', '/api/user', { token: await t.tokenFor(email) }), userSchema);
    expect(user.subscription?.status_message).toBe(message);
    expect(user.has_subscription).toBe(true);
    expect(user.is_coach).toBe(isCoach);
  });

  it('shows the player profile, licence and no subscription where there is none', async () => {
    const player = expectOk(
      await t.call('GET', '/api/user', { token: await t.tokenFor('player@example.com') }),
      userSchema,
    );
    expect(player.player).not.toBeNull();
    const paid = expectOk(
      await t.call('GET', '/api/user', { token: await t.tokenFor('paid@example.com') }),
      userSchema,
    );
    expect(paid).toMatchObject({ subscription: null, has_subscription: false, player: null, is_new: false });
    expect(paid.license).toEqual({
      license_code: 'TIGERS-2027',
      organization: {
        id: expect.any(Number),
        name: 'Northside Youth Baseball',
        waiver: expect.stringContaining('Northside Youth Baseball Participant Waiver'),
        api_user_id: null,
        client: { api_subdomain: 'northside' },
      },
    });
  });

  it('answers 401 without a token, with an unknown token and with an expired one', async () => {
    expectError(await t.call('GET', '/api/user'), 401, 'Unauthenticated.');
    expectError(await t.call('GET', '/api/user', { token: 'not-a-real-token' }), 401);
    expectError(await t.call('GET', '/api/user', { headers: { Authorization: 'Basic abc' } }), 401);
    const token = await t.tokenFor('parent@example.com');
    t.setNow(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    expectError(await t.call('GET', '/api/user', { token }), 401);
  });
});

describe('PUT /api/user/{id}', () => {
  const update = { name: 'Patricia Rivera', email: 'pat@example.com', phone: '555-999-0000' };

  it('updates the own account, including the password', async () => {
    const token = await t.tokenFor('parent@example.com');
    const id = await userId(t.db, 'parent@example.com');
    const user = expectOk(
      await t.call('PUT', `/api/user/${id}`, {
        token,
        body: { ...update, password: 'Changed1!x', password_confirmation: 'Changed1!x' },
      }),
      userSchema,
    );
    expect(user).toMatchObject(update);
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: 'pat@example.com', password: 'Changed1!x' },
    });
    expect(login.status).toBe(200);
  });

  it("a new password ends the user's other sessions and website tokens, and keeps the caller's session", async () => {
    const id = await userId(t.db, 'parent@example.com');
    const session1 = await t.tokenFor('parent@example.com');
    const session2 = await t.tokenFor('parent@example.com');
    const websiteToken = await issueToken(t.db, id, 'website', new Date());
    const otherUser = await t.tokenFor('coach@example.com');
    expectOk(
      await t.call('PUT', `/api/user/${id}`, {
        token: session1,
        body: { ...update, password: 'Changed1!x', password_confirmation: 'Changed1!x' },
      }),
      userSchema,
    );
    expect(expectOk(await t.call('GET', '/api/user', { token: session1 }), userSchema).id).toBe(id);
    expectError(await t.call('GET', '/api/user', { token: session2 }), 401);
    expectError(
      await t.call('POST', '/api/website-token/validate', { body: { user_id: id, token: websiteToken } }),
      401,
    );
    // Another user's session is not touched.
    expectOk(await t.call('GET', '/api/user', { token: otherUser }), userSchema);
  });

  it('keeps every session when the password is not changed', async () => {
    const id = await userId(t.db, 'parent@example.com');
    const session1 = await t.tokenFor('parent@example.com');
    const session2 = await t.tokenFor('parent@example.com');
    const websiteToken = await issueToken(t.db, id, 'website', new Date());
    expectOk(await t.call('PUT', `/api/user/${id}`, { token: session1, body: update }), userSchema);
    expectOk(await t.call('GET', '/api/user', { token: session2 }), userSchema);
    expect(
      (await t.call('POST', '/api/website-token/validate', { body: { user_id: id, token: websiteToken } })).status,
    ).toBe(200);
  });

  it("refuses another user's account, a taken address and a missing token", async () => {
    const token = await t.tokenFor('parent@example.com');
    const other = await userId(t.db, 'coach@example.com');
    expectError(await t.call('PUT', `/api/user/${other}`, { token, body: update }), 403);
    // An athlete's token cannot change the guardian's account either.
    const guardianId = await userId(t.db, 'parent@example.com');
    expectError(
      await t.call('PUT', `/api/user/${guardianId}`, { token: await t.tokenFor('samrivera'), body: update }),
      403,
    );
    const id = await userId(t.db, 'parent@example.com');
    const taken = expectError(
      await t.call('PUT', `/api/user/${id}`, { token, body: { ...update, email: 'Coach@example.com' } }),
      422,
    );
    expect(taken.messages.email).toEqual(['The email has already been taken.']);
    expectError(await t.call('PUT', `/api/user/${id}`, { body: update }), 401);
    expectError(await t.call('PUT', '/api/user/abc', { token, body: update }), 422);
  });
});

describe('latest licence', () => {
  it('is recorded by code and read back', async () => {
    const token = await t.tokenFor('parent@example.com');
    expectError(await t.call('GET', '/api/user/latest-license', { token }), 404);
    const set = expectOk(
      await t.call('POST', '/api/user/latest-license', { token, body: { license_code: 'storm-2026' } }),
      latestLicenseSchema,
    );
    expect(set).toEqual({
      license_code: 'STORM-2026',
      season_name: 'Fall 2026',
      team_name: '14U Storm',
      organization_id: expect.any(Number),
    });
    expect(expectOk(await t.call('GET', '/api/user/latest-license', { token }), latestLicenseSchema)).toEqual(set);
    expectError(await t.call('POST', '/api/user/latest-license', { token, body: { license_code: 'NOPE' } }), 404);
    expectError(await t.call('POST', '/api/user/latest-license', { body: { license_code: 'STORM-2026' } }), 401);
  });
});

describe('GET /api/user/athletes', () => {
  it("lists the guardian's athletes with tokens of their own", async () => {
    const token = await t.tokenFor('parent@example.com');
    const athletes = expectOk(await t.call('GET', '/api/user/athletes', { token }), athleteListSchema);
    expect(athletes.map((a) => [a.name, a.relationship])).toEqual([
      ['Sam Rivera', 'Mother'],
      ['Alex Rivera', 'Father'],
    ]);
    const sam = expectOk(await t.call('GET', '/api/user', { token: athletes[0]!.token }), userSchema);
    expect(sam.id).toBe(athletes[0]!.user_id);
    // Another guardian sees only their own athletes.
    const member = expectOk(
      await t.call('GET', '/api/user/athletes', { token: await t.tokenFor('member@example.com') }),
      athleteListSchema,
    );
    expect(member.map((a) => a.name)).toEqual(['Jordan Lee']);
  });

  it('refuses athletes and anonymous callers', async () => {
    expectError(await t.call('GET', '/api/user/athletes', { token: await t.tokenFor('samrivera') }), 403);
    expectError(await t.call('GET', '/api/user/athletes'), 401);
  });
});
