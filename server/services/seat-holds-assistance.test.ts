import { and, asc, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../src/domain/dates.ts';
import { formatHoldEndUtc, HOLD_MS, holdEnd, holdEnded } from '../../src/domain/seat-holds.ts';
import { licenceClaims, licences, mailOutbox, seatReleases, teams, waitlistOffers } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { registrationReminderMail } from '../mail/registration-reminder-mail.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * When a hold ends with a request for financial assistance (issue 34 point 1, src/domain/seat-holds.ts `holdEnd`):
 * held while the request waits and for 96 hours after the decision (approved or declined). The release (the
 * collector run, `POST /api/staff/billing/run {as_of}` at chosen moments), the console's held seats and the 24 h /
 * 72 h reminders all give the same end. Sam Rivera claims FULL-2027 (12U Tigers, Northside, which offers
 * assistance; one seat set for the test), Taylor Brooks (trial@example.com) waits on its waitlist.
 *
 * Runs on PostgreSQL too (the server-pg project).
 */

const CLAIMED_AT = new Date('2026-11-26T10:00:00Z');
const HOUR_MS = 60 * 60 * 1000;
const PAT = 'parent@example.com';
const TAYLOR = 'trial@example.com';
const CODE = 'FULL-2027';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  t.setNow(CLAIMED_AT);
});
afterEach(() => t.close());

const hoursAfterClaim = (hours: number) => new Date(CLAIMED_AT.getTime() + hours * HOUR_MS);

async function tigers() {
  const [team] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
  return team!;
}

async function seatsLeft() {
  const [row] = await t.db.select().from(licences).where(eq(licences.code, CODE));
  return row!.availableLicenses;
}

async function samHolds(): Promise<boolean> {
  const sam = await userId(t.db, 'samrivera');
  const [licence] = await t.db.select().from(licences).where(eq(licences.code, CODE));
  const rows = await t.db
    .select()
    .from(licenceClaims)
    .where(and(eq(licenceClaims.userId, sam), eq(licenceClaims.licenceId, licence!.id)));
  return rows.length === 1;
}

/** FULL-2027 gets one seat, Sam claims it (Pat's latest licence, Sam's token), Taylor joins the waitlist. */
async function samClaimsTheLastSeat() {
  const seats = await t.call('PUT', `/api/staff/licences/${CODE}`, {
    token: DEFAULT_STAFF_TOKEN,
    body: { available_licenses: 1 },
    headers: { 'If-Match': '*' },
  });
  expect(seats.status, seats.text).toBe(200);
  await t.call('POST', '/api/user/latest-license', { token: await t.tokenFor(PAT), body: { license_code: CODE } });
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token: await t.tokenFor('samrivera'),
    body: { license_code: CODE },
  });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  const joined = await t.call('POST', '/api/waitlist', { token: await t.tokenFor(TAYLOR), body: { license: CODE } });
  expect(joined.status, joined.text).toBe(201);
  expect(await seatsLeft()).toBe(0);
}

/** An hour after the claim Sam asks for 50 % ('Send request'), and Pat's registration is saved at step 1. */
async function samAsksForHelp(): Promise<number> {
  t.setNow(hoursAfterClaim(1));
  const sent = await t.call('POST', '/api/memberships/assistance-requests', {
    token: await t.tokenFor('samrivera'),
    body: { team_id: (await tigers()).id, share_percent: 50, free_or_reduced_meals: false, reason: 'Hard winter.' },
  });
  expect(sent.status, sent.text).toBe(201);
  const saved = await t.call('PUT', '/api/registrations/progress', {
    token: await t.tokenFor(PAT),
    body: {
      license: CODE,
      flow: 'payment',
      machine_version: 'payment@1',
      step: 'payment-1',
      athlete_id: await userId(t.db, 'samrivera'),
      snapshot: { context: { plan: 0 } },
    },
  });
  expect(saved.status, saved.text).toBe(200);
  return (sent.body as { request: { id: number } }).request.id;
}

/** A registrar decides the request at `hours` after the claim. */
async function decide(requestId: number, hours: number, decision: 'approve' | 'decline') {
  t.setNow(hoursAfterClaim(hours));
  const answer = await t.call('POST', `/api/admin/assistance-requests/${requestId}/${decision}`, {
    token: await staffTokenFor(t.db, STAFF.registrar, hoursAfterClaim(hours)),
    body: decision === 'approve' ? {} : { message: 'Our fund is spent for spring.' },
  });
  expect(answer.status, answer.text).toBe(200);
}

/** The collector run at exactly `hours` after the claim (the run's moment is as_of at the clock's time of day). */
async function runAt(hours: number) {
  const at = hoursAfterClaim(hours);
  t.setNow(at);
  const answer = await t.call('POST', '/api/staff/billing/run', {
    token: DEFAULT_STAFF_TOKEN,
    body: { as_of: toIsoDate(at) },
  });
  expect(answer.status, answer.text).toBe(200);
}

/** The console's held seats of 12U Tigers, as a registrar reads them now. */
async function heldUntilListed(): Promise<(string | null)[]> {
  const listed = await t.call('GET', `/api/admin/teams/${(await tigers()).id}/holds`, {
    token: await staffTokenFor(t.db, STAFF.registrar, t.deps.now()),
  });
  expect(listed.status, listed.text).toBe(200);
  return (listed.body as { holds: { held_until: string | null }[] }).holds.map((hold) => hold.held_until);
}

const reminders = () =>
  t.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Finish registering%')).orderBy(asc(mailOutbox.id));

const offers = () =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, TAYLOR), like(mailOutbox.subject, 'A spot opened on%')));

describe('a request for financial assistance keeps the seat held (issue 34 point 1)', () => {
  it('while it waits: past the claim’s 96 hours the seat is kept, listed and reminded with no date', async () => {
    await samClaimsTheLastSeat();
    await samAsksForHelp();

    await runAt(25);
    const [first] = await reminders();
    expect(first?.text).toContain(
      'Your spot on 12U Tigers is held while your request for financial assistance is decided.',
    );
    expect(first?.text).not.toContain('is held until');

    await runAt(100);
    expect(await samHolds()).toBe(true);
    expect(await t.db.select().from(seatReleases)).toEqual([]);
    expect(await offers()).toEqual([]);
    expect(await heldUntilListed()).toEqual([null]);

    await runAt(400);
    expect(await samHolds()).toBe(true);
    expect(await heldUntilListed()).toEqual([null]);
  });

  for (const decision of ['approve', 'decline'] as const) {
    it(`${decision}d 50 hours after the claim: held until the decision + 96 h, then released and offered`, async () => {
      await samClaimsTheLastSeat();
      const requestId = await samAsksForHelp();
      const releaseAt = hoursAfterClaim(50 + 96);

      await runAt(25); // the first reminder, while the request waits
      await decide(requestId, 50, decision);
      expect(await heldUntilListed()).toEqual([releaseAt.toISOString()]);

      await runAt(73); // the second reminder names the release moment
      const sent = await reminders();
      expect(sent).toHaveLength(2);
      expect(sent[1]?.text).toContain(`Your spot on 12U Tigers is held until ${formatHoldEndUtc(releaseAt)}.`);

      // The claim's own 96 hours are over; the decision's are not.
      await runAt(100);
      expect(await samHolds()).toBe(true);
      await runAt(50 + 95);
      expect(await samHolds()).toBe(true);
      expect(await offers()).toEqual([]);
      expect(await t.db.select().from(waitlistOffers)).toEqual([]);
      expect(await heldUntilListed()).toEqual([releaseAt.toISOString()]);

      await runAt(50 + 97);
      expect(await samHolds()).toBe(false);
      expect(await t.db.select().from(seatReleases)).toMatchObject([
        { userId: await userId(t.db, 'samrivera'), reason: 'expired' },
      ]);
      expect(await offers()).toHaveLength(1);
      expect(await t.db.select().from(waitlistOffers)).toHaveLength(1);
      expect(await seatsLeft()).toBe(0); // the offer holds the seat
      expect(await heldUntilListed()).toEqual([]);
    });
  }

  it('a request decided at the very end of the claim’s hold is released at the decision + 96 h, not before', async () => {
    await samClaimsTheLastSeat();
    const requestId = await samAsksForHelp();
    await decide(requestId, 95, 'decline');
    await runAt(97);
    expect(await samHolds()).toBe(true);
    await runAt(95 + 95);
    expect(await samHolds()).toBe(true);
    await runAt(95 + 96);
    expect(await samHolds()).toBe(false);
    expect(await offers()).toHaveLength(1);
  });
});

describe('holdEnd, the one rule', () => {
  const decidedAt = hoursAfterClaim(50);
  it('the claim’s 96 hours without a request; none while one waits; decision + 96 h, or the claim’s if later', () => {
    expect(holdEnd(CLAIMED_AT, null)).toEqual({ kind: 'until', at: new Date(CLAIMED_AT.getTime() + HOLD_MS) });
    expect(holdEnd(CLAIMED_AT, { status: 'pending', decidedAt: null })).toEqual({ kind: 'decision' });
    for (const status of ['approved', 'declined'] as const) {
      expect(holdEnd(CLAIMED_AT, { status, decidedAt })).toEqual({ kind: 'until', at: hoursAfterClaim(146) });
      // A claim made again after the decision (released, then re-claimed): its own 96 hours.
      const reclaimed = hoursAfterClaim(200);
      expect(holdEnd(reclaimed, { status, decidedAt })).toEqual({
        kind: 'until',
        at: new Date(reclaimed.getTime() + HOLD_MS),
      });
    }
    const end = holdEnd(CLAIMED_AT, { status: 'approved', decidedAt });
    expect(holdEnded(end, hoursAfterClaim(145.99))).toBe(false);
    expect(holdEnded(end, hoursAfterClaim(146))).toBe(true);
    expect(holdEnded({ kind: 'decision' }, hoursAfterClaim(10_000))).toBe(false);
  });
});

describe("the reminder's held line in Spanish", () => {
  it('says the spot is held while the request is decided, with no date', () => {
    const mail = registrationReminderMail({
      to: 'pat@example.com',
      name: 'Pat',
      athleteName: 'Sam',
      teamName: '12U Tigers',
      seasonName: null,
      link: 'http://localhost/continue?license=TIGERS-2027',
      second: false,
      heldUntil: null,
      heldWhileAssistanceDecided: true,
      locale: 'es',
    });
    expect(mail.text).toContain(
      'Tu lugar en 12U Tigers está reservado mientras se decide tu solicitud de ayuda económica.',
    );
    expect(mail.text).not.toContain('reservado hasta');
  });
});
