import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_STATUSES } from '../../src/domain/membership-figures.ts';
import { runCollector } from '../billing/collector.ts';
import {
  licenceClaims,
  mailOutbox,
  membershipPhases,
  membershipRefunds,
  sandboxRefunds,
  staffAuditLog,
} from '../db/schema/index.ts';
import { receiptMail } from '../mail/billing-mails.ts';
import { csvCell, dollarsText } from '../services/admin-exports.ts';
import { MONEY_TEXTS } from '../services/admin-refunds.ts';
import { addManyMemberships, addMembership, type PhaseSpec, tigersTeam } from '../test/admin-money-fixtures.ts';
import { createTestApp, type TestApp, tokenForUserId } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/** The club console's money (issue 22 points 3, 4 and 5): rosters, a membership's page, refunds, retries, exports. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-11-20T12:00:00Z'));
});
afterEach(() => t.close());

const paidToday = { amountCents: 20000, paidOn: '2026-11-20', card: null };
const withoutLabel = <T extends { logLabel?: string }>({ logLabel: _, ...mail }: T) => mail;
const paid = (amountCents: number, dueOn = '2026-09-01'): PhaseSpec => ({ amountCents, status: 'paid', dueOn });
const open = (status: PhaseSpec['status'], dueOn: string, amountCents = 15000): PhaseSpec => ({
  amountCents,
  status,
  dueOn,
});

interface RosterAnswer {
  memberships: {
    id: number;
    athlete: { name: string };
    status: string;
    paid_cents: number;
    remaining_cents: number;
    next_due: string | null;
    plan: string;
  }[];
  total: number;
  page: number;
  page_size: number;
}

async function fiveStatuses() {
  const { team, licence } = await tigersTeam(t.db);
  const base = { teamId: team.id, seasonId: team.seasonId, licenceId: licence?.id ?? null };
  const paidInFull = await addMembership(t.db, { ...base, athlete: 'Avery Paid', phases: [paid(47500)] });
  const onSchedule = await addMembership(t.db, {
    ...base,
    athlete: 'Blake Schedule',
    phases: [paid(15000), open('scheduled', '2026-12-01'), open('scheduled', '2027-01-01')],
    card: 'succeed',
  });
  const failed = await addMembership(t.db, {
    ...base,
    athlete: 'Casey Failed',
    phases: [paid(15000), open('failed', '2026-11-01'), open('scheduled', '2026-12-01')],
    card: 'decline',
  });
  const overdue = await addMembership(t.db, {
    ...base,
    athlete: 'Devon Overdue',
    phases: [paid(15000), open('overdue', '2026-10-01'), open('scheduled', '2026-12-01')],
    card: 'succeed',
  });
  const refunded = await addMembership(t.db, { ...base, athlete: 'Emery Refunded', phases: [paid(47500)] });
  return { team, licence, paidInFull, onSchedule, failed, overdue, refunded };
}

const registrar = () => staffTokenFor(t.db, STAFF.registrar);

describe('GET /api/admin/teams and the roster', () => {
  it('lists the teams a staff member may see; a coach only theirs', async () => {
    const owner = await t.call('GET', '/api/admin/teams', { token: await staffTokenFor(t.db, STAFF.owner) });
    expect(owner.status).toBe(200);
    const names = (owner.body as { teams: { name: string; organization: { name: string } }[] }).teams;
    expect(names.every((team) => team.organization.name === 'Northside Youth Baseball')).toBe(true);
    expect(names.map((team) => team.name)).toContain('12U Tigers');
    const coach = await t.call('GET', '/api/admin/teams', { token: await staffTokenFor(t.db, STAFF.coach) });
    expect((coach.body as { teams: { name: string }[] }).teams.map((team) => team.name)).toEqual(['12U Tigers']);
  });

  it('computes every status in SQL, filters, searches, sorts and pages', async () => {
    const fixtures = await fiveStatuses();
    const token = await registrar();
    // The refunded one: refunded in full through the API.
    const refund = await t.call('POST', `/api/admin/memberships/${fixtures.refunded.membership.id}/refunds`, {
      token,
      body: { amount_cents: 47500, reason: 'Moved away' },
    });
    expect(refund.status, refund.text).toBe(201);
    const roster = async (query: string) => {
      const result = await t.call('GET', `/api/admin/teams/${fixtures.team.id}/memberships${query}`, { token });
      expect(result.status, result.text).toBe(200);
      return result.body as RosterAnswer;
    };
    const all = await roster('?sort=athlete');
    const byName = Object.fromEntries(all.memberships.map((row) => [row.athlete.name, row]));
    expect(byName['Avery Paid']).toMatchObject({
      status: 'paid',
      paid_cents: 47500,
      remaining_cents: 0,
      next_due: null,
      plan: 'Pay in full',
    });
    expect(byName['Blake Schedule']).toMatchObject({
      status: 'on_schedule',
      paid_cents: 15000,
      remaining_cents: 30000,
      next_due: '2026-12-01',
      plan: '2 monthly payments',
    });
    expect(byName['Casey Failed']).toMatchObject({ status: 'failed', remaining_cents: 30000, next_due: '2026-11-01' });
    expect(byName['Devon Overdue']).toMatchObject({ status: 'overdue', next_due: '2026-10-01' });
    expect(byName['Emery Refunded']).toMatchObject({ status: 'refunded', paid_cents: 0 });
    for (const status of ['paid', 'on_schedule', 'failed', 'overdue', 'refunded']) {
      const filtered = await roster(`?status=${status}`);
      expect(
        filtered.memberships.every((row) => row.status === status),
        status,
      ).toBe(true);
      expect(filtered.total).toBe(filtered.memberships.length);
    }
    expect((await roster('?q=dEVon')).memberships.map((row) => row.athlete.name)).toEqual(['Devon Overdue']);
    expect((await roster('?q=%25')).total).toBe(0);
    const byRemaining = await roster('?sort=remaining&dir=desc');
    expect(byRemaining.memberships[0]?.remaining_cents).toBe(30000);
    expect(all).toMatchObject({ page: 1, page_size: 50 });
    expectError(await t.call('GET', `/api/admin/teams/${fixtures.team.id}/memberships?status=lost`, { token }), 422);
  });

  it('pages 2,000 memberships on the server', async () => {
    const { team } = await tigersTeam(t.db);
    await addManyMemberships(t.db, team.id, team.seasonId, 2000, 'Roster');
    const token = await registrar();
    const started = performance.now();
    const first = await t.call('GET', `/api/admin/teams/${team.id}/memberships?sort=paid&dir=desc`, { token });
    // A figure for docs/api.md's volume note, never an assertion (the machine is shared).
    console.info(`roster page of 2,002 memberships: ${(performance.now() - started).toFixed(0)} ms`);
    const body = first.body as RosterAnswer;
    expect(body.total).toBe(2002);
    expect(body.memberships).toHaveLength(50);
    const last = await t.call('GET', `/api/admin/teams/${team.id}/memberships?page=41`, { token });
    expect((last.body as RosterAnswer).memberships).toHaveLength(2);
    // The page number is read as ids are: other spellings of 41 are refused, never read as page 41 or 1.
    for (const page of ['4.1e1', '0x29', '%2041', '%2B41', '41.0', '0']) {
      const odd = await t.call('GET', `/api/admin/teams/${team.id}/memberships?page=${page}`, { token });
      expectError(odd, 422);
      expect(Object.keys((odd.body as { messages: Record<string, string[]> }).messages)).toEqual(['page']);
    }
    const failed = await t.call('GET', `/api/admin/teams/${team.id}/memberships?status=failed`, { token });
    expect((failed.body as RosterAnswer).total).toBe(Math.ceil(2000 / 7));
  });

  it('pages a roster sorted by a name as when every row is figured: each membership once, the same figures', async () => {
    // Sorted by a name with no status filter, the server orders the names and figures only the page's rows; a status
    // filter figures the whole team first. Both must show the same rows with the same figures.
    const { team } = await tigersTeam(t.db);
    await addManyMemberships(t.db, team.id, team.seasonId, 300, 'Roster');
    const token = await registrar();
    const get = async (query: string) => {
      const answer = await t.call('GET', `/api/admin/teams/${team.id}/memberships${query}`, { token });
      expect(answer.status, answer.text).toBe(200);
      return answer.body as RosterAnswer;
    };
    const byName: RosterAnswer['memberships'] = [];
    for (let page = 1; page <= 7; page += 1) {
      const answer = await get(`?sort=athlete&dir=desc&page=${page}`);
      expect(answer.total).toBe(302);
      byName.push(...answer.memberships);
    }
    expect(new Set(byName.map((row) => row.id)).size).toBe(302);
    const names = byName.map((row) => row.athlete.name.toLowerCase());
    expect(names.every((name, index) => index === 0 || (names[index - 1] ?? '') >= name)).toBe(true);
    const figured = new Map(byName.map((row) => [row.id, row]));
    for (const status of MEMBERSHIP_STATUSES) {
      const filtered = await get(`?status=${status}&sort=athlete&dir=desc`);
      expect(filtered.total, status).toBe(byName.filter((row) => row.status === status).length);
      for (const row of filtered.memberships) expect(row, status).toEqual(figured.get(row.id));
    }
  });
});

describe("the roster's plans in the request's language (issue 31)", () => {
  it('names each plan in Spanish on the roster, the membership page and the CSV; English as ever', async () => {
    const { team, paidInFull, onSchedule } = await fiveStatuses();
    const token = await registrar();
    const spanish = { token, headers: { 'Accept-Language': 'es-US,es;q=0.9,en;q=0.5' } };
    const plans = async (options: { token: string; headers?: Record<string, string> }) => {
      const result = await t.call('GET', `/api/admin/teams/${team.id}/memberships?sort=athlete`, options);
      expect(result.status, result.text).toBe(200);
      return Object.fromEntries((result.body as RosterAnswer).memberships.map((row) => [row.athlete.name, row.plan]));
    };
    expect(await plans(spanish)).toMatchObject({
      'Avery Paid': 'Pagar el total',
      'Blake Schedule': '2 pagos mensuales',
    });
    expect(await plans({ token })).toMatchObject({
      'Avery Paid': 'Pay in full',
      'Blake Schedule': '2 monthly payments',
    });
    expect(await plans({ token, headers: { 'Accept-Language': 'fr-FR' } })).toMatchObject({
      'Avery Paid': 'Pay in full',
    });

    const page = await t.call('GET', `/api/admin/memberships/${onSchedule.membership.id}`, spanish);
    expect(page.status, page.text).toBe(200);
    expect((page.body as { membership: { plan: string } }).membership.plan).toBe('2 pagos mensuales');

    const csv = async (options: { token: string; headers?: Record<string, string> }) => {
      const result = await t.call('GET', `/api/admin/teams/${team.id}/memberships.csv`, options);
      expect(result.status, result.text).toBe(200);
      return result.text.trimEnd().split('\r\n');
    };
    const rowOf = (lines: string[], id: number) => lines.find((line) => line.startsWith(`${id},`));
    const spanishLines = await csv(spanish);
    // Issue 32 point 3: the waiver columns end the header (empty for memberships without a signed waiver).
    expect(spanishLines[0]).toBe(
      'membership_id,athlete,guardian,guardian_email,plan,paid,remaining,next_due,status,' +
        'waiver_version,waiver_agreed_at,waiver_agreed_by',
    );
    expect(rowOf(spanishLines, paidInFull.membership.id)).toMatch(/,Pagar el total,475\.00,0\.00,,paid,,,$/);
    expect(rowOf(spanishLines, onSchedule.membership.id)).toMatch(/,2 pagos mensuales,150\.00,300\.00,2026-12-01,/);
    const englishLines = await csv({ token });
    expect(rowOf(englishLines, paidInFull.membership.id)).toMatch(/,Pay in full,475\.00,0\.00,,paid,,,$/);
    expect(rowOf(englishLines, onSchedule.membership.id)).toMatch(/,2 monthly payments,150\.00,300\.00,2026-12-01,/);
  });

  it("labels the membership page's payments in the request's language; English as ever", async () => {
    const { paidInFull, onSchedule } = await fiveStatuses();
    const token = await registrar();
    const spanish = { 'Accept-Language': 'es-US,es;q=0.9,en;q=0.5' };
    const labels = async (membershipId: number, headers?: Record<string, string>) => {
      const page = await t.call('GET', `/api/admin/memberships/${membershipId}`, {
        token,
        ...(headers && { headers }),
      });
      expect(page.status, page.text).toBe(200);
      return (page.body as { membership: { phases: { label: string }[] } }).membership.phases.map((p) => p.label);
    };
    expect(await labels(paidInFull.membership.id)).toEqual(['Payment in full']);
    expect(await labels(onSchedule.membership.id)).toEqual(['First payment', 'Instalment 1 of 2', 'Instalment 2 of 2']);
    expect(await labels(paidInFull.membership.id, spanish)).toEqual(['Pago del total']);
    expect(await labels(onSchedule.membership.id, spanish)).toEqual(['Pago inicial', 'Pago 1 de 2', 'Pago 2 de 2']);
    expect(await labels(onSchedule.membership.id, { 'Accept-Language': 'fr-FR' })).toEqual([
      'First payment',
      'Instalment 1 of 2',
      'Instalment 2 of 2',
    ]);
  });
});

describe('refunds', () => {
  it('refunds part of a payment through the sandbox, once per idempotency key, and e-mails the family', async () => {
    const { onSchedule } = await fiveStatuses();
    const token = await registrar();
    const send = () =>
      t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/refunds`, {
        token,
        headers: { 'Idempotency-Key': 'half-1' },
        body: { amount_cents: 7500, reason: 'Missed half the season' },
      });
    const [one, two] = await Promise.all([send(), send()]);
    expect(one.status, one.text).toBe(201);
    expect(two.status, two.text).toBe(201);
    expect((one.body as { refund: { id: number } }).refund.id).toBe((two.body as { refund: { id: number } }).refund.id);
    const again = await send();
    expect(again.status).toBe(201);
    expect(
      await t.db.select().from(membershipRefunds).where(eq(membershipRefunds.membershipId, onSchedule.membership.id)),
    ).toHaveLength(1);
    expect(await t.db.select().from(sandboxRefunds)).toHaveLength(1);
    const page = (
      again.body as {
        membership: {
          paid_cents: number;
          phases: { refunded_cents: number }[];
          audit: { action: string; reason: string }[];
        };
      }
    ).membership;
    expect(page.paid_cents).toBe(7500);
    expect(page.phases[0]?.refunded_cents).toBe(7500);
    expect(page.audit).toMatchObject([{ action: 'refund', reason: 'Missed half the season' }]);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Your refund from Northside Youth Baseball'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('$75.00');
    // What is left: 75.00; more is refused on amount_cents.
    const tooMuch = await t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/refunds`, {
      token,
      body: { amount_cents: 7501, reason: 'Too much' },
    });
    expectError(tooMuch, 422);
    expect((tooMuch.body as { messages: Record<string, string[]> }).messages.amount_cents).toEqual([
      MONEY_TEXTS.tooMuch,
    ]);
    // Issue 22 point 4: the family's /payments (GET /api/memberships) shows the refund, per phase and in all.
    const family = await t.call('GET', '/api/memberships', {
      token: await tokenForUserId(t.db, onSchedule.athlete.id),
    });
    expect(family.status, family.text).toBe(200);
    const [listed] = (
      family.body as { memberships: { id: number; refunded_cents: number; phases: { refunded_cents: number }[] }[] }
    ).memberships;
    expect(listed?.id).toBe(onSchedule.membership.id);
    expect(listed?.refunded_cents).toBe(7500);
    expect(listed?.phases.map((phase) => phase.refunded_cents)).toEqual(page.phases.map((p) => p.refunded_cents));
    // The site's form schema (src/domain/forms/admin-refund.ts) judges the body: its texts, by field.
    const blank = await t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/refunds`, {
      token,
      body: { amount_cents: 0, reason: ' ' },
    });
    expectError(blank, 422);
    expect((blank.body as { messages: Record<string, string[]> }).messages).toEqual({
      amount_cents: ['Enter an amount of at least $0.01.'],
      reason: ['Enter the reason for the refund.'],
    });
  });

  it('the processor unreachable: 502, nothing refunded; the same refund sent again goes through, once', async () => {
    const { onSchedule } = await fiveStatuses();
    const token = await registrar();
    const send = () =>
      t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/refunds`, {
        token,
        headers: { 'Idempotency-Key': 'outage-1' },
        body: { amount_cents: 2500, reason: 'Rained out' },
      });
    const payments = t.providers.payments;
    const refundAmount = payments.refundAmount.bind(payments);
    const spy = vi.spyOn(payments, 'refundAmount').mockRejectedValueOnce(new Error('ECONNRESET'));
    const down = await send();
    expectError(down, 502, MONEY_TEXTS.providerDown);
    expect(await t.db.select().from(sandboxRefunds)).toHaveLength(0);
    spy.mockImplementation(refundAmount);
    const again = await send();
    expect(again.status, again.text).toBe(201);
    expect(await send()).toMatchObject({ status: 201 });
    expect(await t.db.select().from(sandboxRefunds)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(membershipRefunds)
      .where(eq(membershipRefunds.membershipId, onSchedule.membership.id));
    expect(rows.map((row) => [row.amountCents, row.status])).toEqual([[2500, 'succeeded']]);
    spy.mockRestore();
  });

  it('an idempotency key sent again with another amount, reason or charge is refused, not answered with the first refund', async () => {
    const { onSchedule } = await fiveStatuses();
    const token = await registrar();
    const send = (body: Record<string, unknown>) =>
      t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/refunds`, {
        token,
        headers: { 'Idempotency-Key': 'reused' },
        body,
      });
    const first = await send({ amount_cents: 1000, reason: 'Missed a tournament' });
    expect(first.status, first.text).toBe(201);
    for (const body of [
      { amount_cents: 5000, reason: 'Missed a tournament' },
      { amount_cents: 1000, reason: 'Another reason' },
      { amount_cents: 1000, reason: 'Missed a tournament', payment_id: 'pi_of_another_charge' },
    ]) {
      const reused = expectError(await send(body), 422);
      expect(reused.message).toBe(MONEY_TEXTS.keyReused);
      expect(reused.messages).toEqual({ 'idempotency-key': [MONEY_TEXTS.keyReused] });
    }
    // The same request again (the reason as typed, spaces trimmed by the form's schema) is still the first refund.
    const again = await send({ amount_cents: 1000, reason: ' Missed a tournament ' });
    expect(again.status, again.text).toBe(201);
    expect((again.body as { refund: { id: number } }).refund.id).toBe(
      (first.body as { refund: { id: number } }).refund.id,
    );
    expect(
      await t.db.select().from(membershipRefunds).where(eq(membershipRefunds.membershipId, onSchedule.membership.id)),
    ).toHaveLength(1);
    expect(await t.db.select().from(sandboxRefunds)).toHaveLength(1);
  });

  it("a membership's page lists the e-mails tagged with it, not the family's mail from another organization", async () => {
    const { onSchedule } = await fiveStatuses();
    const to = onSchedule.athlete.email;
    if (to === null) throw new Error('the fixture athlete has an e-mail address');
    const refund = await t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/refunds`, {
      token: await registrar(),
      body: { amount_cents: 500, reason: 'Missed a game' },
    });
    expect(refund.status, refund.text).toBe(201);
    // Northside's own receipt for the Tigers, then what the same address receives from elsewhere afterwards:
    // Lakeside's receipt for its team, Lakeside's staff invitation (through the API), a password reset.
    const payments = { planName: 'Pay in full', paymentsLink: 'http://localhost/payments', name: null };
    const own = receiptMail({ ...payments, to, teamName: '12U Tigers', seasonName: 'Spring 2027' }, paidToday, []);
    const lakeside = receiptMail({ ...payments, to, teamName: '10U Waves', seasonName: 'Spring 2027' }, paidToday, []);
    // Each tagged with its membership (another organization's has another id), as the billing code sends them.
    const lakesideMembershipId = onSchedule.membership.id + 1000;
    await t.db.insert(mailOutbox).values([
      { ...withoutLabel(own), membershipIds: [onSchedule.membership.id] },
      { ...withoutLabel(lakeside), membershipIds: [lakesideMembershipId] },
    ]);
    const invite = await t.call('POST', '/api/admin/organizations/2/invites', {
      token: await staffTokenFor(t.db, STAFF.otherOwner),
      body: { email: to, name: 'Blake', role: 'registrar' },
    });
    expect(invite.status, invite.text).toBe(201);
    await t.db.insert(mailOutbox).values({ to, subject: 'Reset your password', text: 'Reset it here.', html: '' });

    const page = await t.call('GET', `/api/admin/memberships/${onSchedule.membership.id}`, {
      token: await registrar(),
    });
    expect(page.status, page.text).toBe(200);
    const subjects = (page.body as { membership: { emails: { subject: string }[] } }).membership.emails.map(
      (mail) => mail.subject,
    );
    expect(subjects).toEqual([own.subject, 'Your refund from Northside Youth Baseball']);
    expect(page.text).not.toContain('Lakeside');
    expect(page.text).not.toContain('10U Waves');
  });

  it('two concurrent refunds never exceed what is left', async () => {
    const { paidInFull } = await fiveStatuses();
    const token = await registrar();
    const refund = (key: string) =>
      t.call('POST', `/api/admin/memberships/${paidInFull.membership.id}/refunds`, {
        token,
        headers: { 'Idempotency-Key': key },
        body: { amount_cents: 30000, reason: 'Concurrent' },
      });
    const results = await Promise.all([refund('a'), refund('b')]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 422]);
    const [sum] = await t.db.select().from(sandboxRefunds);
    expect(sum?.amountCents).toBe(30000);
  });

  it('a full refund and a cancelled schedule release the seat', async () => {
    const { paidInFull, licence } = await fiveStatuses();
    if (!licence) throw new Error('no licence');
    await t.db.insert(licenceClaims).values({ licenceId: licence.id, userId: paidInFull.athlete.id });
    const token = await registrar();
    const id = paidInFull.membership.id;
    expect(
      (
        await t.call('POST', `/api/admin/memberships/${id}/refunds`, {
          token,
          body: { amount_cents: 47500, reason: 'Injury' },
        })
      ).status,
    ).toBe(201);
    const claim = () =>
      t.db
        .select()
        .from(licenceClaims)
        .where(and(eq(licenceClaims.userId, paidInFull.athlete.id)));
    expect(await claim()).toHaveLength(1);
    const cancel = await t.call('POST', `/api/admin/memberships/${id}/cancel`, { token, body: { reason: 'Injury' } });
    expect(cancel.status, cancel.text).toBe(200);
    expect(await claim()).toHaveLength(0);
    expect((cancel.body as { membership: { status: string } }).membership.status).toBe('refunded');
  });

  it('a coach may not refund; another organization finds nothing', async () => {
    const { paidInFull } = await fiveStatuses();
    const path = `/api/admin/memberships/${paidInFull.membership.id}/refunds`;
    const body = { amount_cents: 100, reason: 'No' };
    expectError(await t.call('POST', path, { token: await staffTokenFor(t.db, STAFF.coach), body }), 403);
    expectError(
      await t.call('POST', path, { token: await staffTokenFor(t.db, STAFF.otherOwner), body }),
      404,
      'Membership not found.',
    );
  });
});

describe('retry, offline, cancel, audit', () => {
  it('retries an overdue instalment now, once', async () => {
    const { overdue } = await fiveStatuses();
    const token = await registrar();
    const [phase] = await t.db
      .select()
      .from(membershipPhases)
      .where(and(eq(membershipPhases.membershipId, overdue.membership.id), eq(membershipPhases.status, 'overdue')));
    const path = `/api/admin/memberships/${overdue.membership.id}/phases/${phase!.id}/retry`;
    const first = await t.call('POST', path, { token });
    expect(first.status, first.text).toBe(200);
    const second = await t.call('POST', path, { token });
    expect(second.status).toBe(200);
    const page = (
      second.body as {
        membership: { status: string; phases: { id: number; status: string }[]; audit: { action: string }[] };
      }
    ).membership;
    expect(page.phases.find((p) => p.id === phase!.id)?.status).toBe('paid');
    expect(page.status).toBe('on_schedule');
    expect(page.audit.map((entry) => entry.action)).toEqual(['retry']);
    // The charge's receipt is tagged with the membership: its page lists it.
    const shown = await t.call('GET', `/api/admin/memberships/${overdue.membership.id}`, { token });
    const emails = (shown.body as { membership: { emails: { subject: string }[] } }).membership.emails;
    expect(emails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/receipt/i)]);
  });

  it('a declined retry of a failed instalment stays failed and is audited', async () => {
    const { failed } = await fiveStatuses();
    const token = await registrar();
    const [phase] = await t.db
      .select()
      .from(membershipPhases)
      .where(and(eq(membershipPhases.membershipId, failed.membership.id), eq(membershipPhases.status, 'failed')));
    const result = await t.call('POST', `/api/admin/memberships/${failed.membership.id}/phases/${phase!.id}/retry`, {
      token,
    });
    expect(result.status, result.text).toBe(200);
    const page = (result.body as { membership: { status: string; audit: { after: { status: string } }[] } }).membership;
    expect(page.status).toBe('failed');
    expect(page.audit[0]?.after.status).toBe('failed');
    // The failure notice (to each guardian) is tagged with the membership: its page lists it.
    const emails = (result.body as { membership: { emails: { subject: string }[] } }).membership.emails;
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((mail) => /fail/i.test(mail.subject))).toBe(true);
  });

  it('marks an instalment paid offline once, and cancels the rest: the collector charges no more', async () => {
    const { onSchedule } = await fiveStatuses();
    const token = await registrar();
    const phases = await t.db
      .select()
      .from(membershipPhases)
      .where(eq(membershipPhases.membershipId, onSchedule.membership.id));
    const second = phases.find((p) => p.seq === 1)!;
    const path = `/api/admin/memberships/${onSchedule.membership.id}/phases/${second.id}/offline`;
    // Without a note, or with one that is not text: the field's own text, in the request's language.
    for (const bad of [{ method: 'cash' }, { method: 'cash', note: 5 }]) {
      const refused = expectError(await t.call('POST', path, { token, body: bad }), 422);
      expect(refused.messages).toEqual({ note: ['Write the note as text, or leave it empty.'] });
    }
    const spanish = expectError(
      await t.call('POST', path, { token, body: { method: 'cash' }, headers: { 'Accept-Language': 'es' } }),
      422,
    );
    expect(spanish.messages).toEqual({ note: ['Escribe la nota como texto o déjala vacía.'] });
    const body = { method: 'cheque', note: 'Cheque #104' };
    expect((await t.call('POST', path, { token, body })).status).toBe(200);
    const again = await t.call('POST', path, { token, body });
    expect(again.status).toBe(200);
    const page = (
      again.body as { membership: { paid_cents: number; phases: { id: number; offline: unknown }[]; audit: unknown[] } }
    ).membership;
    expect(page.paid_cents).toBe(30000);
    expect(page.phases.find((p) => p.id === second.id)?.offline).toEqual({ method: 'cheque', note: 'Cheque #104' });
    expect(page.audit).toHaveLength(1);
    const cancel = await t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/cancel`, {
      token,
      body: { reason: 'Left the club' },
    });
    expect(cancel.status).toBe(200);
    await runCollector(t.deps, '2027-02-01');
    const after = await t.db
      .select()
      .from(membershipPhases)
      .where(eq(membershipPhases.membershipId, onSchedule.membership.id));
    expect(after.find((p) => p.seq === 2)).toMatchObject({ status: 'cancelled', attempts: 0, paidAt: null });
  });

  it('the audit log is append-only', async () => {
    const { onSchedule } = await fiveStatuses();
    await t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/cancel`, {
      token: await registrar(),
      body: { reason: 'x' },
    });
    expect(await t.db.select().from(staffAuditLog)).toHaveLength(1);
    await expect(t.db.update(staffAuditLog).set({ action: 'changed' })).rejects.toThrow();
    await expect(t.db.delete(staffAuditLog)).rejects.toThrow();
  });
});

describe('exports', () => {
  it('escapes formula-looking cells and writes dollars with two decimals', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1`).startsWith(`'`) || csvCell(`${start}1`).startsWith(`"'`)).toBe(true);
    // After spaces a spreadsheet may trim (no-break space too), still a formula: escaped; a plain name is not.
    expect(csvCell(' =1+1')).toBe(`' =1+1`);
    expect(csvCell('\u00a0@SUM(A1)')).toBe(`'\u00a0@SUM(A1)`);
    expect(csvCell(' Avery')).toBe(' Avery');
    expect(csvCell('Avery, Jr.')).toBe('"Avery, Jr."');
    expect(dollarsText(47500)).toBe('475.00');
    expect(dollarsText(5)).toBe('0.05');
  });

  it('streams the roster and the payments as CSV', async () => {
    const { team, onSchedule } = await fiveStatuses();
    const { licence } = await tigersTeam(t.db);
    await addMembership(t.db, {
      teamId: team.id,
      seasonId: team.seasonId,
      licenceId: licence?.id ?? null,
      athlete: '=cmd|calc',
      phases: [paid(100)],
    });
    const token = await registrar();
    await t.call('POST', `/api/admin/memberships/${onSchedule.membership.id}/refunds`, {
      token,
      body: { amount_cents: 2550, reason: '@half' },
    });
    const roster = await t.call('GET', `/api/admin/teams/${team.id}/memberships.csv`, { token });
    expect(roster.status).toBe(200);
    expect(roster.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(roster.headers.get('content-disposition')).toBe('attachment; filename="12u-tigers-roster-2026-11-20.csv"');
    const lines = roster.text.trimEnd().split('\r\n');
    // Issue 32 point 3: the waiver columns end the header (empty for memberships without a signed waiver).
    expect(lines[0]).toBe(
      'membership_id,athlete,guardian,guardian_email,plan,paid,remaining,next_due,status,' +
        'waiver_version,waiver_agreed_at,waiver_agreed_by',
    );
    expect(lines).toHaveLength(1 + 2 + 6);
    expect(roster.text).toContain(`,'=cmd|calc,`);
    expect(lines.find((line) => line.includes('Blake Schedule'))).toMatch(
      /,124\.50,300\.00,2026-12-01,on_schedule,,,$/,
    );
    const payments = await t.call('GET', `/api/admin/teams/${team.id}/payments.csv`, { token });
    expect(payments.status).toBe(200);
    expect(payments.text.split('\r\n')[0]).toBe('date,type,membership_id,athlete,amount,payment_id,method,note');
    expect(payments.text).toMatch(/,refund,\d+,Blake Schedule,25\.50,pi_\w+,card,'@half\r\n/);
    expectError(
      await t.call('GET', `/api/admin/teams/${team.id}/payments.csv`, {
        token: await staffTokenFor(t.db, STAFF.coach),
      }),
      403,
    );
  });

  it('exports 10,000 memberships', async () => {
    const { team } = await tigersTeam(t.db);
    await addManyMemberships(t.db, team.id, team.seasonId, 10_000, 'Export');
    const started = performance.now();
    const result = await t.call('GET', `/api/admin/teams/${team.id}/memberships.csv`, { token: await registrar() });
    console.info(`roster CSV of 10,002 memberships: ${(performance.now() - started).toFixed(0)} ms`);
    expect(result.status).toBe(200);
    expect(result.text.trimEnd().split('\r\n')).toHaveLength(1 + 2 + 10_000);
  }, 60_000);
});
