import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, startOfDate, toIsoDate } from '../../src/domain/dates.ts';
import {
  type MembershipPhaseRow,
  mailOutbox,
  membershipPhases,
  memberships,
  paymentIntents,
} from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { type BillingDay, seedBillingDay } from '../test/billing-day.ts';
import { chargeOutstanding } from './catch-up.ts';
import { chargePhaseNow } from './collector.ts';
import { CATCH_UP_LEASE_MS, LEASE_MS } from './lease.ts';

/**
 * Issue 33, exactly once across the collector and a family's catch-up charge (server/billing/pending-charge.ts): a
 * charge that succeeded at the provider but whose recording failed leaves its key on its phases; whoever comes next,
 * the collector on the retry date or the family updating their card, asks that very charge again under that key and
 * records it. The sandbox's ledger then holds exactly one succeeded charge for the phases, they are paid by it, and
 * one receipt went out. For a household checkout's charge (two athletes) and one membership's. On PGlite and
 * PostgreSQL (server-pg runs every app-harness file).
 */

const DUE = '2027-03-01';
const RETRY = toIsoDate(addDays(startOfDate(DUE), 1));
const FAST = { CARD_RATE_LIMIT: '10000', CARD_RATE_LIVE_LIMIT: '10000', SANDBOX_RATE_LIMIT: '10000' };
const TAG = 'pend';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

interface Family {
  email: string;
  membership: { id: number; householdCheckoutId: number | null };
  phaseIds: number[];
  amountCents: number;
}

/**
 * A seeded billing day (server/test/billing-day.ts) whose household `household` (0: one athlete, 1: two) had its
 * instalments due on DUE declined: failed, to be retried on RETRY. `detach`: its membership is a one-athlete checkout's.
 */
async function declinedFamily(household: number, detach: boolean): Promise<Family> {
  t = await createTestApp(FAST);
  t.setNow(new Date(`${DUE}T09:00:00Z`));
  const day: BillingDay = await seedBillingDay(t.db, { instalments: 6, dueOn: DUE, declineEvery: 0, tag: TAG });
  const email = `${TAG}-g${household}@example.com`;
  const rows = await t.db
    .select({ phase: membershipPhases, membership: memberships })
    .from(membershipPhases)
    .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
    .where(
      sql`${inArray(membershipPhases.membershipId, day.membershipIds)} and ${membershipPhases.dueOn} = ${DUE}
        and ${memberships.payerId} = (select id from users where email = ${email})`,
    );
  expect(rows).toHaveLength(household + 1);
  const phaseIds = rows.map((row) => row.phase.id).sort((a, b) => a - b);
  if (detach) {
    await t.db.update(memberships).set({ householdCheckoutId: null }).where(eq(memberships.id, rows[0]!.membership.id));
  }
  await t.db
    .update(membershipPhases)
    .set({ status: 'failed', attempts: 1, firstFailedOn: DUE, nextAttemptOn: RETRY, failureCode: 'card_declined' })
    .where(inArray(membershipPhases.id, phaseIds));
  const [membership] = await t.db
    .select({ id: memberships.id, householdCheckoutId: memberships.householdCheckoutId })
    .from(memberships)
    .where(eq(memberships.id, rows[0]!.membership.id));
  return {
    email,
    membership: membership!,
    phaseIds,
    amountCents: rows.reduce((sum, row) => sum + row.phase.amountCents, 0),
  };
}

/** The mailer fails the first receipt to `email` as it is written: the recording transaction is rolled back. */
function failFirstReceiptTo(email: string) {
  const { mailer } = t.deps;
  const write = mailer.sendInTransaction.bind(mailer);
  let failures = 0;
  mailer.sendInTransaction = async (tx, message) => {
    if (failures === 0 && message.to === email && message.subject.startsWith('Receipt')) {
      failures += 1;
      throw new Error('the recording failed writing the receipt');
    }
    await write(tx, message);
  };
  return () => failures;
}

async function staffRun(asOf: string) {
  const res = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: asOf } });
  expect(res.status, res.text).toBe(200);
  return res.body as { charged: number; failed: number };
}

async function phasesOf(family: Family): Promise<MembershipPhaseRow[]> {
  return t.db
    .select()
    .from(membershipPhases)
    .where(inArray(membershipPhases.id, family.phaseIds))
    .orderBy(membershipPhases.id);
}

/** Each phase → the sandbox's succeeded charges (any kind: instalment or catch-up) whose phases include it. */
async function succeededChargesOf(family: Family) {
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

async function receiptsTo(email: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), sql`${mailOutbox.subject} like 'Receipt%'`));
}

/** Exactly one succeeded charge of `kind` covers every phase, for their sum; they are paid by it; one receipt. */
async function expectPaidOnce(family: Family, kind: string) {
  const charges = await succeededChargesOf(family);
  const [first] = charges[0] ?? [];
  for (const covering of charges) expect(covering).toEqual([first]);
  expect(first).toMatchObject({ kind, amountCents: family.amountCents });
  for (const phase of await phasesOf(family)) {
    expect(phase).toMatchObject({
      status: 'paid',
      providerChargeId: first!.id,
      chargeKey: null,
      chargeRequest: null,
      leaseId: null,
    });
  }
  expect(await receiptsTo(family.email)).toHaveLength(1);
}

const shapes = [
  { who: "a household checkout's two athletes", household: 1, detach: false },
  { who: "one membership's", household: 0, detach: true },
];

describe('a charge whose recording failed is asked again under its key, never charged anew', () => {
  it.each(shapes)('$who: a catch-up charged, then the collector on the retry date', async (shape) => {
    const family = await declinedFamily(shape.household, shape.detach);
    const failures = failFirstReceiptTo(family.email);

    // The family's card update charges what is owed; recording it fails: nothing recorded, the key kept.
    await expect(chargeOutstanding(t.deps, family.membership, 'seti_pendingtest01')).rejects.toThrow(/receipt/);
    expect(failures()).toBe(1);
    for (const phase of await phasesOf(family)) {
      expect(phase).toMatchObject({ status: 'failed', chargeKey: expect.stringMatching(/^catch-up-/) });
      expect(phase.chargeRequest).toMatchObject({ amountCents: family.amountCents, offSession: false });
    }
    expect((await succeededChargesOf(family)).every((covering) => covering.length === 1)).toBe(true);
    expect(await receiptsTo(family.email)).toEqual([]);

    // The catch-up's lease runs out; the retry date's run asks the catch-up's charge again and records it.
    t.setNow(new Date(Date.parse(`${RETRY}T09:00:00Z`) + CATCH_UP_LEASE_MS + 60_000));
    await staffRun(RETRY);
    await expectPaidOnce(family, 'catch_up');
    expect(await staffRun(RETRY)).toMatchObject({ charged: 0, failed: 0 });
    await expectPaidOnce(family, 'catch_up');
  });

  it.each(shapes)("$who: the collector's retry charged, then the family's card update", async (shape) => {
    const family = await declinedFamily(shape.household, shape.detach);
    t.setNow(new Date(`${RETRY}T09:00:00Z`));
    const failures = failFirstReceiptTo(family.email);

    // The retry date's run charges the phases; recording it fails: nothing recorded, the key kept.
    await staffRun(RETRY);
    expect(failures()).toBe(1);
    for (const phase of await phasesOf(family)) {
      expect(phase).toMatchObject({ status: 'failed', chargeKey: expect.stringMatching(/attempt-2$/) });
      expect(phase.chargeRequest).toMatchObject({ amountCents: family.amountCents, offSession: true });
    }
    expect(await receiptsTo(family.email)).toEqual([]);

    // The collector's lease runs out; the family updates their card: that charge is asked again and recorded, and
    // nothing more is charged.
    t.setNow(new Date(Date.parse(`${RETRY}T09:00:00Z`) + LEASE_MS + 60_000));
    const answer = await chargeOutstanding(t.deps, family.membership, 'seti_pendingtest02');
    expect(answer).toMatchObject({ outcome: 'paid', amount_cents: family.amountCents });
    await expectPaidOnce(family, 'instalment');
    expect(await chargeOutstanding(t.deps, family.membership, 'seti_pendingtest03')).toMatchObject({
      outcome: 'nothing_due',
    });
    expect(await staffRun(RETRY)).toMatchObject({ charged: 0, failed: 0 });
    await expectPaidOnce(family, 'instalment');
  });

  it("a registrar's retry after the collector's unrecorded charge: that charge, recorded once", async () => {
    const family = await declinedFamily(0, true);
    t.setNow(new Date(`${RETRY}T09:00:00Z`));
    failFirstReceiptTo(family.email);
    await staffRun(RETRY);
    const [phaseId] = family.phaseIds;
    t.setNow(new Date(Date.parse(`${RETRY}T09:00:00Z`) + LEASE_MS + 60_000));
    expect(await chargePhaseNow(t.deps, phaseId!, RETRY)).toBe('charged');
    await expectPaidOnce(family, 'instalment');
    expect(await chargePhaseNow(t.deps, phaseId!, RETRY)).toBe('busy');
  });
});
