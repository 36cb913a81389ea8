import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { membershipPhases } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { addMembership, type PhaseSpec, tigersTeam } from '../test/admin-money-fixtures.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * The console's 'Billing' page (issue 33 point 4): GET /api/admin/organizations/{id}/billing?date= and its CSV. One
 * day's instalments: collected, declined at least once, waiting for a retry, failed for good, not charged yet.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-12-01T18:00:00Z'));
});
afterEach(() => t.close());

const DAY = '2026-12-01';
const phase = (status: PhaseSpec['status'], dueOn = DAY, amountCents = 10000): PhaseSpec => ({
  amountCents,
  status,
  dueOn,
});

interface Figure {
  count: number;
  amount_cents: number;
}
interface BillingDay {
  date: string;
  due: Figure;
  collected: Figure;
  declined: Figure;
  retrying: Figure;
  failed: Figure;
  scheduled: Figure;
  failures: { membership_id: number; athlete: { name: string }; status: string; next_attempt_on: string | null }[];
}

async function seedDay() {
  const { team, licence } = await tigersTeam(t.db);
  const base = { teamId: team.id, seasonId: team.seasonId, licenceId: licence?.id ?? null };
  const first = phase('paid', '2026-09-01', 20000);
  await addMembership(t.db, { ...base, athlete: 'Avery Collected', phases: [first, phase('paid')] });
  const retrying = await addMembership(t.db, {
    ...base,
    athlete: 'Blake Retrying',
    phases: [first, phase('failed')],
    card: 'decline',
  });
  const overdue = await addMembership(t.db, { ...base, athlete: 'Casey Overdue', phases: [first, phase('overdue')] });
  await addMembership(t.db, { ...base, athlete: 'Devon Later', phases: [first, phase('scheduled')] });
  const cancelled = await addMembership(t.db, {
    ...base,
    athlete: 'Emery Cancelled',
    phases: [first, phase('scheduled')],
  });
  await t.db
    .update(membershipPhases)
    .set({ status: 'cancelled', nextAttemptOn: null })
    .where(and(eq(membershipPhases.membershipId, cancelled.membership.id), eq(membershipPhases.seq, 1)));
  await addMembership(t.db, { ...base, athlete: 'Frankie Other Day', phases: [first, phase('failed', '2026-11-01')] });
  return { team, retrying, overdue };
}

const registrar = () => staffTokenFor(t.db, STAFF.registrar);

describe('GET /api/admin/organizations/{id}/billing', () => {
  it("counts one day's instalments by outcome and lists each failed one with its membership", async () => {
    const { team, retrying, overdue } = await seedDay();
    const answer = await t.call('GET', `/api/admin/organizations/${team.organizationId}/billing?date=${DAY}`, {
      token: await registrar(),
    });
    expect(answer.status, answer.text).toBe(200);
    const day = answer.body as BillingDay;
    expect(day.date).toBe(DAY);
    expect(day.due).toEqual({ count: 4, amount_cents: 40000 });
    expect(day.collected).toEqual({ count: 1, amount_cents: 10000 });
    expect(day.declined).toEqual({ count: 2, amount_cents: 20000 });
    expect(day.retrying).toEqual({ count: 1, amount_cents: 10000 });
    expect(day.failed).toEqual({ count: 1, amount_cents: 10000 });
    expect(day.scheduled).toEqual({ count: 1, amount_cents: 10000 });
    expect(day.failures.map((row) => [row.athlete.name, row.status, row.membership_id])).toEqual([
      ['Blake Retrying', 'retrying', retrying.membership.id],
      ['Casey Overdue', 'failed', overdue.membership.id],
    ]);
    expect(day.failures[0]?.next_attempt_on).toBe('2026-12-02');

    // Today by default (the server's clock).
    const today = await t.call('GET', `/api/admin/organizations/${team.organizationId}/billing`, {
      token: await registrar(),
    });
    expect((today.body as BillingDay).due.count).toBe(4);
  });

  it('exports the day as CSV, one row per instalment due, formulas defused', async () => {
    const { team } = await seedDay();
    const answer = await t.call('GET', `/api/admin/organizations/${team.organizationId}/billing.csv?date=${DAY}`, {
      token: await registrar(),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="northside-youth-baseball-billing-${DAY}.csv"`,
    );
    const lines = answer.text.trim().split('\r\n');
    expect(lines[0]).toBe('membership_id,athlete,team,due_on,amount,outcome,attempts,failure_message,next_attempt_on');
    expect(lines).toHaveLength(1 + 5);
    expect(lines.some((line) => line.includes('Blake Retrying') && line.includes(',retrying,'))).toBe(true);
    expect(lines.some((line) => line.includes('Emery Cancelled') && line.includes(',cancelled,'))).toBe(true);
  });

  it('is for owners and registrars of the organization: a coach 403, another organization 404, a bad date 4xx', async () => {
    const { team } = await tigersTeam(t.db);
    const path = `/api/admin/organizations/${team.organizationId}/billing`;
    expectError(await t.call('GET', path, { token: await staffTokenFor(t.db, STAFF.coach) }), 403);
    expectError(await t.call('GET', path, { token: await staffTokenFor(t.db, STAFF.otherOwner) }), 404);
    expectError(await t.call('GET', `${path}.csv`, { token: await staffTokenFor(t.db, STAFF.coach) }), 403);
    for (const bad of ['2026-02-30', '2026-13-01', 'yesterday', '20261201', `${'9'.repeat(30)}`]) {
      const answer = await t.call('GET', `${path}?date=${bad}`, { token: await registrar() });
      expect(answer.status, bad).toBeGreaterThanOrEqual(400);
      expect(answer.status, bad).toBeLessThan(500);
    }
  });

  it("pings the organization's billing channel (no data) when a run charges its instalments", async () => {
    const { team, licence } = await tigersTeam(t.db);
    await addMembership(t.db, {
      teamId: team.id,
      seasonId: team.seasonId,
      licenceId: licence?.id ?? null,
      athlete: 'Gale Due Today',
      phases: [phase('paid', '2026-09-01', 20000), phase('scheduled')],
      card: 'succeed',
    });
    const trigger = vi.spyOn(t.providers.realtime, 'trigger');
    const run = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: DAY } });
    expect(run.status, run.text).toBe(200);
    expect(trigger).toHaveBeenCalledWith(`admin.billing.${team.organizationId}`, 'changed', {});
    const day = await t.call('GET', `/api/admin/organizations/${team.organizationId}/billing?date=${DAY}`, {
      token: await registrar(),
    });
    expect((day.body as BillingDay).collected.count).toBe(1);
  });
});
