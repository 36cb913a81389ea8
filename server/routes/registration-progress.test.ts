import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { licences, registrationProgress, teams } from '../db/schema/index.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import { ensureHousehold } from '../services/households.ts';
import { PROGRESS_TEXTS, type ProgressJson, SNAPSHOT_MAX_DEPTH } from '../services/registration-progress.ts';
import { createTestApp, type TestApp, tokenForUserId, userId } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { JAMIE, MORGAN, PAT } from '../test/household-logins.ts';

/**
 * Issue 21 points 1 and 4 on the server (docs/api.md "Resume and reminders (issue 21)"): saving, reading and
 * discarding an unfinished registration, who may, what a snapshot may hold, and that a recorded payment clears it.
 * Fixtures: Pat Rivera (parent@example.com) and Jamie Rivera (coparent@example.com) share Sam and Alex; Morgan Lee
 * (member@example.com) is a household of one with Jordan Lee. On PostgreSQL too (server-pg runs every app-harness file).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const PATH = '/api/registrations/progress';

/** The answer's shape is the service's own (docs/api.md `RegistrationProgress`). */
type Progress = ProgressJson;

const snapshot = (extra: Record<string, unknown> = {}) => ({
  status: 'active',
  value: { paymentDetails: 'review' },
  context: { plan: 3, protection: true, discountCode: 'SAVE10', ...extra },
  children: {},
});

const body = (overrides: Record<string, unknown> = {}) => ({
  license: 'TIGERS-2027',
  flow: 'payment',
  machine_version: 'payment@1',
  step: 'payment-2',
  athlete_id: null,
  snapshot: snapshot(),
  ...overrides,
});

const save = async (login: string, overrides: Record<string, unknown> = {}) =>
  t.call('PUT', PATH, { token: await t.tokenFor(login), body: body(overrides) });
const read = async (login: string, license?: string) =>
  t.call('GET', license === undefined ? PATH : `${PATH}?license=${encodeURIComponent(license)}`, {
    token: await t.tokenFor(login),
  });

function progressOf(answer: { status: number; body: unknown; text: string }): Progress | null {
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { progress: Progress | null }).progress;
}

const rowsOf = async (login: string) =>
  t.db
    .select()
    .from(registrationProgress)
    .where(eq(registrationProgress.userId, await userId(t.db, login)));

describe('PUT /api/registrations/progress', () => {
  it('saves, answers the names from the server, and reads back on another session (any device)', async () => {
    const sam = await userId(t.db, 'samrivera');
    const saved = progressOf(await save(PAT, { athlete_id: sam }));
    expect(saved).toEqual({
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: 'payment@1',
      step: 'payment-2',
      athlete: { id: sam, name: 'Sam Rivera' },
      team: { name: '12U Tigers', season: 'Spring 2027' },
      snapshot: snapshot(),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(progressOf(await read(PAT, 'tigers-2027'))).toEqual(saved);
    expect(progressOf(await read(PAT))).toEqual(saved);
  });

  it('keeps one row per account and licence: the flows of one registration replace each other', async () => {
    const first = progressOf(await save(PAT, { flow: 'register', step: 'register-2' }));
    t.setNow(new Date(Date.now() + 60_000));
    const second = progressOf(await save(PAT, { flow: 'login', step: 'select-athlete', snapshot: { a: 1 } }));
    expect(await rowsOf(PAT)).toHaveLength(1);
    expect(second).toMatchObject({ flow: 'login', step: 'select-athlete', snapshot: { a: 1 } });
    expect(Date.parse(second!.updated_at)).toBeGreaterThan(Date.parse(first!.updated_at));
  });

  it('answers the most recently updated one without a licence', async () => {
    await save(PAT, { license: 'STORM-2026' });
    t.setNow(new Date(Date.now() + 60_000));
    await save(PAT, { license: 'TIGERS-2027' });
    expect(progressOf(await read(PAT))?.license).toBe('TIGERS-2027');
    t.setNow(new Date(Date.now() + 120_000));
    await save(PAT, { license: 'storm-2026' });
    expect(progressOf(await read(PAT))).toMatchObject({
      license: 'STORM-2026',
      team: { name: '14U Storm', season: expect.any(String) },
    });
  });

  it("accepts the caller's household's athletes and the caller, refuses anyone else's (422)", async () => {
    const alex = await userId(t.db, 'alexrivera');
    expect(progressOf(await save(JAMIE, { athlete_id: alex }))?.athlete).toEqual({ id: alex, name: 'Alex Rivera' });
    const pat = await userId(t.db, PAT);
    expect(progressOf(await save(PAT, { athlete_id: pat }))?.athlete?.id).toBe(pat);
    const jordan = await userId(t.db, 'jordanlee');
    expectError(await save(PAT, { athlete_id: jordan }), 422, PROGRESS_TEXTS.athleteNotYours);
    expectError(await save(PAT, { athlete_id: 2_000_000 }), 422, PROGRESS_TEXTS.athleteNotYours);
    expect((await rowsOf(PAT))[0]?.athleteId).toBe(pat);
  });

  it('refuses an unknown licence (404)', async () => {
    expectError(await save(PAT, { license: 'NOPE-1' }), 404, PROGRESS_TEXTS.licenceNotFound);
    expect(await rowsOf(PAT)).toEqual([]);
  });

  it.each([
    ['password', { password: 'Secret1!' }],
    ['password_confirmation, deep', { form: { fields: [{ values: { password_confirmation: 'x' } }] } }],
    ['cardNumber', { card: { cardNumber: '4242424242424242' } }],
    ['card_number', { card_number: '4242' }],
    ['cvc', { cvc: '123' }],
    ['CVV', { CVV: '123' }],
    ['client_secret', { intent: { client_secret: 'pi_x_secret_y' } }],
    ['payment_method', { payment_method: 'pm_x' }],
    ['newPassword in an array', { list: [{ newPassword: 'x' }] }],
    ['clientSecret (camelCase, as the card machines name it)', { card: { clientSecret: 'pi_x_secret_y' } }],
    ['paymentMethodId', { paymentMethodId: 'pm_x' }],
    ["an athlete's token", { athlete: { user_id: 11, token: 'athlete-token' } }],
    ['accessToken', { session: { accessToken: 'x' } }],
  ])('refuses a snapshot with a key named like a password or card detail (%s)', async (_label, extra) => {
    expectError(await save(PAT, { snapshot: snapshot(extra) }), 422, PROGRESS_TEXTS.forbiddenKey);
    expect(await rowsOf(PAT)).toEqual([]);
  });

  it.each([
    ['billing', { billing: { name: 'Pat', postal_code: '12345' } }],
    ['paymentIntentId', { paymentIntentId: 'pi_x' }],
    ['cardPayments', { cardPayments: {} }],
    ['deeplink', { user: { deeplink: 'app://x' } }],
    ["returned (the card provider's return)", { returned: { status: 'succeeded' } }],
  ])('refuses every key the site strips, one list with it (src/domain/secret-keys.ts): %s', async (_label, extra) => {
    expectError(await save(PAT, { snapshot: snapshot(extra) }), 422, PROGRESS_TEXTS.forbiddenKey);
    expect(await rowsOf(PAT)).toEqual([]);
  });

  it('stores such words as values (only keys are refused)', async () => {
    const saved = progressOf(await save(PAT, { snapshot: snapshot({ hint: 'password', note: 'cvc' }) }));
    expect(saved?.snapshot).toMatchObject({ context: { hint: 'password', note: 'cvc' } });
  });

  it('refuses a body over 64 KB (413) and a snapshot nested too deeply (422)', async () => {
    const big = await save(PAT, { snapshot: { blob: 'x'.repeat(70 * 1024) } });
    expectError(big, 413);
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < SNAPSHOT_MAX_DEPTH + 1; level++) deep = { next: deep };
    expectError(await save(PAT, { snapshot: deep }), 422, PROGRESS_TEXTS.tooDeep);
    // Thousands of levels: refused, never a stack overflow or a database error.
    const token = await t.tokenFor(PAT);
    const nested = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const rawBody = `{"license":"TIGERS-2027","flow":"payment","machine_version":"v","step":"s","athlete_id":null,"snapshot":${nested}}`;
    expectError(await t.call('PUT', PATH, { token, rawBody }), 422, PROGRESS_TEXTS.tooDeep);
    const arrays = `{"license":"TIGERS-2027","flow":"payment","machine_version":"v","step":"s","athlete_id":null,"snapshot":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    expectError(await t.call('PUT', PATH, { token, rawBody: arrays }), 422, PROGRESS_TEXTS.tooDeep);
    expect(await rowsOf(PAT)).toEqual([]);
  });

  it('answers every malformed request with a 4xx, never a 5xx', async () => {
    const token = await t.tokenFor(PAT);
    const malformed: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      body({ license: '' }),
      body({ license: 'x'.repeat(65) }),
      body({ license: 7 }),
      body({ flow: 'checkout' }),
      body({ flow: null }),
      body({ machine_version: '' }),
      body({ machine_version: 'v'.repeat(65) }),
      body({ step: '' }),
      body({ step: 's'.repeat(65) }),
      body({ step: ['a'] }),
      body({ athlete_id: 'one' }),
      body({ athlete_id: 1.5 }),
      body({ athlete_id: -1 }),
      body({ athlete_id: 0 }),
      body({ athlete_id: 2 ** 31 }),
      body({ athlete_id: undefined }),
      body({ snapshot: null }),
      body({ snapshot: [] }),
      body({ snapshot: 'snapshot' }),
      body({ snapshot: 1 }),
      body({ snapshot: undefined }),
      body({ step: 'nul\u0000step' }),
      body({ snapshot: { 'key\u0000': 1 } }),
      body({ snapshot: { text: 'a\u0000b' } }),
    ];
    for (const item of malformed) {
      const answer = await t.call('PUT', PATH, { token, body: item });
      expect(answer.status, `${JSON.stringify(item)?.slice(0, 80)}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(item)?.slice(0, 80)).toBeLessThan(500);
      expect(answer.body).toMatchObject({ message: expect.any(String), messages: expect.any(Object) });
    }
    const proto = `{"license":"TIGERS-2027","flow":"payment","machine_version":"v","step":"s","athlete_id":null,"snapshot":{"__proto__":{"x":1},"constructor":{"prototype":{}}}}`;
    const polluted = await t.call('PUT', PATH, { token, rawBody: proto });
    expect(polluted.status, polluted.text).toBeLessThan(500);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    await t.call('DELETE', `${PATH}?license=TIGERS-2027`, { token });
    for (const rawBody of ['{', '{"license":', 'null', '']) {
      const answer = await t.call('PUT', PATH, { token, rawBody });
      expect(answer.status, `${rawBody}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    for (const query of ['?license=', `?license=${'x'.repeat(65)}`, '?license=a&license=b', '?license=%00']) {
      for (const method of ['GET', 'DELETE']) {
        const answer = await t.call(method, `${PATH}${query}`, { token });
        expect(answer.status, `${method} ${query}: ${answer.text}`).toBeLessThan(500);
      }
    }
    expect(await rowsOf(PAT)).toEqual([]);
  });

  it('refuses athlete tokens (403); coaches may save', async () => {
    const athlete = await t.tokenFor('samrivera');
    expectError(await t.call('PUT', PATH, { token: athlete, body: body() }), 403, PROGRESS_TEXTS.athletesCannot);
    expect(progressOf(await t.call('GET', PATH, { token: athlete }))).toBeNull();
    expect((await t.call('DELETE', `${PATH}?license=TIGERS-2027`, { token: athlete })).status).toBe(204);
    const coach = await t.tokenFor('coach@example.com');
    expect(
      progressOf(await t.call('PUT', PATH, { token: coach, body: body({ license: 'COACH-2027' }) })),
    ).toMatchObject({ license: 'COACH-2027', team: null });
  });

  it('needs a session (401)', async () => {
    expectError(await t.call('PUT', PATH, { body: body() }), 401);
    expectError(await t.call('GET', PATH), 401);
    expectError(await t.call('DELETE', `${PATH}?license=TIGERS-2027`), 401);
  });
});

describe('who sees a row', () => {
  it('nobody but its account: not another guardian, not a co-guardian of the household', async () => {
    const sam = await userId(t.db, 'samrivera');
    await save(PAT, { athlete_id: sam });
    for (const login of [MORGAN, JAMIE]) {
      expect(progressOf(await read(login, 'TIGERS-2027'))).toBeNull();
      expect(progressOf(await read(login))).toBeNull();
      // Their own save makes their own row; Pat's is untouched.
      expect((await t.call('DELETE', `${PATH}?license=TIGERS-2027`, { token: await t.tokenFor(login) })).status).toBe(
        204,
      );
    }
    expect(progressOf(await read(PAT, 'TIGERS-2027'))?.athlete?.id).toBe(sam);
    await save(JAMIE, { step: 'jamie-step' });
    expect(progressOf(await read(PAT, 'TIGERS-2027'))?.step).toBe('payment-2');
    expect(progressOf(await read(JAMIE, 'TIGERS-2027'))?.step).toBe('jamie-step');
  });
});

describe('GET and DELETE /api/registrations/progress', () => {
  it('answers null for none and for an unknown licence', async () => {
    expect(progressOf(await read(PAT))).toBeNull();
    expect(progressOf(await read(PAT, 'TIGERS-2027'))).toBeNull();
    expect(progressOf(await read(PAT, 'NOPE-1'))).toBeNull();
  });

  it("'Start over' deletes the caller's row of that licence only; 204 again when there is none", async () => {
    await save(PAT, { license: 'TIGERS-2027' });
    await save(PAT, { license: 'STORM-2026' });
    const token = await t.tokenFor(PAT);
    expect((await t.call('DELETE', `${PATH}?license=tigers-2027`, { token })).status).toBe(204);
    expect(progressOf(await read(PAT, 'TIGERS-2027'))).toBeNull();
    expect(progressOf(await read(PAT, 'STORM-2026'))).not.toBeNull();
    expect((await t.call('DELETE', `${PATH}?license=TIGERS-2027`, { token })).status).toBe(204);
    expect((await t.call('DELETE', `${PATH}?license=NOPE-1`, { token })).status).toBe(204);
    expectError(await t.call('DELETE', PATH, { token }), 422);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// A recorded payment clears the registration it completes

const sandbox = () => t.providers.payments as SandboxCardPayments;
const goodCard = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' };

async function tigersId(): Promise<number> {
  const [team] = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.name, '12U Tigers'));
  return team!.id;
}

/** Sam claims TIGERS-2027 with his own token and makes it his latest licence, as the site does; his token. */
async function enrolSam(): Promise<{ token: string; id: number }> {
  const id = await userId(t.db, 'samrivera');
  const token = await tokenForUserId(t.db, id);
  for (const [path, payload] of [
    ['/api/subscribe/claim-license', { license_code: 'TIGERS-2027' }],
    ['/api/user/latest-license', { license_code: 'TIGERS-2027' }],
  ] as const) {
    const answer = await t.call('POST', path, { token, body: payload });
    expect(answer.status, answer.text).toBe(200);
  }
  return { token, id };
}

describe('a completed payment clears the registration', () => {
  it('one-athlete checkout-success: the household rows of the team for that athlete (or none yet) go', async () => {
    const sam = await enrolSam();
    const alex = await userId(t.db, 'alexrivera');
    await save(PAT, { athlete_id: sam.id });
    await save(PAT, { license: 'FULL-2027', athlete_id: null });
    await save(PAT, { license: 'STORM-2026', athlete_id: sam.id });
    await save(JAMIE, { athlete_id: alex });
    await save(MORGAN, { athlete_id: null });

    const payment = { payment_plan_month: 0, team_id: await tigersId(), discount_code: null };
    const started = await t.call('POST', '/api/memberships/checkout', { token: sam.token, body: payment });
    expect(started.status, started.text).toBe(200);
    const { payment_intent_id, client_secret } = started.body as { payment_intent_id: string; client_secret: string };
    await sandbox().confirm(payment_intent_id, client_secret, goodCard);
    const paid = await t.call('POST', '/api/memberships/checkout-success', {
      token: sam.token,
      body: { ...payment, stripe_payment_intent_id: payment_intent_id },
    });
    expect(paid.status, paid.text).toBe(200);

    // Pat's Tigers rows (Sam's, and the full licence's without an athlete) are gone; another team's stays, and so do
    // Jamie's registration of Alex and another family's.
    expect((await rowsOf(PAT)).map((row) => row.step)).toHaveLength(1);
    expect(progressOf(await read(PAT, 'STORM-2026'))).not.toBeNull();
    expect(progressOf(await read(JAMIE, 'TIGERS-2027'))?.athlete?.id).toBe(alex);
    expect(progressOf(await read(MORGAN, 'TIGERS-2027'))).not.toBeNull();
  });

  it('a full discount (nothing to pay) clears it when recorded', async () => {
    const sam = await enrolSam();
    await save(PAT, { athlete_id: sam.id });
    const payment = { payment_plan_month: 0, team_id: await tigersId(), discount_code: 'FULLRIDE' };
    const done = await t.call('POST', '/api/memberships/checkout', { token: sam.token, body: payment });
    expect(done.status, done.text).toBe(200);
    expect((done.body as { payment_complete: number }).payment_complete).toBe(1);
    expect(await rowsOf(PAT)).toEqual([]);
  });

  it("the family checkout's success clears the household's rows of its athletes' teams", async () => {
    const pat = await t.tokenFor(PAT);
    const sam = await enrolSam();
    const alex = await userId(t.db, 'alexrivera');
    const alexToken = await tokenForUserId(t.db, alex);
    for (const [path, payload] of [
      ['/api/subscribe/claim-license', { license_code: 'TIGERS-2027' }],
      ['/api/user/latest-license', { license_code: 'TIGERS-2027' }],
    ] as const) {
      expect((await t.call('POST', path, { token: alexToken, body: payload })).status).toBe(200);
    }
    await ensureHousehold(t.db, await userId(t.db, PAT));
    await save(PAT, { athlete_id: sam.id });
    await save(JAMIE, { athlete_id: alex });
    await save(MORGAN, { athlete_id: null });
    const lines = [sam.id, alex].map((athlete_id) => ({ athlete_id, payment_plan_month: 0 }));
    const started = await t.call('POST', '/api/household/checkout', {
      token: pat,
      body: { athletes: lines, checkout_key: 'progress-family' },
    });
    expect(started.status, started.text).toBe(200);
    const open = started.body as { checkout_id: string; payment_intent_id: string; client_secret: string };
    await sandbox().confirm(open.payment_intent_id, open.client_secret, goodCard);
    const paid = await t.call('POST', '/api/household/checkout-success', {
      token: pat,
      body: { checkout_id: open.checkout_id, stripe_payment_intent_id: open.payment_intent_id },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(await rowsOf(PAT)).toEqual([]);
    expect(await rowsOf(JAMIE)).toEqual([]);
    expect(await rowsOf(MORGAN)).toHaveLength(1);
  });

  it("the family checkout's full discount clears them too", async () => {
    const pat = await t.tokenFor(PAT);
    const sam = await enrolSam();
    await save(PAT, { athlete_id: sam.id });
    const done = await t.call('POST', '/api/household/checkout', {
      token: pat,
      body: {
        athletes: [{ athlete_id: sam.id, payment_plan_month: 0 }],
        discount_code: 'FULLRIDE',
        checkout_key: 'progress-free',
      },
    });
    expect(done.status, done.text).toBe(200);
    expect((done.body as { payment_complete: number }).payment_complete).toBe(1);
    expect(await rowsOf(PAT)).toEqual([]);
  });
});

describe('the table', () => {
  it('deletes a row with its account, and keeps one row per account and licence', async () => {
    await save(PAT);
    const [tigers] = await t.db.select().from(licences).where(eq(licences.code, 'TIGERS-2027'));
    const rows = await t.db
      .select()
      .from(registrationProgress)
      .where(and(eq(registrationProgress.licenseId, tigers!.id)));
    expect(rows).toHaveLength(1);
    await expect(
      t.db.insert(registrationProgress).values({
        userId: rows[0]!.userId,
        licenseId: tigers!.id,
        flow: 'register',
        machineVersion: 'v',
        step: 's',
        snapshot: {},
      }),
    ).rejects.toThrow();
  });
});
