import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations, teamQuestions, teams } from '../db/schema/index.ts';
import { insertMemberships } from '../services/checkout/index.ts';

/** The id of a seeded organization, by its name in docs/fixtures.md ('Northside Youth Baseball'). */
export async function organizationIdNamed(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
  if (!row) throw new Error(`no organization named ${name}`);
  return row.id;
}

/** The id of a seeded team, by its name in docs/fixtures.md ('12U Tigers'). */
export async function teamIdNamed(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, name));
  if (!row) throw new Error(`no team named ${name}`);
  return row.id;
}

/**
 * A 12U Sharks membership of `athleteId` paid in full (250.00), recorded as every payment is recorded: through the
 * checkout's one insert of memberships (services/checkout `insertMemberships`), with no provider intent behind it.
 * For tests of what a membership needs after it exists (issue 32: its documents).
 */
export async function paidSharksMembership(db: Db, athleteId: number, payerId: number | null): Promise<number> {
  const sharks = await teamIdNamed(db, '12U Sharks');
  const [team] = await db.select({ seasonId: teams.seasonId }).from(teams).where(eq(teams.id, sharks));
  if (!team) throw new Error('12U Sharks is a fixture');
  const [membership] = await db.transaction((tx) =>
    insertMemberships(
      tx,
      [
        {
          athleteId,
          teamId: sharks,
          seasonId: team.seasonId,
          licenceId: null,
          paymentPlanMonth: 0,
          todayCents: 25000,
          planTotalCents: 25000,
          discountCode: null,
          includesProtection: false,
          siblingDiscountCents: 0,
          laterPhases: [],
        },
      ],
      { providerId: null, householdCheckoutId: null, payerId, chargeId: null, card: null, at: new Date() },
    ),
  );
  if (!membership) throw new Error('no membership recorded');
  return membership.id;
}

/**
 * Issue 32 point 4: `athleteId`'s answers to 12U Sharks' questions ('Jersey size' YM), given as the athlete steps give
 * them (PUT /api/team-questions/athletes/{id}/answers with `token`, a guardian's or the athlete's), so a checkout for
 * 12U Sharks that sends no answers finds them on record.
 */
export async function answerSharksQuestions(
  call: (
    method: 'PUT',
    path: string,
    options: { token: string; body: unknown },
  ) => Promise<{ status: number; text: string }>,
  db: Db,
  token: string,
  athleteId: number,
): Promise<void> {
  const sharks = await teamIdNamed(db, '12U Sharks');
  const [jersey] = await db
    .select({ id: teamQuestions.id })
    .from(teamQuestions)
    .where(and(eq(teamQuestions.teamId, sharks), eq(teamQuestions.prompt, 'Jersey size')));
  if (!jersey) throw new Error("12U Sharks asks 'Jersey size' (a fixture)");
  const answer = await call('PUT', `/api/team-questions/athletes/${athleteId}/answers`, {
    token,
    body: { license_code: 'SHARKS-2027', answers: { [jersey.id]: 'YM' } },
  });
  if (answer.status !== 200) throw new Error(`the Sharks answers were refused: ${answer.status} ${answer.text}`);
}
