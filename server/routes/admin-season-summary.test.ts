import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMembership, type PhaseSpec, tigersTeam } from '../test/admin-money-fixtures.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * The season's picture on the console's home (issue 33 point 4): GET /api/admin/organizations/{id}/season-summary.
 * Every figure is a sum of the one meaning of paid; the months add up to the club's collected and still due.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-11-20T12:00:00Z'));
});
afterEach(() => t.close());

interface Totals {
  registered: number;
  paid_in_full: number;
  on_plan: number;
  owing: number;
  cancelled: number;
  held: number;
  collected_cents: number;
  refunded_cents: number;
  due_cents: number;
  failed: number;
  overdue: number;
}
interface Summary {
  organization: { id: number; name: string };
  season: { id: number; name: string } | null;
  seasons: { id: number; name: string }[];
  club: Totals;
  teams: (Totals & { id: number; name: string })[];
  months: { month: string; collected_cents: number; due_cents: number }[];
  documents_to_verify: number;
}

const paid = (amountCents: number, dueOn = '2026-09-01'): PhaseSpec => ({ amountCents, status: 'paid', dueOn });
const open = (status: PhaseSpec['status'], dueOn: string, amountCents = 15000): PhaseSpec => ({
  amountCents,
  status,
  dueOn,
});

async function summaryOf(organizationId: number, seasonId?: number, token?: string) {
  const query = seasonId === undefined ? '' : `?season_id=${seasonId}`;
  const answer = await t.call('GET', `/api/admin/organizations/${organizationId}/season-summary${query}`, {
    token: token ?? (await staffTokenFor(t.db, STAFF.registrar)),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Summary;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function expectMonthsAddUp(summary: Summary) {
  expect(sum(summary.months.map((month) => month.collected_cents))).toBe(summary.club.collected_cents);
  expect(sum(summary.months.map((month) => month.due_cents))).toBe(summary.club.due_cents);
  for (const key of ['registered', 'paid_in_full', 'collected_cents', 'due_cents', 'refunded_cents'] as const) {
    expect(sum(summary.teams.map((team) => team[key]))).toBe(summary.club[key]);
  }
}

describe('GET /api/admin/organizations/{id}/season-summary', () => {
  it("adds up the season's memberships per team and for the club, by standing and by month", async () => {
    const { team, licence } = await tigersTeam(t.db);
    const before = await summaryOf(team.organizationId, team.seasonId);
    expect(before.season?.id).toBe(team.seasonId);
    expectMonthsAddUp(before);
    const tigersBefore = before.teams.find((row) => row.id === team.id);
    if (!tigersBefore) throw new Error('12U Tigers is not in the picture');

    const base = { teamId: team.id, seasonId: team.seasonId, licenceId: licence?.id ?? null };
    await addMembership(t.db, { ...base, athlete: 'Avery Paid', phases: [paid(47500, '2026-09-01')] });
    await addMembership(t.db, {
      ...base,
      athlete: 'Blake Schedule',
      phases: [paid(15000, '2026-10-01'), open('scheduled', '2026-12-01'), open('scheduled', '2027-01-01')],
      card: 'succeed',
    });
    await addMembership(t.db, {
      ...base,
      athlete: 'Casey Failed',
      phases: [paid(15000, '2026-10-01'), open('failed', '2026-11-01'), open('scheduled', '2026-12-01')],
      card: 'decline',
    });
    await addMembership(t.db, {
      ...base,
      athlete: 'Devon Overdue',
      phases: [paid(15000, '2026-10-01'), open('overdue', '2026-10-15'), open('scheduled', '2026-12-01')],
      card: 'succeed',
    });
    const refunded = await addMembership(t.db, {
      ...base,
      athlete: 'Emery Refunded',
      phases: [paid(47500, '2026-09-01')],
    });
    const refund = await t.call('POST', `/api/admin/memberships/${refunded.membership.id}/refunds`, {
      token: await staffTokenFor(t.db, STAFF.registrar),
      body: { amount_cents: 47500, reason: 'Moved away' },
    });
    expect(refund.status, refund.text).toBe(201);

    const after = await summaryOf(team.organizationId, team.seasonId);
    expectMonthsAddUp(after);
    const tigers = after.teams.find((row) => row.id === team.id);
    if (!tigers) throw new Error('12U Tigers is not in the picture');
    const delta = (key: keyof Totals) => tigers[key] - tigersBefore[key];
    expect(delta('registered')).toBe(5);
    expect(delta('paid_in_full')).toBe(1);
    expect(delta('on_plan')).toBe(1);
    expect(delta('owing')).toBe(2);
    expect(delta('cancelled')).toBe(1);
    expect(delta('failed')).toBe(1);
    expect(delta('overdue')).toBe(1);
    expect(delta('collected_cents')).toBe(47500 + 15000 * 3);
    expect(delta('refunded_cents')).toBe(47500);
    expect(delta('due_cents')).toBe(15000 * 6);
    const month = (name: string) => after.months.find((row) => row.month === name);
    const monthBefore = (name: string) => before.months.find((row) => row.month === name);
    // The refund went back on Nov 20 (the test's clock): November's collected is lower by it.
    expect((month('2026-11')?.collected_cents ?? 0) - (monthBefore('2026-11')?.collected_cents ?? 0)).toBe(-47500);
    expect((month('2026-09')?.collected_cents ?? 0) - (monthBefore('2026-09')?.collected_cents ?? 0)).toBe(95000);
    expect((month('2027-01')?.due_cents ?? 0) - (monthBefore('2027-01')?.due_cents ?? 0)).toBe(15000);
  });

  it('answers the latest season by default, every season of the organization for the picker', async () => {
    const { team } = await tigersTeam(t.db);
    const summary = await summaryOf(team.organizationId);
    expect(summary.seasons.length).toBeGreaterThan(0);
    expect(summary.season?.id).toBe(summary.seasons[0]?.id);
    expect(summary.organization.id).toBe(team.organizationId);
  });

  it('is for owners and registrars of the organization: a coach 403, another organization 404', async () => {
    const { team } = await tigersTeam(t.db);
    await summaryOf(team.organizationId, undefined, await staffTokenFor(t.db, STAFF.owner));
    const path = `/api/admin/organizations/${team.organizationId}/season-summary`;
    expectError(await t.call('GET', path, { token: await staffTokenFor(t.db, STAFF.coach) }), 403);
    expectError(await t.call('GET', path, { token: await staffTokenFor(t.db, STAFF.otherOwner) }), 404);
  });

  it("refuses another organization's season and malformed ids with a 4xx", async () => {
    const { team } = await tigersTeam(t.db);
    const token = await staffTokenFor(t.db, STAFF.registrar);
    const base = `/api/admin/organizations/${team.organizationId}/season-summary`;
    expectError(await t.call('GET', `${base}?season_id=999999`, { token }), 404, 'Season not found.');
    for (const bad of ['abc', '-1', '0', '1.5', '1e99']) {
      const answer = await t.call('GET', `${base}?season_id=${bad}`, { token });
      expect(answer.status, bad).toBeGreaterThanOrEqual(400);
      expect(answer.status, bad).toBeLessThan(500);
    }
    const other = await t.call('GET', '/api/admin/organizations/abc/season-summary', { token });
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.status).toBeLessThan(500);
  });

  it('reads season_id as a path id: decimal digits only, any other spelling of the id refused with its field', async () => {
    const { team } = await tigersTeam(t.db);
    const token = await staffTokenFor(t.db, STAFF.registrar);
    const base = `/api/admin/organizations/${team.organizationId}/season-summary`;
    const season = team.seasonId;
    expect(await summaryOf(team.organizationId, season)).toMatchObject({ season: { id: season } });
    // Number() reads each of these as the season's id.
    for (const bad of [`${season}e0`, `0x${season.toString(16)}`, `%20${season}`, `${season}.0`, `%2B${season}`]) {
      const body = expectError(await t.call('GET', `${base}?season_id=${bad}`, { token }), 422);
      expect(Object.keys(body.messages), bad).toEqual(['season_id']);
    }
  });
});
