import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  licences,
  type MembershipRow,
  membershipCards,
  membershipPhases,
  paymentIntents,
  sandboxPaymentMethods,
  teams,
  users,
} from '../db/schema/index.ts';
import { insertMemberships } from '../services/checkout/index.ts';

/**
 * Memberships for the console's tests and bench (issue 22 points 3-5), written to the database: an athlete (their
 * own guardian unless one is given), a membership of a team (recorded by the checkout's one insert,
 * insertMemberships), its phases, and, for a paid phase, a succeeded sandbox intent (so the refund goes through the
 * card sandbox) and a saved sandbox card (so a retry charges it).
 */

export type PhaseSpec = { amountCents: number; status: 'paid' | 'scheduled' | 'failed' | 'overdue'; dueOn: string };

let serial = 0;

/**
 * Recorded by the checkout's one insert of memberships (services/checkout) with no payment of their own: the phases,
 * the sandbox charges and the card are written after it, with the statuses and dates each test asks for.
 */
const UNDISCOUNTED = { discountCode: null, includesProtection: false, siblingDiscountCents: 0, laterPhases: [] };

function fixturePayment() {
  return { providerId: null, householdCheckoutId: null, payerId: null, chargeId: null, card: null, at: new Date() };
}

function dayAfter(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export async function tigersTeam(db: Db) {
  const [team] = await db.select().from(teams).where(eq(teams.name, '12U Tigers'));
  if (!team) throw new Error('no 12U Tigers');
  const [licence] = await db.select().from(licences).where(eq(licences.teamId, team.id));
  return { team, licence: licence ?? null };
}

/** One membership with its phases; `card`: the saved card's later charges succeed or are declined. */
export async function addMembership(
  db: Db,
  input: {
    teamId: number;
    seasonId: number;
    licenceId?: number | null;
    athlete: string;
    phases: PhaseSpec[];
    card?: 'succeed' | 'decline';
  },
) {
  serial += 1;
  const key = `${Date.now().toString(36)}${serial}`;
  const [athlete] = await db
    .insert(users)
    .values({ kind: 'athlete', name: input.athlete, email: `athlete-${key}@example.com`, passwordHash: 'x' })
    .returning();
  if (!athlete) throw new Error('no athlete');
  const total = input.phases.reduce((sum, phase) => sum + phase.amountCents, 0);
  const [membership] = await db.transaction((tx) =>
    insertMemberships(
      tx,
      [
        {
          ...UNDISCOUNTED,
          athleteId: athlete.id,
          teamId: input.teamId,
          seasonId: input.seasonId,
          licenceId: input.licenceId ?? null,
          paymentPlanMonth: input.phases.length === 1 ? 0 : input.phases.length - 1,
          todayCents: input.phases[0]?.amountCents ?? 0,
          planTotalCents: total,
        },
      ],
      fixturePayment(),
      { phases: 'caller' },
    ),
  );
  if (!membership) throw new Error('no membership');
  let seq = 0;
  for (const phase of input.phases) {
    const chargeId = phase.status === 'paid' ? `pi_adminmoney${key}x${seq}` : null;
    if (chargeId) {
      await db.insert(paymentIntents).values({
        id: chargeId,
        clientSecret: `${chargeId}_secret_x`,
        status: 'succeeded',
        amountCents: phase.amountCents,
        currency: 'usd',
        metadata: { membership_id: String(membership.id) },
        idempotencyKey: `admin-money-${key}-${seq}`,
      });
    }
    await db.insert(membershipPhases).values({
      membershipId: membership.id,
      seq,
      dueOn: phase.dueOn,
      amountCents: phase.amountCents,
      status: phase.status,
      attempts: phase.status === 'scheduled' ? 0 : 1,
      // A failed phase waits for the collector's first retry, the day after it failed.
      nextAttemptOn:
        phase.status === 'scheduled' ? phase.dueOn : phase.status === 'failed' ? dayAfter(phase.dueOn) : null,
      firstFailedOn: phase.status === 'failed' || phase.status === 'overdue' ? phase.dueOn : null,
      providerChargeId: chargeId,
      paidAt: phase.status === 'paid' ? new Date(`${phase.dueOn}T12:00:00Z`) : null,
    });
    seq += 1;
  }
  if (input.card) {
    const customerId = `cus_adminmoney${key}`;
    const paymentMethodId = `pm_adminmoney${key}`;
    await db.insert(sandboxPaymentMethods).values({
      id: paymentMethodId,
      customerId,
      brand: 'visa',
      last4: input.card === 'succeed' ? '4242' : '0341',
      expMonth: 12,
      expYear: 2040,
      behavior: input.card,
    });
    await db.insert(membershipCards).values({
      membershipId: membership.id,
      providerCustomerId: customerId,
      paymentMethodId,
      brand: 'visa',
      last4: input.card === 'succeed' ? '4242' : '0341',
    });
  }
  return { membership, athlete };
}

/** A copy of `source` (its amounts, dates and phases) for another athlete, with no intent of its own; answers its id. */
export async function copyMembership(db: Db, source: MembershipRow, athleteId: number): Promise<number> {
  const [membership] = await db.transaction((tx) =>
    insertMemberships(
      tx,
      [
        {
          athleteId,
          teamId: source.teamId,
          seasonId: source.seasonId,
          licenceId: source.licenceId,
          paymentPlanMonth: source.paymentPlanMonth,
          todayCents: source.paidTodayCents,
          planTotalCents: source.planTotalCents,
          discountCode: source.discountCode,
          includesProtection: source.includesProtection,
          siblingDiscountCents: source.siblingDiscountCents,
          laterPhases: [],
          seeded: { createdAt: source.createdAt, status: source.status },
        },
      ],
      { ...fixturePayment(), householdCheckoutId: source.householdCheckoutId, payerId: source.payerId },
      { phases: 'caller' },
    ),
  );
  if (!membership) throw new Error('no membership');
  const phases = await db.select().from(membershipPhases).where(eq(membershipPhases.membershipId, source.id));
  for (const { id: _phaseId, ...phase } of phases) {
    await db.insert(membershipPhases).values({ ...phase, membershipId: membership.id });
  }
  return membership.id;
}

/** `count` paid-in-full memberships of a team in a few statements (the roster and export volume tests, the bench). */
export async function addManyMemberships(db: Db, teamId: number, seasonId: number, count: number, prefix: string) {
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const athletes = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          kind: 'athlete' as const,
          name: `${prefix} Athlete ${start + i}`,
          email: `${prefix.toLowerCase()}-${start + i}@example.com`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    const rows = await db.transaction((tx) =>
      insertMemberships(
        tx,
        athletes.map((athlete) => ({
          ...UNDISCOUNTED,
          athleteId: athlete.id,
          teamId,
          seasonId,
          licenceId: null,
          paymentPlanMonth: 3,
          todayCents: 15000,
          planTotalCents: 45000,
        })),
        fixturePayment(),
        { phases: 'caller' },
      ),
    );
    await db.insert(membershipPhases).values(
      rows.flatMap((row, i) => [
        { membershipId: row.id, seq: 0, dueOn: '2026-09-01', amountCents: 15000, status: 'paid' as const },
        {
          membershipId: row.id,
          seq: 1,
          dueOn: '2026-10-01',
          amountCents: 15000,
          status: (start + i) % 7 === 0 ? ('failed' as const) : ('paid' as const),
        },
        { membershipId: row.id, seq: 2, dueOn: '2026-11-01', amountCents: 15000, status: 'scheduled' as const },
      ]),
    );
  }
}
