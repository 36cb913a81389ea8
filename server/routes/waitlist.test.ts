import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../src/domain/dates.ts';
import { licenceClaims, licences, mailOutbox, users, waitlistEntries, waitlistOffers } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { claimLicence, LICENCE_TEXTS } from '../services/licences.ts';
import { expireWaitlistOffers, offerFreeSeats, releaseClaim } from '../services/waitlist-seats.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';

/**
 * The waitlist (issue 21 points 3 and 4, docs/api.md "Waitlist (issue 21)"): joining a full licence's line, the
 * family's place, leaving, and the offers that hold a freed seat for the first family for 48 hours. FULL-2027
 * (12U Tigers) has no seat left; Pat Rivera (parent@example.com) and Jamie Rivera (coparent@example.com) are one
 * household with athletes Sam and Alex; Taylor Brooks (trial@example.com) and Quinn Harper (trialended@example.com)
 * are two other families; Morgan Lee (member@example.com) already has Jordan on 12U Tigers.
 *
 * The concurrency tests at the end run on PostgreSQL too (the server-pg project), where two transactions really run
 * side by side on separate connections.
 */

const PAT = 'parent@example.com';
const JAMIE = 'coparent@example.com';
const TAYLOR = 'trial@example.com';
const QUINN = 'trialended@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Entry {
  license: string;
  team: { name: string };
  position: number;
  status: 'waiting' | 'offered';
  offer: { expires_at: string } | null;
  joined_at: string;
}

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const join = async (login: string, license = 'FULL-2027') =>
  t.call('POST', '/api/waitlist', { token: await t.tokenFor(login), body: { license } });
const entryOf = async (login: string, license = 'FULL-2027'): Promise<Entry | null> => {
  const answer = await t.call('GET', `/api/waitlist?license=${license}`, { token: await t.tokenFor(login) });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { entry: Entry | null }).entry;
};
const leave = async (login: string, license = 'FULL-2027') =>
  t.call('DELETE', `/api/waitlist?license=${license}`, { token: await t.tokenFor(login) });
const raiseSeats = (code: string, available_licenses: number) =>
  t.call('PUT', `/api/staff/licences/${code}`, {
    token: DEFAULT_STAFF_TOKEN,
    body: { available_licenses },
    headers: { 'If-Match': '*' },
  });
const info = (code: string, offer?: string) =>
  t.call('GET', `/api/registration-link/info/${code}${offer === undefined ? '' : `?offer=${offer}`}`);
const claim = async (login: string, code = 'FULL-2027') => {
  const answer = await t.call('POST', '/api/subscribe/claim-license', {
    token: await t.tokenFor(login),
    body: { license_code: code },
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { status: string }).status;
};
const runAsOf = (days: number) =>
  t.call('POST', '/api/staff/billing/run', {
    token: DEFAULT_STAFF_TOKEN,
    body: { as_of: toIsoDate(new Date(Date.now() + days * DAY_MS)) },
  });

/** The offer e-mails sent to an address, oldest first, with the token each link carries. */
async function offerMails(to: string) {
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
  return rows
    .filter((row) => row.subject.startsWith('A spot opened on'))
    .map((row) => ({ ...row, token: /\/licenses\/FULL-2027\?offer=([A-Za-z0-9_-]+)/.exec(row.text)?.[1] ?? '' }));
}

async function fullLicence() {
  const [licence] = await t.db.select().from(licences).where(eq(licences.code, 'FULL-2027'));
  return licence!;
}

async function openOffers() {
  const licence = await fullLicence();
  return t.db
    .select()
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.licenceId, licence.id),
        isNull(waitlistOffers.takenAt),
        isNull(waitlistOffers.expiredAt),
        isNull(waitlistOffers.declinedAt),
      ),
    );
}

describe('POST, GET and DELETE /api/waitlist', () => {
  it('puts a family at the end of the line once; both guardians of a household see and leave the same entry', async () => {
    const joined = await join(PAT);
    expect(joined.status, joined.text).toBe(201);
    const entry = (joined.body as { entry: Entry }).entry;
    expect(entry).toMatchObject({
      license: 'FULL-2027',
      team: { name: '12U Tigers' },
      position: 1,
      status: 'waiting',
      offer: null,
    });
    expect(Number.isNaN(Date.parse(entry.joined_at))).toBe(false);

    const again = await join(PAT);
    expect(again.status, again.text).toBe(200);
    expect((again.body as { entry: Entry }).entry).toEqual(entry);
    // The household's second guardian joins the same entry and sees it.
    const jamie = await join(JAMIE, 'full-2027');
    expect(jamie.status, jamie.text).toBe(200);
    expect((jamie.body as { entry: Entry }).entry).toEqual(entry);
    expect(await entryOf(JAMIE)).toEqual(entry);

    const taylor = await join(TAYLOR);
    expect(taylor.status, taylor.text).toBe(201);
    expect((taylor.body as { entry: Entry }).entry.position).toBe(2);
    expect(await entryOf(QUINN)).toBeNull();

    // Another family leaving leaves nothing of Pat's; Jamie leaving takes the household off the line.
    expect((await leave(QUINN)).status).toBe(204);
    expect(await entryOf(PAT)).toEqual(entry);
    expect((await leave(JAMIE)).status).toBe(204);
    expect(await entryOf(PAT)).toBeNull();
    expect((await entryOf(TAYLOR))?.position).toBe(1);
    expect((await leave(PAT)).status).toBe(204);
    // Rejoining puts the family at the end.
    expect((await join(PAT)).status).toBe(201);
    expect((await entryOf(PAT))?.position).toBe(2);
  });

  it('refuses licences with no line: unknown, coach, paused, seats still free; and a family already on the team', async () => {
    expectError(await join(PAT, 'NOPE-2027'), 404, 'Licence not found.');
    expectError(
      await t.call('GET', '/api/waitlist?license=NOPE-2027', { token: await t.tokenFor(PAT) }),
      404,
      'Licence not found.',
    );
    expectError(await leave(PAT, 'NOPE-2027'), 404, 'Licence not found.');
    expectError(await join(PAT, 'TIGERS-2027'), 422, 'This team still has spots: register now.');
    expectError(await join(PAT, 'COACH-GONE'), 422, 'Only a team licence has a waitlist.');
    expectError(await join(PAT, 'PAUSED-2027'), 422, 'Registration has been paused by the organization.');
    // Jordan Lee (Morgan's athlete) holds a seat on 12U Tigers and has paid.
    expectError(await join('member@example.com'), 422, 'Your family already has a spot on this team.');
    // A claim on another licence of the team counts too.
    expect(await claim('samrivera', 'TIGERS-2027')).toBe('OK');
    expectError(await join(JAMIE), 422, 'Your family already has a spot on this team.');
  });

  it('refuses athletes and coaches (403), callers without a session (401) and malformed requests (4xx, never 5xx)', async () => {
    for (const login of ['samrivera', 'coach@example.com']) {
      const token = await t.tokenFor(login);
      expectError(await t.call('POST', '/api/waitlist', { token, body: { license: 'FULL-2027' } }), 403);
      expectError(await t.call('GET', '/api/waitlist?license=FULL-2027', { token }), 403);
      expectError(await t.call('DELETE', '/api/waitlist?license=FULL-2027', { token }), 403);
    }
    expectError(await t.call('POST', '/api/waitlist', { body: { license: 'FULL-2027' } }), 401);
    expectError(await t.call('GET', '/api/waitlist?license=FULL-2027'), 401);
    expectError(await t.call('DELETE', '/api/waitlist?license=FULL-2027'), 401);

    const token = await t.tokenFor(PAT);
    for (const body of [
      {},
      { license: '' },
      { license: '   ' },
      { license: 5 },
      { license: null },
      { license: 'X'.repeat(65) },
      [],
    ]) {
      const answer = await t.call('POST', '/api/waitlist', { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expectError(answer, 422);
    }
    const raw = await t.call('POST', '/api/waitlist', { token, rawBody: '{"license":' });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    for (const query of ['', '?license=', `?license=${'X'.repeat(65)}`, '?license=%00']) {
      for (const method of ['GET', 'DELETE']) {
        const answer = await t.call(method, `/api/waitlist${query}`, { token });
        expect(answer.status, `${method} ${query}: ${answer.text}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${query}: ${answer.text}`).toBeLessThan(500);
      }
    }
    for (const offer of ['', 'x'.repeat(513), '%00', 'not-a-token']) {
      const answer = await info('FULL-2027', offer);
      expect(answer.status, `${offer}: ${answer.text}`).toBeLessThan(500);
    }
  });
});

describe('offers', () => {
  it('a raised seat is offered to the first family: held for them, taken by any account of the household', async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await join(TAYLOR)).status).toBe(201);

    const raised = await raiseSeats('FULL-2027', 1);
    expect(raised.status, raised.text).toBe(200);
    // The held seat is nobody else's: the staff answer and the licence info leave it out.
    expect(raised.body).toMatchObject({ available: false, available_licenses: 0 });
    expect(raised.body).not.toHaveProperty('offer');

    const [mail] = await offerMails(PAT);
    expect(mail?.subject).toBe('A spot opened on 12U Tigers');
    expect(mail?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.html).toContain(`/licenses/FULL-2027?offer=${mail?.token}`);
    expect(await offerMails(TAYLOR)).toEqual([]);
    // Only the token's SHA-256 is stored.
    const [stored] = await openOffers();
    expect(stored?.tokenHash).not.toContain(mail!.token);

    const pat = await entryOf(PAT);
    expect(pat).toMatchObject({ status: 'offered', position: 0 });
    const expiresAt = Date.parse(pat!.offer!.expires_at);
    expect(Math.abs(expiresAt - (Date.now() + 2 * DAY_MS))).toBeLessThan(60_000);
    expect(await entryOf(JAMIE)).toEqual(pat);
    expect(await entryOf(TAYLOR)).toMatchObject({ status: 'waiting', position: 1, offer: null });

    // The licence info: the seat is gone for everyone, and the offer's link shows it as the visitor's.
    const plain = await info('FULL-2027');
    expect(plain.body).toMatchObject({ available: false, available_licenses: 0 });
    expect(plain.body).not.toHaveProperty('offer');
    expect((await info('FULL-2027', 'not-a-token')).body).toEqual(plain.body);
    expect((await info('TIGERS-2027', mail!.token)).body).not.toHaveProperty('offer');
    const offered = await info('full-2027', mail!.token);
    expect(offered.status, offered.text).toBe(200);
    expect(offered.body).toEqual({
      ...(plain.body as object),
      available: true,
      available_licenses: 1,
      offer: { expires_at: pat!.offer!.expires_at },
    });

    // Nobody else can take the held seat.
    expect(await claim(TAYLOR)).toBe('UNAVAILABLE');
    expect(await claim(QUINN)).toBe('UNAVAILABLE');
    expect((await fullLicence()).availableLicenses).toBe(0);
    // The offered family may make it their latest licence (the licence page's usual path), others may not.
    const latest = async (login: string) =>
      t.call('POST', '/api/user/latest-license', {
        token: await t.tokenFor(login),
        body: { license_code: 'FULL-2027' },
      });
    expect((await latest(PAT)).status).toBe(200);
    expect((await latest(TAYLOR)).status).toBe(422);

    // Jamie (the household's other guardian) claims with the held seat: no seat of the pool is used.
    expect(await claim(JAMIE)).toBe('OK');
    expect((await fullLicence()).availableLicenses).toBe(0);
    expect(await openOffers()).toEqual([]);
    expect(await entryOf(PAT)).toBeNull();
    expect((await info('FULL-2027', mail!.token)).body).toEqual(plain.body);
    expect(await entryOf(TAYLOR)).toMatchObject({ status: 'waiting', position: 1 });
  });

  it("the site's usual path: the guardian picks the licence, the athlete claims the held seat, the guardian pays", async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await raiseSeats('FULL-2027', 1)).status).toBe(200);
    const pat = await t.tokenFor(PAT);
    const latest = await t.call('POST', '/api/user/latest-license', {
      token: pat,
      body: { license_code: 'FULL-2027' },
    });
    expect(latest.status, latest.text).toBe(200);
    // The athlete step claims as the athlete (spec §4): Alex belongs to the offered household.
    expect(await claim('alexrivera')).toBe('OK');
    expect((await fullLicence()).availableLicenses).toBe(0);
    expect(await entryOf(PAT)).toBeNull();
    const team_id = (await fullLicence()).teamId;
    const checkout = await t.call('POST', '/api/memberships/checkout', {
      token: pat,
      body: { payment_plan_month: 0, team_id },
    });
    expect(checkout.status, checkout.text).toBe(200);
    expect((checkout.body as { client_secret: string | null }).client_secret).toEqual(expect.any(String));
  });

  it('offers one seat per waiting family; the seats nobody waits for stay claimable', async () => {
    expect((await join(PAT)).status).toBe(201);
    const raised = await raiseSeats('FULL-2027', 3);
    expect(raised.body).toMatchObject({ available: true, available_licenses: 2 });
    expect(await offerMails(PAT)).toHaveLength(1);
    expect(await claim(QUINN)).toBe('OK');
    expect((await fullLicence()).availableLicenses).toBe(1);
    // Seats free and nobody waiting: no line to join.
    expectError(await join(TAYLOR), 422, 'This team still has spots: register now.');
  });

  it('an offer not taken in 48 hours passes to the next family, then back to the pool when nobody waits', async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await join(TAYLOR)).status).toBe(201);
    expect((await raiseSeats('FULL-2027', 1)).status).toBe(200);
    const [patMail] = await offerMails(PAT);

    // A day later the offer still holds.
    expect((await runAsOf(1)).status).toBe(200);
    expect(await entryOf(PAT)).toMatchObject({ status: 'offered' });
    expect(await offerMails(TAYLOR)).toEqual([]);

    // Two days later it has expired: Pat's family leaves the line, Taylor's gets the seat and the e-mail.
    const run = await runAsOf(2);
    expect(run.status, run.text).toBe(200);
    expect(await entryOf(PAT)).toBeNull();
    expect(await entryOf(TAYLOR)).toMatchObject({ status: 'offered', position: 0 });
    const [taylorMail] = await offerMails(TAYLOR);
    expect(taylorMail?.subject).toBe('A spot opened on 12U Tigers');
    expect((await info('FULL-2027', patMail!.token)).body).not.toHaveProperty('offer');
    expect((await info('FULL-2027', taylorMail!.token)).body).toMatchObject({ available_licenses: 1 });
    expect(await claim(PAT)).toBe('UNAVAILABLE');
    expect((await fullLicence()).availableLicenses).toBe(0);

    // Running again the same day changes nothing; four days on, Taylor's expires too and nobody waits.
    expect((await runAsOf(2)).status).toBe(200);
    expect(await offerMails(TAYLOR)).toHaveLength(1);
    expect((await runAsOf(4)).status).toBe(200);
    expect(await entryOf(TAYLOR)).toBeNull();
    expect((await info('FULL-2027')).body).toMatchObject({ available: true, available_licenses: 1 });
    expect(await claim(QUINN)).toBe('OK');
  });

  it('a family leaving while offered declines the offer: the seat passes on at once', async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await join(TAYLOR)).status).toBe(201);
    expect((await raiseSeats('FULL-2027', 1)).status).toBe(200);
    const [patMail] = await offerMails(PAT);
    expect((await leave(JAMIE)).status).toBe(204);
    expect(await entryOf(PAT)).toBeNull();
    expect((await info('FULL-2027', patMail!.token)).body).not.toHaveProperty('offer');
    expect(await entryOf(TAYLOR)).toMatchObject({ status: 'offered' });
    expect(await offerMails(TAYLOR)).toHaveLength(1);
    expect((await fullLicence()).availableLicenses).toBe(0);
    // Taylor leaves too: nobody waits, the seat is back in the pool.
    expect((await leave(TAYLOR)).status).toBe(204);
    expect((await fullLicence()).availableLicenses).toBe(1);
  });

  it('a released claim offers its seat to the first family (releaseClaim, for refunds)', async () => {
    expect((await join(PAT)).status).toBe(201);
    const licence = await fullLicence();
    const quinn = await userId(t.db, QUINN);
    await t.db.insert(licenceClaims).values({ licenceId: licence.id, userId: quinn });
    expect(await releaseClaim(t.deps, licence.id, quinn)).toBe(true);
    expect(await releaseClaim(t.deps, licence.id, quinn)).toBe(false);
    expect(await entryOf(PAT)).toMatchObject({ status: 'offered' });
    expect(await offerMails(PAT)).toHaveLength(1);
    expect((await fullLicence()).availableLicenses).toBe(0);
  });

  it('a held seat is not taken once staff paused the licence, even by a claim that read it before the pause', async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await raiseSeats('FULL-2027', 1)).status).toBe(200);
    const before = await fullLicence();
    await t.db.update(licences).set({ paused: true }).where(eq(licences.id, before.id));
    const [pat] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, await userId(t.db, PAT)));
    // The licence row as the claim read it, before the pause.
    expect(await claimLicence(t.deps, pat!, before)).toEqual({ status: 'PAUSED', message: LICENCE_TEXTS.paused });
    expect(await t.db.select().from(licenceClaims).where(eq(licenceClaims.licenceId, before.id))).toEqual([]);
    expect(await openOffers()).toHaveLength(1);
    expect(await entryOf(PAT)).toMatchObject({ status: 'offered' });
  });

  it('an expired offer leaves an entry that left the line meanwhile as it is', async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await raiseSeats('FULL-2027', 1)).status).toBe(200);
    const [entry] = await t.db.select().from(waitlistEntries);
    await t.db.update(waitlistEntries).set({ status: 'claimed' }).where(eq(waitlistEntries.id, entry!.id));
    expect((await runAsOf(3)).status).toBe(200);
    const [after] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id));
    expect(after?.status).toBe('claimed');
  });

  it('a paused licence offers nothing: its seats stay in the pool', async () => {
    expect((await join(PAT)).status).toBe(201);
    const licence = await fullLicence();
    await t.db.update(licences).set({ paused: true }).where(eq(licences.id, licence.id));
    expect((await raiseSeats('FULL-2027', 1)).status).toBe(200);
    expect(await openOffers()).toEqual([]);
    expect(await offerMails(PAT)).toEqual([]);
  });
});

describe('concurrency (really side by side on PostgreSQL)', () => {
  it('ten transactions offering the same freed seat make one offer', async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await join(TAYLOR)).status).toBe(201);
    const licence = await fullLicence();
    // A seat freed without the offer step (as if two processes freed and offered it at once).
    await t.db.update(licences).set({ availableLicenses: 1 }).where(eq(licences.id, licence.id));
    const now = new Date();
    await Promise.all(
      Array.from({ length: 10 }, () => t.db.transaction((tx) => offerFreeSeats(t.deps, tx, licence.id, now))),
    );
    expect(await openOffers()).toHaveLength(1);
    expect((await fullLicence()).availableLicenses).toBe(0);
    expect(await offerMails(PAT)).toHaveLength(1);
    expect(await offerMails(TAYLOR)).toEqual([]);
  });

  it('expiry jobs running at once pass each expired offer on once', async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await join(TAYLOR)).status).toBe(201);
    expect((await join(QUINN)).status).toBe(201);
    expect((await raiseSeats('FULL-2027', 1)).status).toBe(200);
    const later = new Date(Date.now() + 2 * DAY_MS + 60_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => expireWaitlistOffers(t.deps, later)));
    expect(results.reduce((sum, result) => sum + result.expired, 0)).toBe(1);
    expect(await openOffers()).toHaveLength(1);
    expect(await offerMails(TAYLOR)).toHaveLength(1);
    expect(await offerMails(QUINN)).toEqual([]);
    expect((await fullLicence()).availableLicenses).toBe(0);
  });

  it('a claim racing the expiry: exactly one of them gets the held seat', async () => {
    expect((await join(PAT)).status).toBe(201);
    expect((await join(TAYLOR)).status).toBe(201);
    expect((await raiseSeats('FULL-2027', 1)).status).toBe(200);
    const offerTime = Date.parse((await entryOf(PAT))!.offer!.expires_at);
    // The claim's clock and the job's moment both sit at the offer's expiry: whichever commits first wins.
    const [claimed] = await Promise.all([claim(JAMIE), expireWaitlistOffers(t.deps, new Date(offerTime))]);
    const entries = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.licenceId, (await fullLicence()).id));
    const held = await openOffers();
    if (claimed === 'OK') {
      expect(held).toEqual([]);
    } else {
      expect(held).toHaveLength(1);
      expect(entries.find((entry) => entry.status === 'offered')?.guardianId).toBe(await userId(t.db, TAYLOR));
    }
    expect((await fullLicence()).availableLicenses).toBe(0);
  });
});
