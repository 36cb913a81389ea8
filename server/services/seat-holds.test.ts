import { and, asc, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, toIsoDate } from '../../src/domain/dates.ts';
import { formatHoldEndUtc, HOLD_MS, releasedText, SEAT_HOLD_TEXTS } from '../../src/domain/seat-holds.ts';
import {
  licenceClaims,
  licences,
  mailOutbox,
  memberships,
  seatReleases,
  staffAuditLog,
  teams,
  waitlistOffers,
} from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { english } from '../i18n/index.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { paymentIntentsOf } from '../test/payment-queries.ts';
import { STAFF, staffId, staffTokenFor } from '../test/staff-sessions.ts';
import { LICENCE_TEXTS } from './licences.ts';
import { releaseExpiredHolds } from './seat-holds.ts';

/**
 * Held seats (issue 30 point 4, ./seat-holds.ts): a claim with nothing paid holds its seat for 96 hours; the
 * collector run (`POST /api/staff/billing/run {as_of}`) then releases it, the seat goes to the waitlist's first family
 * (or the pool), and the family's Pay Now claims again where a seat is left, else is refused with nothing charged.
 * Seat changes carry the licence's version (ETag / If-Match). Sam Rivera (athlete of parent@example.com) claims
 * TIGERS-2027 (48 seats) or FULL-2027 (none left); Taylor Brooks (trial@example.com) is another family.
 *
 * The concurrency tests run on PostgreSQL too (the server-pg project), where the runs really overlap.
 */

const CLAIMED_AT = new Date('2026-11-26T10:00:00Z');
const HOUR_MS = 60 * 60 * 1000;
const PAT = 'parent@example.com';
const TAYLOR = 'trial@example.com';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  t.setNow(CLAIMED_AT);
});
afterEach(() => t.close());

async function licence(code: string) {
  const [row] = await t.db.select().from(licences).where(eq(licences.code, code));
  return row!;
}

async function tigersId() {
  const [team] = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.name, '12U Tigers'));
  return team!.id;
}

/** Pat makes the licence their latest, then Sam claims it with Sam's token (spec §4, §6); answers Sam's token. */
async function samClaims(code: string) {
  await t.call('POST', '/api/user/latest-license', { token: await t.tokenFor(PAT), body: { license_code: code } });
  const token = await t.tokenFor('samrivera');
  const claimed = await t.call('POST', '/api/subscribe/claim-license', { token, body: { license_code: code } });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  return token;
}

/** A seat change with `ifMatch` (default `*`: whatever the licence's version is; null: no If-Match at all). */
const VERSION_REQUIRED = english('admin.licenceVersionRequired');

const setSeats = (code: string, available_licenses: number, ifMatch: string | null = '*') =>
  t.call('PUT', `/api/staff/licences/${code}`, {
    token: DEFAULT_STAFF_TOKEN,
    body: { available_licenses },
    ...(ifMatch === null ? {} : { headers: { 'If-Match': ifMatch } }),
  });

/** Pat's saved registration for Sam on TIGERS-2027, stopped at the payment's first step (issue 21). */
async function patSavesPayment(token: string) {
  const saved = await t.call('PUT', '/api/registrations/progress', {
    token,
    body: {
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: 'payment@1',
      step: 'payment-1',
      athlete_id: await userId(t.db, 'samrivera'),
      snapshot: { context: { plan: 0 } },
    },
  });
  expect(saved.status, saved.text).toBe(200);
}

async function runAsOf(hoursAfterClaim: number) {
  const at = new Date(CLAIMED_AT.getTime() + hoursAfterClaim * HOUR_MS);
  const answer = await t.call('POST', '/api/staff/billing/run', {
    token: DEFAULT_STAFF_TOKEN,
    body: { as_of: toIsoDate(at) },
  });
  expect(answer.status, answer.text).toBe(200);
}

async function samClaimsOn(code: string) {
  const sam = await userId(t.db, 'samrivera');
  return t.db
    .select()
    .from(licenceClaims)
    .where(and(eq(licenceClaims.userId, sam), eq(licenceClaims.licenceId, (await licence(code)).id)));
}

const offerMails = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, 'A spot opened on%')))
    .orderBy(asc(mailOutbox.id));

const checkoutBody = async (month = 0) => ({
  payment_plan_month: month,
  team_id: await tigersId(),
  discount_code: null,
  include_payment_protection_plan: false,
});

describe('a claim with nothing paid holds its seat for 96 hours', () => {
  it('keeps the seat through the reminders, then the collector run releases it and the seat returns', async () => {
    await samClaims('TIGERS-2027');
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(47);

    // 72 hours on the hold is still there; the run dates its moment at the clock's time of day (momentOf).
    await runAsOf(72);
    expect(await samClaimsOn('TIGERS-2027')).toHaveLength(1);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(47);

    await runAsOf(96);
    expect(await samClaimsOn('TIGERS-2027')).toEqual([]);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(48);
    const releases = await t.db.select().from(seatReleases);
    expect(releases).toMatchObject([{ userId: await userId(t.db, 'samrivera'), reason: 'expired', releasedBy: null }]);

    // A second run (or the same moment again) releases nothing more.
    await runAsOf(96);
    expect(await releaseExpiredHolds(t.deps, new Date(CLAIMED_AT.getTime() + 120 * HOUR_MS))).toBe(0);
    expect(await t.db.select().from(seatReleases)).toHaveLength(1);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(48);
  });

  it('never releases a paid claim (a full discount records the membership at once)', async () => {
    const token = await samClaims('TIGERS-2027');
    const paid = await t.call('POST', '/api/memberships/checkout', {
      token,
      body: { ...(await checkoutBody()), discount_code: 'FULLRIDE' },
    });
    expect(paid.status, paid.text).toBe(200);
    await runAsOf(200);
    expect(await samClaimsOn('TIGERS-2027')).toHaveLength(1);
    expect(await t.db.select().from(seatReleases)).toEqual([]);
  });

  it('never releases the seat of a cancelled schedule that keeps money; one that kept nothing is released', async () => {
    // Parker Diaz (paid@example.com) paid 12U Tigers' $475.00 in full through the card sandbox (docs/fixtures.md).
    const parker = await userId(t.db, 'paid@example.com');
    const [paid] = await t.db.select().from(memberships).where(eq(memberships.userId, parker));
    const registrar = await staffTokenFor(t.db, STAFF.registrar, CLAIMED_AT);
    const refund = await t.call('POST', `/api/admin/memberships/${paid!.id}/refunds`, {
      token: registrar,
      body: { amount_cents: 2500, reason: 'Missed the first week' },
    });
    expect(refund.status, refund.text).toBe(201);
    const cancel = await t.call('POST', `/api/admin/memberships/${paid!.id}/cancel`, {
      token: registrar,
      body: { reason: 'Moved away' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    const seats = (await licence('TIGERS-2027')).availableLicenses;
    const holds = await t.call('GET', `/api/admin/teams/${await tigersId()}/holds`, { token: registrar });
    expect(holds.body).toMatchObject({ holds: [] });
    await runAsOf(24 * 30);
    // $450.00 stays paid: the seat stays the family's.
    expect(await t.db.select().from(seatReleases)).toEqual([]);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(seats);

    // Refunded in whole, the cancelled schedule keeps nothing and gives the seat back.
    const rest = await t.call('POST', `/api/admin/memberships/${paid!.id}/refunds`, {
      token: registrar,
      body: { amount_cents: 45000, reason: 'Moved away' },
    });
    expect(rest.status, rest.text).toBe(201);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(seats + 1);
  });

  it('leaves a family in the middle of paying alone (a checkout lease within the last hour)', async () => {
    const token = await samClaims('TIGERS-2027');
    t.setNow(new Date(CLAIMED_AT.getTime() + 96 * HOUR_MS));
    const started = await t.call('POST', '/api/memberships/checkout', { token, body: await checkoutBody() });
    expect(started.status, started.text).toBe(200);
    expect(await releaseExpiredHolds(t.deps, new Date(CLAIMED_AT.getTime() + 96.5 * HOUR_MS))).toBe(0);
    expect(await samClaimsOn('TIGERS-2027')).toHaveLength(1);
    // An hour after the last Pay Now it is a hold like any other.
    expect(await releaseExpiredHolds(t.deps, new Date(CLAIMED_AT.getTime() + 98 * HOUR_MS))).toBe(1);
  });

  it("gives the released seat to the waitlist's first family, once, however many runs overlap", async () => {
    expect((await setSeats('FULL-2027', 1)).status).toBe(200);
    await samClaims('FULL-2027');
    expect((await licence('FULL-2027')).availableLicenses).toBe(0);
    const joined = await t.call('POST', '/api/waitlist', {
      token: await t.tokenFor(TAYLOR),
      body: { license: 'FULL-2027' },
    });
    expect(joined.status, joined.text).toBe(201);

    const at = new Date(CLAIMED_AT.getTime() + 97 * HOUR_MS);
    const counts = await Promise.all(Array.from({ length: 4 }, () => releaseExpiredHolds(t.deps, at)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    await runAsOf(97);
    expect(await samClaimsOn('FULL-2027')).toEqual([]);
    expect(await t.db.select().from(seatReleases)).toHaveLength(1);
    expect(await offerMails(TAYLOR)).toHaveLength(1);
    expect(await t.db.select().from(waitlistOffers)).toHaveLength(1);
    // The offer holds the seat: none in the pool.
    expect((await licence('FULL-2027')).availableLicenses).toBe(0);
  });

  it('the 24 h and 72 h reminders say until when the spot is held', async () => {
    await samClaims('TIGERS-2027');
    await patSavesPayment(await t.tokenFor(PAT));
    await runAsOf(24);
    await runAsOf(72);
    const reminders = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Finish registering%'))
      .orderBy(asc(mailOutbox.id));
    expect(reminders).toHaveLength(2);
    const until = formatHoldEndUtc(new Date(CLAIMED_AT.getTime() + HOLD_MS));
    for (const reminder of reminders) {
      expect(reminder.text).toContain(`Your spot on 12U Tigers is held until ${until}.`);
    }
  });
});

describe('coming back after the release', () => {
  it('Pay Now claims the seat again while one is left', async () => {
    const token = await samClaims('TIGERS-2027');
    await runAsOf(100);
    expect(await samClaimsOn('TIGERS-2027')).toEqual([]);
    t.setNow(addDays(CLAIMED_AT, 5));
    const started = await t.call('POST', '/api/memberships/checkout', { token, body: await checkoutBody() });
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ payment_complete: 0 });
    expect(await samClaimsOn('TIGERS-2027')).toHaveLength(1);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(47);
  });

  it("the family checkout's quote claims the seat again while one is left (the family is back)", async () => {
    await samClaims('TIGERS-2027');
    await runAsOf(100);
    expect(await samClaimsOn('TIGERS-2027')).toEqual([]);
    t.setNow(addDays(CLAIMED_AT, 5));
    const sam = await userId(t.db, 'samrivera');
    const quoted = await t.call('POST', '/api/household/quote', {
      token: await t.tokenFor(PAT),
      body: { athletes: [{ athlete_id: sam, payment_plan_month: 0, include_payment_protection_plan: false }] },
    });
    expect(quoted.status, quoted.text).toBe(200);
    expect(quoted.body).toMatchObject({ ready: true, athletes: [{ athlete_id: sam, problem: null }] });
    expect(await samClaimsOn('TIGERS-2027')).toHaveLength(1);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(47);
  });

  it("answers 'Sorry, this license is not available.' when none is left, and charges nothing", async () => {
    expect((await setSeats('FULL-2027', 1)).status).toBe(200);
    const token = await samClaims('FULL-2027');
    await runAsOf(100);
    expect((await licence('FULL-2027')).availableLicenses).toBe(1);
    // Another family takes the last seat meanwhile.
    const taken = await t.call('POST', '/api/subscribe/claim-license', {
      token: await t.tokenFor(TAYLOR),
      body: { license_code: 'FULL-2027' },
    });
    expect((taken.body as { status: string }).status).toBe('OK');

    t.setNow(addDays(CLAIMED_AT, 5));
    expectError(
      await t.call('POST', '/api/memberships/checkout', { token, body: await checkoutBody() }),
      403,
      'Sorry, this license is not available.',
    );
    expect(await paymentIntentsOf(t.db, await userId(t.db, 'samrivera'))).toEqual([]);
    expect(await samClaimsOn('FULL-2027')).toEqual([]);
  });

  it("the family's saved registration says the held spot was released", async () => {
    await samClaims('TIGERS-2027');
    const token = await t.tokenFor(PAT);
    await patSavesPayment(token);
    const before = await t.call('GET', '/api/registrations/progress?license=TIGERS-2027', { token });
    expect((before.body as { progress: Record<string, unknown> }).progress).not.toHaveProperty('released');
    await runAsOf(100);
    const after = await t.call('GET', '/api/registrations/progress?license=TIGERS-2027', { token });
    expect(after.status, after.text).toBe(200);
    expect((after.body as { progress: { released?: string } }).progress.released).toBe(releasedText('12U Tigers'));
    // The licence page's look-up of the logged-in family says so too, until the family claims again.
    const lookup = await t.call('GET', '/api/waitlist?license=TIGERS-2027', { token });
    expect(lookup.body).toEqual({ entry: null, released: releasedText('12U Tigers') });
    await samClaims('TIGERS-2027');
    const claimedAgain = await t.call('GET', '/api/waitlist?license=TIGERS-2027', { token });
    expect(claimedAgain.body).toEqual({ entry: null });
  });
});

describe("'Remove' and the console release a held seat at once", () => {
  it("'Remove' in the family checkout gives the athlete's held seat back; a second Remove releases nothing", async () => {
    await samClaims('TIGERS-2027');
    const sam = await userId(t.db, 'samrivera');
    const pat = await t.tokenFor(PAT);
    const removed = await t.call('DELETE', `/api/household/athletes/${sam}/hold`, { token: pat });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ released: 1 });
    expect(await samClaimsOn('TIGERS-2027')).toEqual([]);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(48);
    expect(await t.db.select().from(seatReleases)).toMatchObject([{ userId: sam, reason: 'removed' }]);
    const again = await t.call('DELETE', `/api/household/athletes/${sam}/hold`, { token: pat });
    expect(again.body).toEqual({ released: 0 });
    // Sam himself cannot: only a guardian manages a household.
    expectError(
      await t.call('DELETE', `/api/household/athletes/${sam}/hold`, { token: await t.tokenFor('samrivera') }),
      403,
      'Only a guardian can manage a household.',
    );
    // Another family cannot release it.
    expectError(
      await t.call('DELETE', `/api/household/athletes/${sam}/hold`, { token: await t.tokenFor(TAYLOR) }),
      404,
      'Athlete not found.',
    );
  });

  it('the roster lists held seats with their end; owners and registrars release one, audited; coaches only see', async () => {
    await samClaims('TIGERS-2027');
    const sam = await userId(t.db, 'samrivera');
    const team = await tigersId();
    const coach = await staffTokenFor(t.db, STAFF.coach, CLAIMED_AT);
    const listed = await t.call('GET', `/api/admin/teams/${team}/holds`, { token: coach });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual({
      can_release: false,
      holds: [
        {
          athlete: { id: sam, name: 'Sam Rivera' },
          license: 'TIGERS-2027',
          held_until: new Date(CLAIMED_AT.getTime() + HOLD_MS).toISOString(),
        },
      ],
    });
    expect((await t.call('DELETE', `/api/admin/teams/${team}/holds/${sam}`, { token: coach })).status).toBe(403);

    const registrar = await staffTokenFor(t.db, STAFF.registrar, CLAIMED_AT);
    const released = await t.call('DELETE', `/api/admin/teams/${team}/holds/${sam}`, { token: registrar });
    expect(released.status, released.text).toBe(200);
    expect(released.body).toEqual({ holds: [], can_release: true });
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(48);
    const [audit] = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'hold.release'));
    expect(audit).toMatchObject({
      staffAccountId: await staffId(t.db, STAFF.registrar),
      before: { athlete_id: sam, license: 'TIGERS-2027' },
    });
    expect(await t.db.select().from(seatReleases)).toMatchObject([{ userId: sam, reason: 'staff' }]);
    expectError(
      await t.call('DELETE', `/api/admin/teams/${team}/holds/${sam}`, { token: registrar }),
      409,
      SEAT_HOLD_TEXTS.notHeld,
    );
  });
});

describe('seat changes carry the licence version (ETag / If-Match)', () => {
  it('answers 412 to a resend with a stale version and makes no second offer', async () => {
    await t.call('POST', '/api/waitlist', { token: await t.tokenFor(TAYLOR), body: { license: 'FULL-2027' } });
    await t.call('POST', '/api/waitlist', { token: await t.tokenFor(PAT), body: { license: 'FULL-2027' } });
    const read = await t.call('GET', '/api/staff/licences/FULL-2027', { token: DEFAULT_STAFF_TOKEN });
    expect(read.status, read.text).toBe(200);
    const etag = read.headers.get('ETag');
    expect(etag).toMatch(/^"\d+"$/);
    expect(read.body).toMatchObject({ license_code: 'FULL-2027', available_licenses: 0 });

    const raised = await setSeats('FULL-2027', 1, etag!);
    expect(raised.status, raised.text).toBe(200);
    expect(raised.headers.get('ETag')).not.toBe(etag);
    expect(await offerMails(TAYLOR)).toHaveLength(1);

    // The same change resent (a double click, a retry after a timeout): refused, nothing offered again.
    expectError(await setSeats('FULL-2027', 1, etag!), 412, SEAT_HOLD_TEXTS.staleLicence);
    expect(await offerMails(PAT)).toEqual([]);
    expect(await t.db.select().from(waitlistOffers)).toHaveLength(1);

    // If-Match compares strongly (RFC 9110): the current version as a weak tag matches nothing.
    expectError(await setSeats('FULL-2027', 1, `W/${raised.headers.get('ETag')!}`), 412, SEAT_HOLD_TEXTS.staleLicence);
    // With the version it answered, the change applies.
    const again = await setSeats('FULL-2027', 1, raised.headers.get('ETag')!);
    expect(again.status, again.text).toBe(200);
    expect(await offerMails(PAT)).toHaveLength(1);
  });

  it('answers 428 to a seat change that names no version, and changes and offers nothing', async () => {
    await t.call('POST', '/api/waitlist', { token: await t.tokenFor(TAYLOR), body: { license: 'FULL-2027' } });
    expectError(await setSeats('FULL-2027', 1, null), 428, VERSION_REQUIRED);
    // A header that names no entity tag names no version either: not 'someone else changed it'.
    for (const unreadable of ['', ' ', ',', 'abc', '7']) {
      expectError(await setSeats('FULL-2027', 1, unreadable), 428, VERSION_REQUIRED);
    }
    const owner = await staffTokenFor(t.db, STAFF.owner);
    const put = await t.call('PUT', '/api/admin/licences/FULL-2027', { token: owner, body: { available_licenses: 1 } });
    expectError(put, 428, VERSION_REQUIRED);
    expect((await licence('FULL-2027')).availableLicenses).toBe(0);
    expect(await offerMails(TAYLOR)).toEqual([]);
    // Another organization's owner still finds no such licence: the version is asked once the licence is theirs.
    const other = await staffTokenFor(t.db, STAFF.otherOwner);
    const hidden = await t.call('PUT', '/api/admin/licences/FULL-2027', {
      token: other,
      body: { available_licenses: 1 },
    });
    expect(hidden.status, hidden.text).toBe(404);
  });

  it('a claim changes the version too: the console must reload before changing the seats', async () => {
    const owner = await staffTokenFor(t.db, STAFF.owner);
    const read = await t.call('GET', '/api/admin/licences/TIGERS-2027', { token: owner });
    expect(read.status, read.text).toBe(200);
    const etag = read.headers.get('ETag')!;
    expect(read.body).toMatchObject({ licence: { code: 'TIGERS-2027', available_licenses: 48 } });
    expect(etag).toBe(`"${(read.body as { licence: { version: number } }).licence.version}"`);
    await samClaims('TIGERS-2027');
    const put = (ifMatch: string) =>
      t.call('PUT', '/api/admin/licences/TIGERS-2027', {
        token: owner,
        body: { available_licenses: 48 },
        headers: { 'If-Match': ifMatch },
      });
    expectError(await put(etag), 412, SEAT_HOLD_TEXTS.staleLicence);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(47);
    const fresh = await t.call('GET', '/api/admin/licences/TIGERS-2027', { token: owner });
    const changed = await put(fresh.headers.get('ETag')!);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ licence: { available_licenses: 48 } });
  });

  it('declares the ETag of the licence answers in the API document', async () => {
    const document = (await t.call('GET', '/api/docs')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    for (const path of ['/api/staff/licences/{code}', '/api/admin/licences/{code}']) {
      for (const method of ['get', 'put']) {
        expect(document.paths[path]?.[method]?.responses['200']?.headers, `${method} ${path}`).toHaveProperty('ETag');
      }
    }
  });

  it('refuses a coach and another organization the licence, as the PUT does', async () => {
    const coach = await staffTokenFor(t.db, STAFF.coach);
    expect((await t.call('GET', '/api/admin/licences/TIGERS-2027', { token: coach })).status).toBe(403);
    const other = await staffTokenFor(t.db, STAFF.otherOwner);
    expect((await t.call('GET', '/api/admin/licences/TIGERS-2027', { token: other })).status).toBe(404);
  });
});

describe('a hold released while its payment is open (one athlete, issue 30 point 4)', () => {
  const sandbox = () => t.providers.payments as SandboxCardPayments;
  const card = { number: '4242424242424242', expMonth: 12, expYear: CLAIMED_AT.getUTCFullYear() + 2, cvc: '123' };

  /** Sam claims TIGERS-2027 and opens his checkout; a registrar then releases his hold from the roster. */
  async function checkoutThenRelease() {
    const token = await samClaims('TIGERS-2027');
    const team = await tigersId();
    const opened = await t.call('POST', '/api/memberships/checkout', {
      token,
      body: { payment_plan_month: 0, team_id: team },
    });
    expect(opened.status, opened.text).toBe(200);
    const intent = opened.body as { payment_intent_id: string; client_secret: string };
    const registrar = await staffTokenFor(t.db, STAFF.registrar, CLAIMED_AT);
    const sam = await userId(t.db, 'samrivera');
    const released = await t.call('DELETE', `/api/admin/teams/${team}/holds/${sam}`, { token: registrar });
    expect(released.status, released.text).toBe(200);
    await sandbox().confirm(intent.payment_intent_id, intent.client_secret, card);
    const success = () =>
      t.call('POST', '/api/memberships/checkout-success', {
        token,
        body: { payment_plan_month: 0, team_id: team, stripe_payment_intent_id: intent.payment_intent_id },
      });
    return { intent, success, sam };
  }

  it('records the payment when a seat is left: Sam claims the seat again', async () => {
    const { success, sam } = await checkoutThenRelease();
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(48);
    const answer = await success();
    expect(answer.status, answer.text).toBe(200);
    expect(await samClaimsOn('TIGERS-2027')).toHaveLength(1);
    expect((await licence('TIGERS-2027')).availableLicenses).toBe(47);
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, sam));
    expect(membership?.status).toBe('active');
  });

  it('refunds the payment when no seat is left, records nothing, and says so', async () => {
    const { intent, success, sam } = await checkoutThenRelease();
    const seats = await setSeats('TIGERS-2027', 0);
    expect(seats.status, seats.text).toBe(200);
    const refused = `${LICENCE_TEXTS.teamUnavailable} This payment has been refunded.`;
    expectError(await success(), 403, refused);
    expect(await sandbox().isRefunded(intent.payment_intent_id)).toBe(true);
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, sam))).toEqual([]);
    expect(await samClaimsOn('TIGERS-2027')).toEqual([]);
    // A replay refunds nothing twice and answers the same.
    expectError(await success(), 403, refused);
  });
});
