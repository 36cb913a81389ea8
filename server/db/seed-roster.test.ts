import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';
import { membershipPhases, memberships, teams } from './schema/index.ts';
import { STORM_ROSTER, seedConsoleRoster } from './seed-roster.ts';

/** The console's roster fixtures (docs/fixtures.md "Staff"): every roster status on 14U Storm, through the real API. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

interface RosterAnswer {
  memberships: {
    id: number;
    athlete: { name: string };
    guardian: { email: string };
    plan: string;
    paid_cents: number;
    remaining_cents: number;
    status: string;
  }[];
  total: number;
}

async function storm() {
  const [row] = await t.db.select().from(teams).where(eq(teams.name, '14U Storm'));
  if (!row) throw new Error('no 14U Storm');
  return row;
}

async function roster(token: string): Promise<RosterAnswer> {
  const team = await storm();
  const answer = await t.call('GET', `/api/admin/teams/${team.id}/memberships`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as RosterAnswer;
}

describe('seedConsoleRoster', () => {
  it('is not in the default seed: 14U Storm starts empty', async () => {
    const token = await staffTokenFor(t.db, STAFF.registrar);
    expect((await roster(token)).total).toBe(0);
  });

  it('shows each roster status on 14U Storm, once, with the guardians of docs/fixtures.md', async () => {
    expect(await seedConsoleRoster(t.db, new Date())).toBe(true);
    expect(await seedConsoleRoster(t.db, new Date())).toBe(false);
    const token = await staffTokenFor(t.db, STAFF.registrar);
    const answer = await roster(token);
    expect(answer.total).toBe(STORM_ROSTER.length);
    const rows = Object.fromEntries(
      answer.memberships.map((row) => [
        row.athlete.name,
        { status: row.status, email: row.guardian.email, plan: row.plan, paid: row.paid_cents },
      ]),
    );
    expect(rows).toEqual({
      'Avery Stone': { status: 'paid', email: 'dana.stone@example.com', plan: 'Pay in full', paid: 32000 },
      'Blake Moreno': {
        status: 'on_schedule',
        email: 'elena.moreno@example.com',
        plan: expect.any(String),
        paid: 10500,
      },
      'Casey Nguyen': { status: 'failed', email: 'hai.nguyen@example.com', plan: expect.any(String), paid: 10500 },
      'Drew Patel': { status: 'overdue', email: 'priya.patel@example.com', plan: expect.any(String), paid: 10500 },
      'Emery Walsh': {
        status: 'refunded',
        email: 'sean.walsh@example.com',
        plan: 'Pay in full',
        paid: expect.any(Number),
      },
    });
    for (const status of ['paid', 'on_schedule', 'failed', 'overdue', 'refunded']) {
      const team = await storm();
      const filtered = await t.call('GET', `/api/admin/teams/${team.id}/memberships?status=${status}`, { token });
      expect((filtered.body as RosterAnswer).memberships.map((row) => row.status)).toEqual([status]);
    }
  });

  it("retrying Drew Patel's overdue instalment charges his saved card; half his first payment can be refunded", async () => {
    await seedConsoleRoster(t.db, new Date());
    const token = await staffTokenFor(t.db, STAFF.registrar);
    const drew = (await roster(token)).memberships.find((row) => row.athlete.name === 'Drew Patel');
    if (!drew) throw new Error('no Drew Patel');
    const phases = await t.db
      .select()
      .from(membershipPhases)
      .where(eq(membershipPhases.membershipId, drew.id))
      .orderBy(membershipPhases.seq);
    const phase = phases.find((p) => p.status === 'overdue');
    if (!phase) throw new Error('no overdue phase');
    const retry = await t.call('POST', `/api/admin/memberships/${drew.id}/phases/${phase.id}/retry`, { token });
    expect(retry.status, retry.text).toBe(200);
    const page = (retry.body as { membership: { status: string; phases: { id: number; status: string }[] } })
      .membership;
    expect(page.phases.find((p) => p.id === phase.id)?.status).toBe('paid');
    expect(page.status).toBe('on_schedule');

    const refund = await t.call('POST', `/api/admin/memberships/${drew.id}/refunds`, {
      token,
      headers: { 'Idempotency-Key': 'seed-roster-half' },
      body: { amount_cents: 5250, reason: 'Half the first payment', payment_id: phases[0]?.providerChargeId },
    });
    expect(refund.status, refund.text).toBe(201);
    expect((refund.body as { refund: { amount_cents: number } }).refund.amount_cents).toBe(5250);
  });

  it('refuses to run without the default seed (no 14U Storm)', async () => {
    await t.db.update(teams).set({ name: 'Renamed' }).where(eq(teams.name, '14U Storm'));
    const before = await t.db.select().from(memberships);
    await expect(seedConsoleRoster(t.db, new Date())).rejects.toThrow('no 14U Storm');
    expect(await t.db.select().from(memberships)).toHaveLength(before.length);
  });
});
