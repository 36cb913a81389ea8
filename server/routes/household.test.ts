import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RELATIONSHIP_TOO_LONG } from '../../src/domain/forms/create-athlete.ts';
import { householdGuardians, householdInvites, mailOutbox } from '../db/schema/index.ts';
import { siteLink } from '../http/origin.ts';
import { english } from '../i18n/index.ts';
import { HOUSEHOLD_INVITE_RULE, HOUSEHOLD_TEXTS, INVITE_LIFETIME_MS } from '../services/household-invites.ts';
import { hashToken } from '../services/tokens.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { JAMIE, MORGAN, PAT, SUBSCRIBER, TRIAL } from '../test/household-logins.ts';
import { loggingApp, sendJson } from '../test/logging-app.ts';

/**
 * The household and its invites (issue 20 point 4; docs/api.md "Households and invites"). Fixtures: Pat Rivera
 * (parent@example.com) and Jamie Rivera (coparent@example.com) share Sam and Alex; Morgan Lee (member@example.com)
 * is a household of one with Jordan Lee; trial@example.com and subscriber@example.com are guardians without athletes.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const as = async (login: string) => t.tokenFor(login);

interface InviteAnswer {
  invite: { id: number; name: string; email: string; relationship: string; expires_at: string };
}
interface HouseholdAnswer {
  household: {
    guardians: { id: number; name: string | null; email: string; relationship: string | null; is_you: boolean }[];
    invites: InviteAnswer['invite'][];
  };
}

/** Invites `email` as `login` and returns the answer with the token of the e-mailed link. */
async function invite(login: string, email: string, name = 'Casey Invitee', relationship = 'Father') {
  const result = await t.call('POST', '/api/household/invites', {
    token: await as(login),
    body: { name, email, relationship },
  });
  expect(result.status, result.text).toBe(201);
  const last = (await t.db.select().from(mailOutbox).orderBy(mailOutbox.id)).at(-1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(last?.text ?? '')?.[1];
  if (!token) throw new Error('no invite link in the e-mail');
  return { ...(result.body as InviteAnswer), token, mail: last };
}

const lookup = (token: string) => t.call('POST', '/api/household/invites/lookup', { body: { token } });
const accept = async (login: string, token: string) =>
  t.call('POST', '/api/household/invites/accept', { token: await as(login), body: { token } });
const household = async (login: string) => {
  const result = await t.call('GET', '/api/household', { token: await as(login) });
  expect(result.status, result.text).toBe(200);
  return (result.body as HouseholdAnswer).household;
};
const athleteNames = async (login: string) => {
  const result = await t.call('GET', '/api/user/athletes', { token: await as(login) });
  expect(result.status, result.text).toBe(200);
  return (result.body as { name: string }[]).map((athlete) => athlete.name).sort();
};

describe('GET /api/household', () => {
  it("lists the household's guardians, the first to join first, and no invites", async () => {
    const pat = await userId(t.db, PAT);
    const jamie = await userId(t.db, JAMIE);
    expect(await household(JAMIE)).toEqual({
      guardians: [
        { id: pat, name: 'Pat Rivera', email: PAT, relationship: null, is_you: false },
        { id: jamie, name: 'Jamie Rivera', email: JAMIE, relationship: 'Father', is_you: true },
      ],
      invites: [],
    });
  });

  it('shows a guardian alone as a household of one', async () => {
    expect(await household(MORGAN)).toEqual({
      guardians: [
        { id: await userId(t.db, MORGAN), name: 'Morgan Lee', email: MORGAN, relationship: null, is_you: true },
      ],
      invites: [],
    });
  });
});

describe('only a guardian manages a household', () => {
  it.each(['samrivera', 'coach@example.com'])('refuses %s with 403 on every call', async (login) => {
    const token = await as(login);
    const { token: link } = await invite(MORGAN, 'casey@example.com');
    const calls: [string, string, unknown][] = [
      ['GET', '/api/household', undefined],
      ['POST', '/api/household/invites', { name: 'Casey', email: 'casey2@example.com', relationship: 'Father' }],
      // Refused before validation: an invalid body does not turn the 403 into a 422.
      ['POST', '/api/household/invites', { name: '', email: 'nope', relationship: '' }],
      ['DELETE', '/api/household/invites/1', undefined],
      ['POST', '/api/household/invites/accept', { token: link }],
      ['DELETE', `/api/household/guardians/${await userId(t.db, PAT)}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expectError(await t.call(method, path, { token, body }), 403, HOUSEHOLD_TEXTS.guardiansOnly);
    }
    expect((await lookup(link)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expectError(await t.call('GET', '/api/household'), 401);
    expectError(await t.call('POST', '/api/household/invites/accept', { body: { token: 'x' } }), 401);
  });
});

describe('POST /api/household/invites', () => {
  it('stores a pending invite (only the hash of its token) and e-mails the link', async () => {
    const now = new Date('2026-11-20T10:00:00.000Z');
    t.setNow(now);
    const sent = await invite(MORGAN, 'Casey.Lee@Example.com', 'Casey Lee', 'Step-Father');
    const expiresAt = new Date(now.getTime() + INVITE_LIFETIME_MS).toISOString();
    expect(sent.invite).toEqual({
      id: expect.any(Number),
      name: 'Casey Lee',
      email: 'casey.lee@example.com',
      relationship: 'Step-Father',
      expires_at: expiresAt,
    });
    expect(sent.mail).toMatchObject({
      to: 'casey.lee@example.com',
      subject: 'Morgan Lee invited you to manage Jordan Lee on Diamond Academy',
    });
    const link = `${siteLink(t.deps.env, '/household/join')}?token=${sent.token}`;
    expect(sent.mail?.text).toContain(link);
    expect(sent.mail?.text).toContain('This link works once and expires in 7 days.');
    expect(sent.mail?.html).toContain(`href="${link}"`);
    expect(sent.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await t.db.select().from(householdInvites).where(eq(householdInvites.id, sent.invite.id));
    expect(row?.tokenHash).toBe(hashToken(sent.token));
    expect(JSON.stringify(row)).not.toContain(sent.token);
    expect((await household(MORGAN)).invites).toEqual([sent.invite]);
  });

  it("names every athlete of the household in the subject, or 'your athletes'", async () => {
    expect((await invite(JAMIE, 'grandma@example.com')).mail?.subject).toBe(
      'Jamie Rivera invited you to manage Sam Rivera and Alex Rivera on Diamond Academy',
    );
    expect((await invite(TRIAL, 'partner@example.com')).mail?.subject).toMatch(
      / invited you to manage your athletes on Diamond Academy$/,
    );
  });

  it('refuses a bad name, e-mail or relationship with field messages, and sends nothing', async () => {
    const token = await as(MORGAN);
    const post = (body: unknown) => t.call('POST', '/api/household/invites', { token, body });
    const valid = { name: 'Casey Lee', email: 'casey@example.com', relationship: 'Father' };
    expect(Object.keys(expectError(await post({ ...valid, name: '  ' }), 422).messages)).toEqual(['name']);
    expect(Object.keys(expectError(await post({ ...valid, email: 'not-an-address' }), 422).messages)).toEqual([
      'email',
    ]);
    expect(Object.keys(expectError(await post({ ...valid, relationship: ' ' }), 422).messages)).toEqual([
      'relationship',
    ]);
    expect(expectError(await post({ ...valid, relationship: 'x'.repeat(65) }), 422).messages.relationship).toEqual([
      english(RELATIONSHIP_TOO_LONG),
    ]);
    // Issue 31: the create-athlete form's text (the shared `form` catalogue group) in the request's language.
    const inSpanish = await t.call('POST', '/api/household/invites', {
      token,
      body: { ...valid, relationship: 'x'.repeat(65) },
      headers: { 'Accept-Language': 'es-US,es;q=0.9' },
    });
    expect(expectError(inSpanish, 422)).toMatchObject({
      message: 'El parentesco no puede tener más de 64 caracteres.',
      messages: { relationship: ['El parentesco no puede tener más de 64 caracteres.'] },
    });
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });

  it('refuses the own address and a guardian of the household', async () => {
    const self = expectError(
      await t.call('POST', '/api/household/invites', {
        token: await as(MORGAN),
        body: { name: 'Me', email: ' MEMBER@example.com ', relationship: 'Mother' },
      }),
      422,
      HOUSEHOLD_TEXTS.inviteSelf,
    );
    expect(self.messages).toEqual({ email: [HOUSEHOLD_TEXTS.inviteSelf] });
    const already = expectError(
      await t.call('POST', '/api/household/invites', {
        token: await as(PAT),
        body: { name: 'Jamie', email: 'CoParent@example.com', relationship: 'Father' },
      }),
      422,
      HOUSEHOLD_TEXTS.alreadyGuardian,
    );
    expect(already.messages).toEqual({ email: [HOUSEHOLD_TEXTS.alreadyGuardian] });
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });

  it('replaces the pending invite of the same address: the old link is dead', async () => {
    const first = await invite(MORGAN, 'casey@example.com');
    const second = await invite(MORGAN, 'CASEY@example.com', 'Casey Lee', 'Uncle');
    expectError(await lookup(first.token), 404, HOUSEHOLD_TEXTS.notValid);
    expectError(await accept(TRIAL, first.token), 404, HOUSEHOLD_TEXTS.notValid);
    expect((await household(MORGAN)).invites).toEqual([second.invite]);
    expect((await lookup(second.token)).status).toBe(200);
  });

  it(`allows ${HOUSEHOLD_INVITE_RULE.limit} invites an hour per guardian, then 429`, async () => {
    const token = await as(MORGAN);
    const post = (n: number) =>
      t.call('POST', '/api/household/invites', {
        token,
        body: { name: `Invitee ${n}`, email: `invitee${n}@example.com`, relationship: 'Aunt' },
      });
    for (let n = 0; n < HOUSEHOLD_INVITE_RULE.limit; n++) expect((await post(n)).status).toBe(201);
    const refused = await post(99);
    expectError(refused, 429, 'Too many attempts. Please try again later.');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another guardian has a budget of their own.
    expect((await invite(PAT, 'other@example.com')).invite.email).toBe('other@example.com');
    // An hour later the guardian may invite again.
    t.setNow(new Date(Date.now() + 61 * 60 * 1000));
    expect((await post(100)).status).toBe(201);
  });
});

describe('DELETE /api/household/invites/{id}', () => {
  it('cancels a pending invite of the own household; 404 for any other', async () => {
    const sent = await invite(MORGAN, 'casey@example.com');
    const other = await invite(PAT, 'robin@example.com');
    const morgan = await as(MORGAN);
    expectError(
      await t.call('DELETE', `/api/household/invites/${other.invite.id}`, { token: morgan }),
      404,
      HOUSEHOLD_TEXTS.inviteNotFound,
    );
    const cancel = await t.call('DELETE', `/api/household/invites/${sent.invite.id}`, { token: morgan });
    expect(cancel.status, cancel.text).toBe(204);
    expect(cancel.text).toBe('');
    expect((await household(MORGAN)).invites).toEqual([]);
    expectError(await lookup(sent.token), 404, HOUSEHOLD_TEXTS.notValid);
    expectError(
      await t.call('DELETE', `/api/household/invites/${sent.invite.id}`, { token: morgan }),
      404,
      HOUSEHOLD_TEXTS.inviteNotFound,
    );
    // Jamie shares Pat's household, so Jamie may cancel Pat's invite.
    const jamie = await t.call('DELETE', `/api/household/invites/${other.invite.id}`, { token: await as(JAMIE) });
    expect(jamie.status).toBe(204);
    expectError(await t.call('DELETE', '/api/household/invites/2147483648', { token: morgan }), 422);
  });
});

describe('POST /api/household/invites/lookup', () => {
  it('names the invite without a session; 404 unknown, 410 expired or used', async () => {
    const now = new Date();
    t.setNow(now);
    const sent = await invite(MORGAN, 'casey@example.com', 'Casey Lee', 'Aunt');
    const found = await lookup(sent.token);
    expect(found.status, found.text).toBe(200);
    expect(found.body).toEqual({
      invite: {
        name: 'Casey Lee',
        email: 'casey@example.com',
        relationship: 'Aunt',
        invited_by_name: 'Morgan Lee',
        expires_at: sent.invite.expires_at,
      },
    });
    expectError(await lookup('A'.repeat(43)), 404, HOUSEHOLD_TEXTS.notValid);
    expectError(await t.call('POST', '/api/household/invites/lookup', { body: { token: '' } }), 422);

    t.setNow(new Date(now.getTime() + INVITE_LIFETIME_MS - 1000));
    expect((await lookup(sent.token)).status).toBe(200);
    t.setNow(new Date(now.getTime() + INVITE_LIFETIME_MS));
    expectError(await lookup(sent.token), 410, HOUSEHOLD_TEXTS.expired);

    t.setNow(now);
    expect((await accept(TRIAL, sent.token)).status).toBe(200);
    expectError(await lookup(sent.token), 410, HOUSEHOLD_TEXTS.used);
  });
});

describe('POST /api/household/invites/accept', () => {
  it("joins the inviter's household: both see its athletes, and the link works once", async () => {
    const sent = await invite(MORGAN, TRIAL, 'Taylor Trial', 'Father');
    expect(await athleteNames(TRIAL)).toEqual([]);
    const joined = await accept(TRIAL, sent.token);
    expect(joined.status, joined.text).toBe(200);
    const trial = await userId(t.db, TRIAL);
    expect((joined.body as HouseholdAnswer).household).toEqual({
      guardians: [
        expect.objectContaining({ email: MORGAN, is_you: false }),
        expect.objectContaining({ id: trial, email: TRIAL, relationship: 'Father', is_you: true }),
      ],
      invites: [],
    });
    expect(await athleteNames(TRIAL)).toEqual(['Jordan Lee']);
    expect((await household(MORGAN)).guardians.map((g) => g.email)).toEqual([MORGAN, TRIAL]);
    expectError(await accept(SUBSCRIBER, sent.token), 410, HOUSEHOLD_TEXTS.used);
    expectError(await accept(TRIAL, sent.token), 410, HOUSEHOLD_TEXTS.used);
    expect(await athleteNames(SUBSCRIBER)).toEqual([]);
  });

  it("brings the accepter's own athletes along, and any guardian account may accept", async () => {
    // The invite names another address: the link is what counts (the invitee may sign up with another one).
    const sent = await invite(PAT, 'morgan.at.home@example.com');
    expect((await accept(MORGAN, sent.token)).status).toBe(200);
    const family = ['Alex Rivera', 'Jordan Lee', 'Sam Rivera'];
    expect(await athleteNames(JAMIE)).toEqual(family);
    expect(await athleteNames(PAT)).toEqual(family);
    expect(await athleteNames(MORGAN)).toEqual(family);
  });

  it('leaves a household of one: its pending invites die with it', async () => {
    const own = await invite(TRIAL, 'friend@example.com');
    const sent = await invite(MORGAN, TRIAL);
    expect((await accept(TRIAL, sent.token)).status).toBe(200);
    expectError(await lookup(own.token), 404, HOUSEHOLD_TEXTS.notValid);
    expect((await household(TRIAL)).invites).toEqual([]);
  });

  it('refuses a guardian whose household has other guardians (409), and the own household', async () => {
    const sent = await invite(MORGAN, JAMIE);
    expectError(await accept(JAMIE, sent.token), 409, HOUSEHOLD_TEXTS.otherHousehold);
    expectError(await accept(MORGAN, sent.token), 409, HOUSEHOLD_TEXTS.sameHousehold);
    // Nothing used the link up.
    expect((await accept(TRIAL, sent.token)).status).toBe(200);
    expect(await athleteNames(JAMIE)).toEqual(['Alex Rivera', 'Sam Rivera']);
  });

  it('refuses an expired invite (410) and an unknown or cancelled one (404), joining nothing', async () => {
    const now = new Date();
    t.setNow(now);
    const sent = await invite(MORGAN, TRIAL);
    t.setNow(new Date(now.getTime() + INVITE_LIFETIME_MS + 1));
    expectError(await accept(TRIAL, sent.token), 410, HOUSEHOLD_TEXTS.expired);
    expectError(await accept(TRIAL, 'B'.repeat(43)), 404, HOUSEHOLD_TEXTS.notValid);
    expect(await athleteNames(TRIAL)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(householdGuardians)
        .where(eq(householdGuardians.userId, await userId(t.db, TRIAL))),
    ).toEqual([]);
  });

  it('works once when two guardians accept one link at the same moment', async () => {
    const sent = await invite(MORGAN, TRIAL);
    const [trial, subscriber] = [await as(TRIAL), await as(SUBSCRIBER)];
    const results = await Promise.all(
      [trial, subscriber].map((token) =>
        t.call('POST', '/api/household/invites/accept', { token, body: { token: sent.token } }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 410]);
    const refused = results.find((result) => result.status === 410)!;
    expectError(refused, 410, HOUSEHOLD_TEXTS.used);
    expect((await household(MORGAN)).guardians).toHaveLength(2);
    const [row] = await t.db.select().from(householdInvites).where(eq(householdInvites.id, sent.invite.id));
    expect(row?.acceptedBy).toBe(await userId(t.db, results[0]?.status === 200 ? TRIAL : SUBSCRIBER));
  });

  it('a link cancelled while it is accepted either joins or is dead, never both', async () => {
    for (let round = 0; round < 6; round++) {
      const sent = await invite(MORGAN, TRIAL);
      const [cancelled, accepted] = await Promise.all([
        t.call('DELETE', `/api/household/invites/${sent.invite.id}`, { token: await as(MORGAN) }),
        accept(TRIAL, sent.token),
      ]);
      const [row] = await t.db.select().from(householdInvites).where(eq(householdInvites.id, sent.invite.id));
      if (accepted.status === 200) {
        expectError(cancelled, 404, HOUSEHOLD_TEXTS.inviteNotFound);
        expect(row).toMatchObject({ revokedAt: null, acceptedBy: await userId(t.db, TRIAL) });
        // Back to a household of one for the next round.
        await t.db.delete(householdGuardians).where(eq(householdGuardians.userId, await userId(t.db, TRIAL)));
      } else {
        expect(cancelled.status).toBe(204);
        expectError(accepted, 404, HOUSEHOLD_TEXTS.notValid);
        expect(row).toMatchObject({ acceptedAt: null });
      }
    }
  });

  it('works once when one guardian accepts twice at the same moment', async () => {
    const sent = await invite(MORGAN, TRIAL);
    const results = await Promise.all([accept(TRIAL, sent.token), accept(TRIAL, sent.token)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 410]);
    expect((await household(MORGAN)).guardians.map((g) => g.email)).toEqual([MORGAN, TRIAL]);
  });
});

describe('DELETE /api/household/guardians/{user_id}', () => {
  it('removes the other guardian, who keeps only the athletes they registered', async () => {
    const jamie = await userId(t.db, JAMIE);
    const removed = await t.call('DELETE', `/api/household/guardians/${jamie}`, { token: await as(PAT) });
    expect(removed.status, removed.text).toBe(200);
    expect((removed.body as HouseholdAnswer).household.guardians.map((g) => g.email)).toEqual([PAT]);
    expect(await athleteNames(JAMIE)).toEqual([]);
    expect(await athleteNames(PAT)).toEqual(['Alex Rivera', 'Sam Rivera']);
    expect(await household(JAMIE)).toEqual({
      guardians: [expect.objectContaining({ id: jamie, is_you: true, relationship: null })],
      invites: [],
    });
    expectError(
      await t.call('DELETE', `/api/household/guardians/${jamie}`, { token: await as(PAT) }),
      404,
      HOUSEHOLD_TEXTS.guardianNotFound,
    );
  });

  it('a removed guardian takes their own athletes with them, and their pending invites die', async () => {
    const sent = await invite(PAT, MORGAN);
    expect((await accept(MORGAN, sent.token)).status).toBe(200);
    const pending = await invite(MORGAN, 'cousin@example.com');
    const morgan = await userId(t.db, MORGAN);
    expect((await t.call('DELETE', `/api/household/guardians/${morgan}`, { token: await as(JAMIE) })).status).toBe(200);
    expect(await athleteNames(MORGAN)).toEqual(['Jordan Lee']);
    expect(await athleteNames(JAMIE)).toEqual(['Alex Rivera', 'Sam Rivera']);
    expectError(await lookup(pending.token), 404, HOUSEHOLD_TEXTS.notValid);
  });

  it('refuses the caller themselves (422) and anyone outside the household (404)', async () => {
    const pat = await userId(t.db, PAT);
    const token = await as(PAT);
    expectError(await t.call('DELETE', `/api/household/guardians/${pat}`, { token }), 422, HOUSEHOLD_TEXTS.removeSelf);
    expectError(
      await t.call('DELETE', `/api/household/guardians/${await userId(t.db, MORGAN)}`, { token }),
      404,
      HOUSEHOLD_TEXTS.guardianNotFound,
    );
    expectError(
      await t.call('DELETE', `/api/household/guardians/${pat}`, { token: await as(MORGAN) }),
      404,
      HOUSEHOLD_TEXTS.guardianNotFound,
    );
    expectError(await t.call('DELETE', '/api/household/guardians/0', { token }), 422);
    expect((await household(PAT)).guardians).toHaveLength(2);
  });

  it('a guardian removed while inviting never leaves a pending invite in the household they left', async () => {
    const [pat, jamie] = [await userId(t.db, PAT), await userId(t.db, JAMIE)];
    const [patToken, jamieToken] = [await as(PAT), await as(JAMIE)];
    const [row] = await t.db.select().from(householdGuardians).where(eq(householdGuardians.userId, pat));
    const householdId = row!.householdId;
    for (let round = 0; round < 8; round++) {
      await t.db.delete(householdGuardians).where(eq(householdGuardians.userId, jamie));
      await t.db.insert(householdGuardians).values({ householdId, userId: jamie, relationship: 'Mother' });
      const [removed, invited] = await Promise.all([
        t.call('DELETE', `/api/household/guardians/${jamie}`, { token: patToken }),
        t.call('POST', '/api/household/invites', {
          token: jamieToken,
          body: { name: 'Robin', email: `robin${round}@example.com`, relationship: 'Aunt' },
        }),
      ]);
      expect(removed.status, removed.text).toBe(200);
      expect(invited.status, invited.text).toBe(201);
      // Whatever the order, Pat's household holds no pending invite of Jamie's: it died with Jamie's place, or went
      // to the household Jamie has now.
      expect((await household(PAT)).invites).toEqual([]);
    }
  });

  it('two guardians removing each other at the same moment: one is removed, the other stays', async () => {
    const [pat, jamie] = [await userId(t.db, PAT), await userId(t.db, JAMIE)];
    const [patToken, jamieToken] = [await as(PAT), await as(JAMIE)];
    const [row] = await t.db.select().from(householdGuardians).where(eq(householdGuardians.userId, pat));
    // A few rounds: the window between reading the caller's household and removing is short.
    for (let round = 0; round < 8; round++) {
      await t.db.delete(householdGuardians);
      await t.db.insert(householdGuardians).values([
        { householdId: row!.householdId, userId: pat, relationship: null },
        { householdId: row!.householdId, userId: jamie, relationship: 'Mother' },
      ]);
      const results = await Promise.all([
        t.call('DELETE', `/api/household/guardians/${jamie}`, { token: patToken }),
        t.call('DELETE', `/api/household/guardians/${pat}`, { token: jamieToken }),
      ]);
      // The second, no longer a guardian of the household when its turn comes, removes nobody.
      expect(results.map((result) => result.status).sort()).toEqual([200, 404]);
      expectError(results.find((result) => result.status === 404)!, 404, HOUSEHOLD_TEXTS.guardianNotFound);
      expect(await t.db.select().from(householdGuardians)).toHaveLength(1);
    }
  });
});

describe('logs', () => {
  it('hold neither the invite token nor the names and addresses of the invite', async () => {
    const { app, lines } = loggingApp(t, { outbox: true });
    const send = async (method: string, path: string, token: string | null, body?: unknown) =>
      sendJson(app, method, path, { token, body });
    const invited = await send('POST', '/api/household/invites', await as(PAT), {
      name: 'Quinn Secretname',
      email: 'quinn.private@example.com',
      relationship: 'Father',
    });
    expect(invited.status).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await send('POST', '/api/household/invites/lookup', null, { token })).status).toBe(200);
    expect((await send('POST', '/api/household/invites/accept', await as(MORGAN), { token })).status).toBe(200);

    const everything = lines.join('\n');
    expect(everything).toContain('household invite');
    for (const secret of [token, 'Quinn Secretname', 'quinn.private', 'Pat Rivera', 'Sam Rivera', 'Alex Rivera']) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('CORS', () => {
  it('lets the site on another allowed origin send the DELETE calls', async () => {
    const preflight = await t.app.request('/api/household/invites/1', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'DELETE',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('DELETE');
  });
});
