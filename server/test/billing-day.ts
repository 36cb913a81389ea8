import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { addMonths } from '../../src/domain/dates.ts';
import type { Db } from '../db/client.ts';
import {
  athleteGuardians,
  householdCheckouts,
  householdGuardians,
  households,
  mailOutbox,
  membershipCards,
  membershipPhases,
  memberships,
  paymentIntents,
  sandboxPaymentMethods,
  teams,
  users,
} from '../db/schema/index.ts';
import { cardBrand, savedCardBehavior } from '../providers/payments/test-cards.ts';
import { insertMemberships } from '../services/checkout/index.ts';

/**
 * Issue 33 point 5: a billing day in small (the bench's, bench/billing.ts, at 10,000): households with one to three
 * athletes, each athlete on a plan of 3 or 6 months paid by one family checkout with one saved card, every
 * membership's first instalment due on `dueOn`. A few households' cards decline every later charge (Stripe's test
 * card 4000 0000 0000 0341, server/providers/payments/test-cards.ts). Rows are inserted directly: the checkouts that
 * would make them are tested elsewhere, and 200 of them through the API would take minutes.
 */

export interface BillingDayPlan {
  instalments: number;
  dueOn: string;
  /** Every `declineEvery`-th household's card declines (0: none). */
  declineEvery: number;
  /** A prefix for the fixture's e-mails and usernames, so two seeds never collide. */
  tag?: string;
}

export interface BillingDay {
  householdCount: number;
  /** The household checkouts whose card declines. */
  decliningCheckoutIds: Set<number>;
  membershipIds: number[];
}

const GOOD_CARD = '4242424242424242';
const DECLINING_CARD = '4000000000000341';

export async function seedBillingDay(db: Db, plan: BillingDayPlan): Promise<BillingDay> {
  const tag = plan.tag ?? `bd${randomUUID().slice(0, 8)}`;
  const [team] = await db.select().from(teams).where(eq(teams.name, '12U Tigers'));
  if (!team) throw new Error('the 12U Tigers fixture is missing');
  // The households: one, two or three athletes each (siblings), every `declineEvery`-th with a declining card.
  const shapes: { siblings: number; declines: boolean }[] = [];
  for (let seeded = 0, h = 0; seeded < plan.instalments; h++) {
    const siblings = Math.min([1, 2, 3][h % 3]!, plan.instalments - seeded);
    shapes.push({ siblings, declines: plan.declineEvery > 0 && h % plan.declineEvery === plan.declineEvery - 1 });
    seeded += siblings;
  }
  // Row by row would take seconds: each table is one statement.
  const guardians = await db
    .insert(users)
    .values(
      shapes.map((_, h) => ({
        kind: 'guardian' as const,
        name: `Guardian ${h}`,
        email: `${tag}-g${h}@example.com`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id, email: users.email });
  const guardianOf = new Map(guardians.map((row) => [row.email, row.id]));
  const guardianIds = shapes.map((_, h) => guardianOf.get(`${tag}-g${h}@example.com`)!);
  const athleteRows = await db
    .insert(users)
    .values(
      shapes.flatMap((shape, h) =>
        Array.from({ length: shape.siblings }, (_, a) => ({
          kind: 'athlete' as const,
          name: `Athlete ${h}.${a}`,
          username: `${tag}-a${h}-${a}`,
          passwordHash: 'x',
        })),
      ),
    )
    .returning({ id: users.id, username: users.username });
  const athleteOf = new Map(athleteRows.map((row) => [row.username, row.id]));
  const athleteIds = shapes.map((shape, h) =>
    Array.from({ length: shape.siblings }, (_, a) => athleteOf.get(`${tag}-a${h}-${a}`)!),
  );
  // Households are interchangeable: each guardian takes one.
  const householdRows = await db
    .insert(households)
    .values(shapes.map(() => ({ createdAt: new Date(`${plan.dueOn}T00:00:00Z`) })))
    .returning({ id: households.id });
  await db
    .insert(householdGuardians)
    .values(shapes.map((_, h) => ({ householdId: householdRows[h]!.id, userId: guardianIds[h]! })));
  await db
    .insert(athleteGuardians)
    .values(
      shapes.flatMap((_, h) =>
        athleteIds[h]!.map((athleteId) => ({ guardianId: guardianIds[h]!, athleteId, relationship: 'Parent' })),
      ),
    );
  const checkoutRows = await db
    .insert(householdCheckouts)
    .values(
      shapes.map((_, h) => ({
        publicId: `${tag}-checkout-${h}`,
        householdId: householdRows[h]!.id,
        payerId: guardianIds[h]!,
        organizationId: team.organizationId,
        checkoutKey: `${tag}-${h}`,
        lines: [],
        paramsKey: `${tag}-${h}`,
        amountTodayCents: 0,
        status: 'paid' as const,
      })),
    )
    .returning({ id: householdCheckouts.id, publicId: householdCheckouts.publicId });
  const checkoutOf = new Map(checkoutRows.map((row) => [row.publicId, row.id]));
  const checkoutIds = shapes.map((_, h) => checkoutOf.get(`${tag}-checkout-${h}`)!);
  const cardOf = (h: number) => {
    const number = shapes[h]!.declines ? DECLINING_CARD : GOOD_CARD;
    return { number, customerId: `cus_${tag}${h}`, paymentMethodId: `pm_${tag}${h}x0000000` };
  };
  await db.insert(sandboxPaymentMethods).values(
    shapes.map((_, h) => {
      const card = cardOf(h);
      return {
        id: card.paymentMethodId,
        customerId: card.customerId,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
        expMonth: 12,
        expYear: Number(plan.dueOn.slice(0, 4)) + 2,
        behavior: savedCardBehavior(card.number),
      };
    }),
  );
  const planned = shapes.flatMap((_, h) =>
    athleteIds[h]!.map((athleteId, a) => {
      const months = (h + a) % 2 === 0 ? 3 : 6;
      return { h, athleteId, months, instalmentCents: months === 3 ? 13_500 : 6_750 };
    }),
  );
  // Through the one recording of memberships (its 'caller' mode: the phases and cards follow below, in a statement
  // each), one call per household checkout.
  const membershipRows: { id: number; userId: number }[] = [];
  for (const [h] of shapes.entries()) {
    const mine = planned.filter((m) => m.h === h);
    const created = await db.transaction((tx) =>
      insertMemberships(
        tx,
        mine.map((m) => ({
          athleteId: m.athleteId,
          teamId: team.id,
          seasonId: team.seasonId,
          licenceId: null,
          paymentPlanMonth: m.months,
          todayCents: 5_500,
          planTotalCents: 5_500 + m.months * m.instalmentCents,
          discountCode: null,
          includesProtection: false,
          siblingDiscountCents: 0,
          laterPhases: [],
        })),
        {
          providerId: null,
          householdCheckoutId: checkoutIds[h]!,
          payerId: guardianIds[h]!,
          chargeId: null,
          card: null,
          at: new Date(`${plan.dueOn}T00:00:00Z`),
        },
        { phases: 'caller' },
      ),
    );
    membershipRows.push(...created.map((row) => ({ id: row.id, userId: row.userId })));
  }
  const membershipOf = new Map(membershipRows.map((row) => [row.userId, row.id]));
  await db.insert(membershipCards).values(
    planned.map((m) => {
      const card = cardOf(m.h);
      return {
        membershipId: membershipOf.get(m.athleteId)!,
        providerCustomerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
      };
    }),
  );
  await db.insert(membershipPhases).values(
    planned.flatMap((m) => {
      const membershipId = membershipOf.get(m.athleteId)!;
      return [
        {
          membershipId,
          seq: 0,
          dueOn: addMonths(plan.dueOn, -1),
          amountCents: 5_500,
          status: 'paid' as const,
          paidAt: new Date(`${plan.dueOn}T00:00:00Z`),
        },
        ...Array.from({ length: m.months }, (_, i) => ({
          membershipId,
          seq: i + 1,
          dueOn: addMonths(plan.dueOn, i),
          amountCents: m.instalmentCents,
          status: 'scheduled' as const,
          nextAttemptOn: addMonths(plan.dueOn, i),
          // The day's reminders are not what this fixture is about.
          reminderSentOn: addMonths(plan.dueOn, i),
        })),
      ];
    }),
  );
  return {
    householdCount: shapes.length,
    decliningCheckoutIds: new Set(checkoutIds.filter((_, h) => shapes[h]!.declines)),
    membershipIds: planned.map((m) => membershipOf.get(m.athleteId)!),
  };
}

/**
 * The bench's exactly-once check (issue 33 point 3) on a seeded billing day: the sandbox's ledger against the
 * database. Answers what it found; the caller asserts.
 */
export async function ledgerCheck(db: Db, day: BillingDay, dueOn: string) {
  const phases = await db
    .select()
    .from(membershipPhases)
    .where(sql`${inArray(membershipPhases.membershipId, day.membershipIds)} and ${membershipPhases.dueOn} = ${dueOn}`);
  const intents = await db.select().from(paymentIntents).where(sql`${paymentIntents.metadata}->>'kind' = 'instalment'`);
  const succeeded = intents.filter((intent) => intent.status === 'succeeded');
  /** Each phase id → the succeeded charges that cover it. */
  const covering = new Map<number, string[]>();
  for (const intent of succeeded) {
    const ids = (intent.metadata.phase_ids ?? intent.metadata.phase_id ?? '').split(',').filter(Boolean).map(Number);
    for (const id of ids) covering.set(id, [...(covering.get(id) ?? []), intent.id]);
  }
  const membershipCheckout = new Map<number, number | null>();
  for (const row of await db
    .select({ id: memberships.id, checkoutId: memberships.householdCheckoutId })
    .from(memberships)
    .where(inArray(memberships.id, day.membershipIds))) {
    membershipCheckout.set(row.id, row.checkoutId);
  }
  const receipts = await db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(sql`${mailOutbox.subject} like 'Receipt%'`);
  return {
    phases,
    paid: phases.filter((phase) => phase.status === 'paid'),
    failed: phases.filter((phase) => phase.status === 'failed'),
    /** Paid phases and the succeeded charges covering each (exactly one each, and it is the recorded charge). */
    paidCoverage: phases
      .filter((phase) => phase.status === 'paid')
      .map((phase) => ({ phaseId: phase.id, charges: covering.get(phase.id) ?? [], recorded: phase.providerChargeId })),
    /** Phases not paid that a succeeded charge covers anyway: money taken and not recorded. */
    unrecordedCharges: phases.filter((phase) => phase.status !== 'paid' && covering.has(phase.id)).map((p) => p.id),
    succeededCharges: succeeded.length,
    checkoutOf: (membershipId: number) => membershipCheckout.get(membershipId) ?? null,
    receipts,
  };
}
