import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox, membershipCards, membershipPhases, memberships, paymentIntents } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import type { TestApp } from './app-harness.ts';
import { seedBillingDay } from './billing-day.ts';

/**
 * Issue 33's exactly-once tests of a declined family (server/billing/pending-charge.test.ts, earlier-intent.test.ts):
 * a seeded billing day (./billing-day.ts) whose household's instalments due on one day were declined, and what the
 * tests read of it: its phases, the sandbox's succeeded charges covering them, its receipts.
 */

export interface DeclinedFamily {
  email: string;
  membership: { id: number; householdCheckoutId: number | null };
  phaseIds: number[];
  amountCents: number;
  /** The family's saved card at the sandbox. */
  paymentMethodId: string;
}

/**
 * On `t` (its clock at `dueOn`), a seeded billing day tagged `tag` whose household `household` (0: one athlete, 1:
 * two) had its instalments due on `dueOn` declined: failed, to be retried on `retryOn`. `detach`: its membership is a
 * one-athlete checkout's.
 */
export async function declinedFamily(
  t: TestApp,
  {
    tag,
    dueOn,
    retryOn,
    household,
    detach,
  }: { tag: string; dueOn: string; retryOn: string; household: number; detach: boolean },
): Promise<DeclinedFamily> {
  const day = await seedBillingDay(t.db, { instalments: 6, dueOn, declineEvery: 0, tag });
  const email = `${tag}-g${household}@example.com`;
  const rows = await t.db
    .select({ phase: membershipPhases, membership: memberships })
    .from(membershipPhases)
    .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
    .where(
      sql`${inArray(membershipPhases.membershipId, day.membershipIds)} and ${membershipPhases.dueOn} = ${dueOn}
        and ${memberships.payerId} = (select id from users where email = ${email})`,
    );
  expect(rows).toHaveLength(household + 1);
  const phaseIds = rows.map((row) => row.phase.id).sort((a, b) => a - b);
  const membershipId = rows[0]!.membership.id;
  if (detach) await t.db.update(memberships).set({ householdCheckoutId: null }).where(eq(memberships.id, membershipId));
  await t.db
    .update(membershipPhases)
    .set({ status: 'failed', attempts: 1, firstFailedOn: dueOn, nextAttemptOn: retryOn, failureCode: 'card_declined' })
    .where(inArray(membershipPhases.id, phaseIds));
  const [membership] = await t.db
    .select({ id: memberships.id, householdCheckoutId: memberships.householdCheckoutId })
    .from(memberships)
    .where(eq(memberships.id, membershipId));
  const [card] = await t.db.select().from(membershipCards).where(eq(membershipCards.membershipId, membershipId));
  return {
    email,
    membership: membership!,
    phaseIds,
    amountCents: rows.reduce((sum, row) => sum + row.phase.amountCents, 0),
    paymentMethodId: card!.paymentMethodId,
  };
}

/** The staff's background run as of `asOf` (POST /api/staff/billing/run). */
export async function staffRun(t: TestApp, asOf: string) {
  const res = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: asOf } });
  expect(res.status, res.text).toBe(200);
  return res.body as { charged: number; failed: number };
}

export function phasesOf(t: TestApp, family: DeclinedFamily) {
  return t.db
    .select()
    .from(membershipPhases)
    .where(inArray(membershipPhases.id, family.phaseIds))
    .orderBy(membershipPhases.id);
}

/** Each phase → the sandbox's succeeded charges (any kind: instalment or catch-up) whose phases include it. */
export async function succeededChargesOf(t: TestApp, family: DeclinedFamily) {
  const intents = await t.db.select().from(paymentIntents).where(eq(paymentIntents.status, 'succeeded'));
  const covering = new Map<number, { id: string; amountCents: number; kind: string | undefined }[]>();
  for (const intent of intents) {
    const ids = (intent.metadata.phase_ids ?? intent.metadata.phase_id ?? '').split(',').filter(Boolean).map(Number);
    for (const id of ids) {
      const charge = { id: intent.id, amountCents: intent.amountCents, kind: intent.metadata.kind };
      covering.set(id, [...(covering.get(id) ?? []), charge]);
    }
  }
  return family.phaseIds.map((id) => covering.get(id) ?? []);
}

export function receiptsTo(t: TestApp, email: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), sql`${mailOutbox.subject} like 'Receipt%'`));
}

/**
 * Exactly one succeeded charge of `kind` covers every phase, for their sum; they are paid by it (and match `phase`
 * besides); one receipt.
 */
export async function expectPaidOnce(
  t: TestApp,
  family: DeclinedFamily,
  kind: string,
  phase: Record<string, unknown> = {},
) {
  const charges = await succeededChargesOf(t, family);
  const [first] = charges[0] ?? [];
  for (const covering of charges) expect(covering).toEqual([first]);
  expect(first).toMatchObject({ kind, amountCents: family.amountCents });
  for (const row of await phasesOf(t, family)) {
    expect(row).toMatchObject({
      status: 'paid',
      providerChargeId: first!.id,
      chargeKey: null,
      leaseId: null,
      ...phase,
    });
  }
  expect(await receiptsTo(t, family.email)).toHaveLength(1);
}
