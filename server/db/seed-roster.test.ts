import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';
import { teams } from './schema/index.ts';
import { seedConsoleRoster } from './seed-roster.ts';

/**
 * The club console's roster fixtures (docs/fixtures.md "Staff", issue 22 points 3-4): one 14U Storm family per roster
 * status, as the console's API reads them, and Drew Patel's overdue instalment charged by a registrar's retry.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

interface Row {
  id: number;
  athlete: { name: string };
  guardian: { email: string };
  plan: string;
  paid_cents: number;
  remaining_cents: number;
  status: string;
}

async function stormRoster(token: string) {
  const [storm] = await t.db.select().from(teams).where(eq(teams.name, '14U Storm'));
  if (!storm) throw new Error('no 14U Storm');
  const answer = await t.call('GET', `/api/admin/teams/${storm.id}/memberships?sort=athlete`, { token });
  expect(answer.status, answer.text).toBe(200);
  const body = answer.body as { memberships: Row[]; total: number };
  return body.memberships;
}

describe('the console roster fixtures', () => {
  it('adds one 14U Storm family per roster status, once', async () => {
    expect(await seedConsoleRoster(t.db, new Date())).toBe(true);
    expect(await seedConsoleRoster(t.db, new Date())).toBe(false);
    const rows = await stormRoster(await staffTokenFor(t.db, STAFF.registrar));
    expect(
      rows.map((row) => [row.athlete.name, row.guardian.email, row.status, row.paid_cents, row.remaining_cents]),
    ).toEqual([
      ['Avery Stone', 'dana.stone@example.com', 'paid', 32000, 0],
      ['Blake Moreno', 'elena.moreno@example.com', 'on_schedule', 10500, 21000],
      ['Casey Nguyen', 'hai.nguyen@example.com', 'failed', 10500, 21000],
      ['Drew Patel', 'priya.patel@example.com', 'overdue', 10500, 21000],
      ['Emery Walsh', 'sean.walsh@example.com', 'refunded', 0, 0],
    ]);
  });

  it("lets a registrar retry Drew Patel's overdue instalment (it is charged) and refund half of his first payment", async () => {
    await seedConsoleRoster(t.db, new Date());
    const token = await staffTokenFor(t.db, STAFF.registrar);
    const drew = (await stormRoster(token)).find((row) => row.athlete.name === 'Drew Patel');
    if (!drew) throw new Error('no Drew Patel');
    const page = await t.call('GET', `/api/admin/memberships/${drew.id}`, { token });
    const phases = (
      page.body as { membership: { phases: { id: number; status: string; payment_id: string | null }[] } }
    ).membership.phases;
    const overdue = phases.find((phase) => phase.status === 'overdue');
    if (!overdue) throw new Error('no overdue phase');
    const retried = await t.call('POST', `/api/admin/memberships/${drew.id}/phases/${overdue.id}/retry`, { token });
    expect(retried.status, retried.text).toBe(200);
    const after = (retried.body as { membership: { status: string; phases: { id: number; status: string }[] } })
      .membership;
    expect(after.phases.find((phase) => phase.id === overdue.id)?.status).toBe('paid');
    expect(after.status).toBe('on_schedule');

    const first = phases[0];
    const refund = await t.call('POST', `/api/admin/memberships/${drew.id}/refunds`, {
      token,
      body: { amount_cents: 5250, reason: 'Half the first month back', payment_id: first?.payment_id },
      headers: { 'Idempotency-Key': 'seed-roster-test-refund' },
    });
    expect(refund.status, refund.text).toBe(201);
  });
});
