import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_ACTIONS } from '../../src/domain/staff.ts';
import { createApp } from '../app.ts';
import { mailOutbox, organizations, rateLimits, staffInvites, staffSessions, teams } from '../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../db/seed.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import {
  STAFF_INVITE_LIFETIME_MS,
  STAFF_INVITE_TEXTS,
  STAFF_SESSION_LIFETIME_MS,
  STAFF_TEXTS,
} from '../services/staff/index.ts';
import { hashToken } from '../services/tokens.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { loggingApp, sendJson } from '../test/logging-app.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/** The club's console, issue 22 point 1: staff sign-in, the staff gate, and an owner's invitations. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

interface StaffAnswer {
  id: number;
  name: string;
  email: string;
  organizations: {
    id: number;
    name: string;
    role: string;
    teams: { id: number; name: string }[] | null;
    two_factor_required: boolean;
    can: Record<string, boolean>;
  }[];
}

const INVALID_LOGIN = 'These credentials do not match our records.';
/** Issue 30 point 2: a coach may read their teams' rosters, nothing else. */
const COACH_CAN = Object.fromEntries(STAFF_ACTIONS.map((action) => [action, action === 'read_roster']));

async function organizationId(name: string): Promise<number> {
  const [row] = await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
  return row!.id;
}
const northside = () => organizationId('Northside Youth Baseball');
const lakeside = () => organizationId('Lakeside Little League');
async function teamOf(organization: number, name?: string) {
  const rows = await t.db.select().from(teams).where(eq(teams.organizationId, organization));
  const team = name ? rows.find((row) => row.name === name) : rows[0];
  return team!;
}

const login = (email: string, password = FIXTURE_PASSWORD, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/admin/login', { body: { email, password }, headers });
const me = (token: string | null) => t.call('GET', '/api/admin/me', { token });

/** Sends an invitation as the Northside owner and returns the answer with the e-mailed link's token. */
async function invite(body: Record<string, unknown>, as: string = STAFF.owner, organization?: number) {
  const id = organization ?? (await northside());
  const result = await t.call('POST', `/api/admin/organizations/${id}/invites`, {
    token: await staffTokenFor(t.db, as),
    body,
  });
  const mail = (await t.db.select().from(mailOutbox).orderBy(mailOutbox.id)).at(-1);
  const token = /\/admin\/join\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  return { result, mail, token };
}
const accept = (body: Record<string, unknown>) => t.call('POST', '/api/admin/invites/accept', { body });

describe('POST /api/admin/login', () => {
  it('answers a staff session and the staff member with their organizations; the e-mail in any case', async () => {
    const result = await login('Owner@Northside.EXAMPLE');
    expect(result.status, result.text).toBe(200);
    const { token, staff } = result.body as { token: string; staff: StaffAnswer };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(staff).toMatchObject({
      email: 'owner@northside.example',
      organizations: [{ id: await northside(), name: 'Northside Youth Baseball', role: 'owner', teams: null }],
    });
    // Only the token's SHA-256 is stored.
    const [session] = await t.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, hashToken(token)));
    expect(session?.staffId).toBe(staff.id);
    expect((await me(token)).body).toEqual({ staff });
  });

  it("a coach's organization lists only their team", async () => {
    const token = await staffTokenFor(t.db, STAFF.coach);
    const tigers = await teamOf(await northside(), '12U Tigers');
    expect(((await me(token)).body as { staff: StaffAnswer }).staff.organizations).toEqual([
      {
        id: await northside(),
        name: 'Northside Youth Baseball',
        role: 'coach',
        teams: [{ id: tigers.id, name: '12U Tigers' }],
        two_factor_required: false,
        can: COACH_CAN,
      },
    ]);
  });

  it('refuses a wrong password, an unknown address and a family account with the family login’s message', async () => {
    const wrong = expectError(await login(STAFF.owner, 'not-the-password'), 422, INVALID_LOGIN);
    expect(wrong.messages).toEqual({ email: [INVALID_LOGIN] });
    expect(expectError(await login('nobody@northside.example'), 422)).toEqual(wrong);
    // A family account is not a staff account, even with its right password.
    expect(expectError(await login('parent@example.com'), 422)).toEqual(wrong);
  });

  it('counts the family login’s counters: a locked-out address is locked out of both doors', async () => {
    expectError(await login(STAFF.owner, 'wrong-1'), 422);
    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:email:${STAFF.owner}`));
    expect(counter?.hits).toBe(1);
    // This client has used its 10 guesses at this address (at either login): the right password is refused now.
    await t.db
      .update(rateLimits)
      .set({ hits: 10 })
      .where(eq(rateLimits.key, `login:email-ip:${STAFF.owner}|local`));
    const limited = expectError(await login(STAFF.owner), 429, 'Too many attempts. Please try again later.');
    expect(limited.messages).toEqual({});
    const family = await t.call('POST', '/api/auth/login', { body: { email: STAFF.owner, password: 'x' } });
    expectError(family, 429);
  });

  it('answers malformed bodies with 4xx, never 5xx', async () => {
    for (const body of [{}, { email: '' }, { email: 'a@b.c', password: '' }, { email: 1, password: 2 }, []]) {
      expectError(await t.call('POST', '/api/admin/login', { body }), 422);
    }
    expectError(await t.call('POST', '/api/admin/login', { rawBody: '{"email":' }), 400);
    expectError(await t.call('POST', '/api/admin/login', { body: { email: 'a\u0000@b.c', password: 'x' } }), 422);
  });
});

describe('the staff gate', () => {
  it('401 without a token, with a token that is not ours, an expired or ended staff session, or the static staff token', async () => {
    expectError(await me(null), 401);
    expectError(await me('garbage-token-garbage-token'), 401);
    expectError(await me(DEFAULT_STAFF_TOKEN), 401);
    const now = new Date();
    const expired = await staffTokenFor(t.db, STAFF.owner, new Date(now.getTime() - STAFF_SESSION_LIFETIME_MS - 1000));
    expectError(await me(expired), 401);
    const token = await staffTokenFor(t.db, STAFF.owner);
    expect((await t.call('POST', '/api/admin/logout', { token })).body).toEqual({ message: 'Logged out.' });
    expectError(await me(token), 401);
  });

  it("403 'This page is for club staff.' for a family session (guardian, athlete, coach account)", async () => {
    for (const account of ['parent@example.com', 'samrivera', 'coach@example.com']) {
      expectError(await me(await t.tokenFor(account)), 403, STAFF_TEXTS.staffOnly);
    }
    // Before the body is read: the family caller learns nothing about the route's fields.
    const refused = await t.call('POST', `/api/admin/organizations/${await northside()}/invites`, {
      token: await t.tokenFor('parent@example.com'),
      body: { nonsense: true },
    });
    expectError(refused, 403, STAFF_TEXTS.staffOnly);
  });

  it('a staff session opens no family call (401: it is no family session)', async () => {
    const token = await staffTokenFor(t.db, STAFF.owner);
    expectError(await t.call('GET', '/api/user', { token }), 401);
    expectError(await t.call('GET', '/api/memberships', { token }), 401);
    expectError(await t.call('GET', '/api/household', { token }), 401);
  });

  it('the static STAFF_TOKEN opens /api/staff/* outside production only', async () => {
    expect((await t.call('GET', '/api/staff/drafts/1', { token: DEFAULT_STAFF_TOKEN })).status).toBe(200);
    const secret = 'a-long-production-secret';
    const production = createApp({ ...t.deps, env: { ...t.deps.env, NODE_ENV: 'production', STAFF_TOKEN: secret } });
    const refused = await production.request('/api/staff/drafts/1', { headers: { Authorization: `Bearer ${secret}` } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'The staff token is not accepted in production.', messages: {} });
  });
});

describe('invitations', () => {
  it('an owner invites a registrar: the e-mail’s link, the pending invite, then a new account that works', async () => {
    const now = new Date();
    t.setNow(now);
    const { result, mail, token } = await invite({
      email: 'New.Registrar@Example.com',
      name: 'Nia Registrar',
      role: 'registrar',
    });
    expect(result.status, result.text).toBe(201);
    const answer = result.body as {
      invite: { id: number; email: string; role: string; team: unknown; expires_at: string };
    };
    expect(answer.invite).toMatchObject({ email: 'new.registrar@example.com', role: 'registrar', team: null });
    expect(answer.invite.expires_at).toBe(new Date(now.getTime() + STAFF_INVITE_LIFETIME_MS).toISOString());
    expect(mail?.to).toBe('new.registrar@example.com');
    expect(mail?.text).toContain('http://localhost:5173/admin/join?token=');
    expect(mail?.text).toContain('This link works once and expires in 7 days.');
    // Only the SHA-256 of the link's token is stored.
    const [stored] = await t.db.select().from(staffInvites).where(eq(staffInvites.id, answer.invite.id));
    expect(stored?.tokenHash).toBe(hashToken(token));

    const owner = await staffTokenFor(t.db, STAFF.owner);
    const listed = await t.call('GET', `/api/admin/organizations/${await northside()}/staff`, { token: owner });
    expect(listed.status, listed.text).toBe(200);
    const list = listed.body as { staff: { email: string; role: string; teams: unknown }[]; invites: unknown[] };
    expect(list.staff.map((member) => [member.email, member.role]).sort()).toEqual([
      ['coach.tigers@northside.example', 'coach'],
      ['owner@northside.example', 'owner'],
      ['registradora@northside.example', 'registrar'],
      ['registrar@northside.example', 'registrar'],
    ]);
    expect(list.invites).toEqual([answer.invite]);

    const accepted = await accept({
      token,
      name: 'Nia Registrar',
      password: 'Another-pass-1',
      password_confirmation: 'Another-pass-1',
    });
    expect(accepted.status, accepted.text).toBe(200);
    const session = accepted.body as { token: string; staff: StaffAnswer };
    expect(session.staff).toMatchObject({
      name: 'Nia Registrar',
      email: 'new.registrar@example.com',
      organizations: [{ name: 'Northside Youth Baseball', role: 'registrar', teams: null }],
    });
    expect((await me(session.token)).status).toBe(200);
    expect((await login('new.registrar@example.com', 'Another-pass-1')).status).toBe(200);
    const after = (await t.call('GET', `/api/admin/organizations/${await northside()}/staff`, { token: owner }))
      .body as typeof list;
    expect(after.invites).toEqual([]);
    expect(after.staff.map((member) => member.email)).toContain('new.registrar@example.com');
  });

  it('works once, for 7 days; a second invite of the address replaces the first', async () => {
    const now = new Date();
    t.setNow(now);
    const first = await invite({ email: 'late@example.com', name: 'Lee Late', role: 'registrar' });
    const second = await invite({ email: 'late@example.com', name: 'Lee Late', role: 'registrar' });
    const body = (token: string) => ({
      token,
      name: 'Lee Late',
      password: 'Another-pass-1',
      password_confirmation: 'Another-pass-1',
    });
    expectError(await accept(body(first.token)), 404, STAFF_INVITE_TEXTS.notValid);
    expectError(await accept(body('never-issued-token')), 404, STAFF_INVITE_TEXTS.notValid);

    t.setNow(new Date(now.getTime() + STAFF_INVITE_LIFETIME_MS + 1000));
    expectError(await accept(body(second.token)), 410, STAFF_INVITE_TEXTS.expired);
    t.setNow(new Date(now.getTime() + STAFF_INVITE_LIFETIME_MS - 1000));
    expect((await accept(body(second.token))).status).toBe(200);
    expectError(await accept(body(second.token)), 410, STAFF_INVITE_TEXTS.used);
  });

  it('a coach is invited to one team of the organization; the coach then sees only that team', async () => {
    const tigers = await teamOf(await northside(), '12U Tigers');
    const lakesideTeam = await teamOf(await lakeside());
    const refuse = async (body: Record<string, unknown>, field: string, message: string) => {
      const answer = expectError((await invite(body)).result, 422);
      expect(answer.messages[field]).toEqual([message]);
    };
    const base = { email: 'new.coach@example.com', name: 'Cole Coach' };
    await refuse({ ...base, role: 'coach' }, 'team_id', 'Choose the team this coach works with.');
    await refuse({ ...base, role: 'registrar', team_id: tigers.id }, 'team_id', 'Only a coach is invited to a team.');
    await refuse({ ...base, role: 'coach', team_id: lakesideTeam.id }, 'team_id', STAFF_INVITE_TEXTS.teamNotFound);
    await refuse({ email: STAFF.registrar, name: 'Ray', role: 'registrar' }, 'email', STAFF_INVITE_TEXTS.alreadyStaff);

    const sent = await invite({ ...base, role: 'coach', team_id: tigers.id });
    expect(sent.result.status, sent.result.text).toBe(201);
    const accepted = await accept({
      token: sent.token,
      name: 'Cole Coach',
      password: 'Another-pass-1',
      password_confirmation: 'Another-pass-1',
    });
    expect((accepted.body as { staff: StaffAnswer }).staff.organizations).toEqual([
      {
        id: await northside(),
        name: 'Northside Youth Baseball',
        role: 'coach',
        teams: [{ id: tigers.id, name: '12U Tigers' }],
        two_factor_required: false,
        can: COACH_CAN,
      },
    ]);
  });

  it('an existing staff member accepts with their password and gains the role', async () => {
    const sent = await invite({ email: STAFF.otherOwner, name: 'Lena Brooks', role: 'registrar' });
    expect(sent.result.status, sent.result.text).toBe(201);
    const wrong = expectError(await accept({ token: sent.token, password: 'not-the-password' }), 422, INVALID_LOGIN);
    expect(wrong.messages).toEqual({ password: [INVALID_LOGIN] });
    const accepted = await accept({ token: sent.token, password: FIXTURE_PASSWORD });
    expect(accepted.status, accepted.text).toBe(200);
    expect((accepted.body as { staff: StaffAnswer }).staff.organizations.map((org) => [org.name, org.role])).toEqual([
      ['Lakeside Little League', 'owner'],
      ['Northside Youth Baseball', 'registrar'],
    ]);
  });

  it('two accepts of one link at once: one adds the role, the other hears it was used', async () => {
    const sent = await invite({ email: STAFF.otherOwner, name: 'Lena Brooks', role: 'registrar' });
    const both = await Promise.all([1, 2].map(() => accept({ token: sent.token, password: FIXTURE_PASSWORD })));
    expect(both.map((result) => result.status).sort()).toEqual([200, 410]);
    const refused = both.find((result) => result.status === 410)!;
    expectError(refused, 410, STAFF_INVITE_TEXTS.used);
  });

  it('a new account needs a name, a long enough password and its confirmation', async () => {
    const { token } = await invite({ email: 'fresh@example.com', name: 'Fay Fresh', role: 'registrar' });
    const missing = expectError(await accept({ token, password: 'short' }), 422);
    expect(Object.keys(missing.messages).sort()).toEqual(['name', 'password', 'password_confirmation']);
    const mismatch = expectError(
      await accept({ token, name: 'Fay', password: 'Another-pass-1', password_confirmation: 'Another-pass-2' }),
      422,
    );
    expect(mismatch.messages.password_confirmation).toEqual(['The password confirmation does not match.']);
    // Nothing was used up: the link still works.
    expect(
      (await accept({ token, name: 'Fay', password: 'Another-pass-1', password_confirmation: 'Another-pass-1' }))
        .status,
    ).toBe(200);
  });

  it('only an owner of the organization invites and lists staff: 403 for other roles, 404 for another organization', async () => {
    const body = { email: 'someone@example.com', name: 'Some One', role: 'registrar' };
    expectError((await invite(body, STAFF.registrar)).result, 403, STAFF_TEXTS.roleRefused);
    expectError((await invite(body, STAFF.coach)).result, 403, STAFF_TEXTS.roleRefused);
    const other = (await invite(body, STAFF.otherOwner)).result;
    expectError(other, 404, STAFF_TEXTS.organizationNotFound);
    expect(other.text).not.toContain('Northside');
    expectError((await invite(body, STAFF.owner, 2_000_000)).result, 404, STAFF_TEXTS.organizationNotFound);
    for (const [as, status] of [
      [STAFF.registrar, 403],
      [STAFF.coach, 403],
      [STAFF.otherOwner, 404],
    ] as const) {
      const listed = await t.call('GET', `/api/admin/organizations/${await northside()}/staff`, {
        token: await staffTokenFor(t.db, as),
      });
      expectError(listed, status);
      expect(listed.text).not.toContain('registrar@northside.example');
    }
    expect(await t.db.select().from(staffInvites)).toEqual([]);
  });

  it('answers malformed invitations and accepts with 4xx, never 5xx', async () => {
    const owner = await staffTokenFor(t.db, STAFF.owner);
    const id = await northside();
    const bodies: unknown[] = [
      {},
      { email: 'not-an-address', name: 'X', role: 'registrar' },
      { email: 'a@example.com', name: '', role: 'registrar' },
      { email: 'a@example.com', name: 'X', role: 'admin' },
      { email: 'a@example.com', name: 'X', role: 'coach', team_id: 0 },
      { email: 'a@example.com', name: 'X', role: 'coach', team_id: 2_147_483_648 },
      { email: 'a@example.com', name: 'X\u0000', role: 'registrar' },
    ];
    for (const body of bodies) {
      expectError(await t.call('POST', `/api/admin/organizations/${id}/invites`, { token: owner, body }), 422);
    }
    for (const path of ['0', '2147483648', 'abc']) {
      const result = await t.call('GET', `/api/admin/organizations/${path}/staff`, { token: owner });
      expect(result.status, path).toBe(422);
    }
    for (const body of [{}, { token: '' }, { token: 'x' }, { token: 'x', password: 'y'.repeat(200) }]) {
      const result = await accept(body);
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
    }
    expect(
      await t.db
        .select()
        .from(staffInvites)
        .where(and(eq(staffInvites.organizationId, id))),
    ).toEqual([]);
  });
});

describe('logs', () => {
  it('hold no names, addresses, passwords or tokens of a login, an invitation or its acceptance', async () => {
    const { app, lines } = loggingApp(t, { outbox: true });
    const post = async (path: string, body: unknown, token?: string) => sendJson(app, 'POST', path, { token, body });
    const signedIn = (await (
      await post('/api/admin/login', { email: STAFF.owner, password: FIXTURE_PASSWORD })
    ).json()) as {
      token: string;
    };
    const sent = await post(
      `/api/admin/organizations/${await northside()}/invites`,
      { email: 'quiet.person@example.com', name: 'Quinn Quiet', role: 'registrar' },
      signedIn.token,
    );
    expect(sent.status).toBe(201);
    const mail = (await t.db.select().from(mailOutbox).orderBy(mailOutbox.id)).at(-1);
    const linkToken = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const accepted = await post('/api/admin/invites/accept', {
      token: linkToken,
      name: 'Quinn Quiet',
      password: 'Another-pass-1',
      password_confirmation: 'Another-pass-1',
    });
    expect(accepted.status).toBe(200);
    const logged = lines.join('');
    expect(logged).toContain('staff invite');
    for (const secret of [
      STAFF.owner,
      'quiet.person@example.com',
      'Quinn Quiet',
      'Olivia Grant',
      'Northside',
      FIXTURE_PASSWORD,
      'Another-pass-1',
      signedIn.token,
      linkToken,
    ]) {
      expect(logged, secret).not.toContain(secret);
    }
  });
});
