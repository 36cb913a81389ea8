import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberships, organizations, teams } from '../db/schema/index.ts';
import { STAFF_TEXTS } from '../services/staff/index.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { approvedAward } from '../test/assistance-awards.ts';
import { expectError } from '../test/expect-error.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 34 in the club console: the award on the membership page (with the other money, never a coach's), and the
 * owner's help paying settings read back as saved.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function tigers() {
  const [row] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
  return row!;
}

/** Sam claims a Tigers licence, asks for `share` %, a registrar approves it, and Sam registers (plan `month`). */
async function samRegisteredWithAward(share: number): Promise<number> {
  const guardian = await t.tokenFor('parent@example.com');
  await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: 'TIGERS-2027' } });
  const sam = await t.tokenFor('samrivera');
  await t.call('POST', '/api/subscribe/claim-license', { token: sam, body: { license_code: 'TIGERS-2027' } });
  const team = await tigers();
  await approvedAward(t, sam, {
    team_id: team.id,
    share_percent: share,
    free_or_reduced_meals: true,
    reason: 'A hard winter.',
  });
  const done = await t.call('POST', '/api/memberships/checkout', {
    token: sam,
    body: { payment_plan_month: 0, team_id: team.id },
  });
  expect(done.status, done.text).toBe(200);
  const [row] = await t.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.teamId, team.id), eq(memberships.userId, await userId(t.db, 'samrivera'))));
  return row!.id;
}

describe("the award on the console's membership page (issue 34 point 3)", () => {
  it("answers the award recorded against the membership to owners and registrars; a coach's roster has no money", async () => {
    const membershipId = await samRegisteredWithAward(100);
    for (const who of [STAFF.owner, STAFF.registrar]) {
      const page = await t.call('GET', `/api/admin/memberships/${membershipId}`, {
        token: await staffTokenFor(t.db, who),
      });
      expect(page.status, page.text).toBe(200);
      expect((page.body as { membership: Record<string, unknown> }).membership).toMatchObject({
        financial_assistance_cents: 45_000,
        paid_cents: 0,
      });
    }
    const coach = await staffTokenFor(t.db, STAFF.coach);
    expectError(
      await t.call('GET', `/api/admin/memberships/${membershipId}`, { token: coach }),
      403,
      STAFF_TEXTS.roleRefused,
    );
    const roster = await t.call('GET', `/api/admin/teams/${(await tigers()).id}/memberships`, { token: coach });
    expect(roster.status, roster.text).toBe(200);
    expect(roster.text).not.toContain('financial_assistance');
  });

  it('has no assistance field on a membership without an award (its answer unchanged)', async () => {
    const [row] = await t.db.select({ id: memberships.id }).from(memberships).limit(1);
    const page = await t.call('GET', `/api/admin/memberships/${row!.id}`, {
      token: await staffTokenFor(t.db, STAFF.owner),
    });
    expect(page.status, page.text).toBe(200);
    expect((page.body as { membership: Record<string, unknown> }).membership).not.toHaveProperty(
      'financial_assistance_cents',
    );
  });
});

describe("the owner's help paying settings (issue 34 point 4)", () => {
  it('reads back what the owner saved; refuses a registrar, and ties each refusal to its field', async () => {
    const [northside] = await t.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, 'Northside Youth Baseball'));
    const path = `/api/admin/organizations/${northside!.id}/help-paying`;
    const owner = await staffTokenFor(t.db, STAFF.owner);
    const body = {
      offers_assistance: false,
      accepts_check_or_cash: true,
      check_or_cash_instructions: '  Checks to Northside Youth Baseball, at the club house.  ',
      check_or_cash_hold_days: 10,
    };
    const saved = await t.call('PUT', path, { token: owner, body });
    expect(saved.status, saved.text).toBe(200);
    const read = await t.call('GET', path, { token: owner });
    expect(read.body).toEqual({
      settings: {
        offers_assistance: false,
        accepts_check_or_cash: true,
        check_or_cash_instructions: 'Checks to Northside Youth Baseball, at the club house.',
        check_or_cash_hold_days: 10,
      },
    });
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    expectError(await t.call('PUT', path, { token: registrar, body }), 403, STAFF_TEXTS.roleRefused);

    const noInstructions = await t.call('PUT', path, {
      token: owner,
      body: { ...body, check_or_cash_instructions: ' ' },
    });
    expect(noInstructions.status).toBe(422);
    expect(Object.keys((noInstructions.body as { messages: Record<string, string[]> }).messages)).toEqual([
      'check_or_cash_instructions',
    ]);
    // Every number outside 1 to 60, whole or not, gets the one range text on the field.
    for (const holdDays of [0, 61, 1.5, 1e20, -1]) {
      const days = await t.call('PUT', path, { token: owner, body: { ...body, check_or_cash_hold_days: holdDays } });
      expect(days.status).toBe(422);
      expect((days.body as { messages: Record<string, string[]> }).messages).toEqual({
        check_or_cash_hold_days: ['Enter a number of days from 1 to 60.'],
      });
    }
  });
});
