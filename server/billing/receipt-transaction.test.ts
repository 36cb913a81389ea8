import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox, membershipPhases, memberships, paymentIntents } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { type BillingDay, ledgerCheck, seedBillingDay } from '../test/billing-day.ts';
import { LEASE_MS } from './lease.ts';

/**
 * Issue 33: a charge's phases marked paid and its receipt are one transaction (server/services/checkout/charge.ts
 * `recordPhasesPaid`). A failure once the phases are updated, as the receipt is written or after it, rolls the update
 * back: the phases stay unpaid (and leased), no receipt is queued; the next run asks the provider under the same
 * idempotency key, is answered the same charge, and records it with exactly one receipt. On PGlite and PostgreSQL
 * (server-pg runs every app-harness file).
 */

const DUE = '2027-03-01';
const FAST = { CARD_RATE_LIMIT: '10000', CARD_RATE_LIVE_LIMIT: '10000', SANDBOX_RATE_LIMIT: '10000' };
const TAG = 'rcpt';
/** seedBillingDay's households: the first has one athlete, the second two, the third three. */
const guardianEmail = (household: number) => `${TAG}-g${household}@example.com`;

let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function billingDay(): Promise<BillingDay> {
  t = await createTestApp(FAST);
  t.setNow(new Date(`${DUE}T09:00:00Z`));
  return seedBillingDay(t.db, { instalments: 6, dueOn: DUE, declineEvery: 0, tag: TAG });
}

async function staffRun(asOf: string) {
  const res = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: asOf } });
  expect(res.status, res.text).toBe(200);
  return res.body as { charged: number; failed: number };
}

async function receiptsTo(email: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.to} = ${email} and ${mailOutbox.subject} like 'Receipt%'`);
}

/** The due phases of the household's memberships. */
async function duePhasesOf(day: BillingDay, email: string) {
  const rows = await t.db
    .select({ phase: membershipPhases })
    .from(membershipPhases)
    .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
    .where(
      sql`${inArray(membershipPhases.membershipId, day.membershipIds)} and ${membershipPhases.dueOn} = ${DUE}
        and ${memberships.payerId} = (select id from users where email = ${email})`,
    );
  return rows.map((row) => row.phase);
}

type Injection = 'as the receipt is written' | 'after the receipt is written';

/** The mailer fails for this payer's receipt `times` times, before or after the outbox row is inserted. */
function failReceiptOf(email: string, injection: Injection, times: number) {
  const { mailer } = t.deps;
  const write = mailer.sendInTransaction.bind(mailer);
  let left = times;
  const failed: MailMessage[] = [];
  mailer.sendInTransaction = async (tx, message) => {
    const fails = left > 0 && message.to === email && message.subject.startsWith('Receipt');
    if (fails) {
      left -= 1;
      failed.push(message);
      if (injection === 'as the receipt is written') throw new Error('the process died writing the receipt');
    }
    await write(tx, message);
    if (fails) throw new Error('the process died after writing the receipt');
  };
  return failed;
}

describe('the phases paid and their receipt: one transaction', () => {
  const cases: { injection: Injection; who: string; household: number; detach: boolean }[] = [
    { injection: 'as the receipt is written', who: "a household checkout's charge", household: 1, detach: false },
    { injection: 'after the receipt is written', who: "a household checkout's charge", household: 2, detach: false },
    { injection: 'as the receipt is written', who: "one membership's charge", household: 0, detach: true },
    { injection: 'after the receipt is written', who: "one membership's charge", household: 0, detach: true },
  ];

  it.each(cases)('$who, a failure $injection: rolled back, then retried once with one receipt', async (c) => {
    const day = await billingDay();
    expect(day.householdCount).toBe(3);
    const email = guardianEmail(c.household);
    if (c.detach) {
      // The one-athlete household's membership as a one-athlete checkout records it: no household checkout, so its
      // receipt is the membership's (phases.ts `sendReceipt`).
      const [phase] = await duePhasesOf(day, email);
      await t.db.update(memberships).set({ householdCheckoutId: null }).where(eq(memberships.id, phase!.membershipId));
    }
    const phasesBefore = await duePhasesOf(day, email);
    expect(phasesBefore.length).toBe(c.household + 1);
    const failed = failReceiptOf(email, c.injection, 1);

    // The provider charges; the receipt fails once the phases are updated: the update is rolled back.
    expect(await staffRun(DUE)).toMatchObject({ charged: day.householdCount - 1, failed: 0 });
    expect(failed).toHaveLength(1);
    const rolledBack = await duePhasesOf(day, email);
    for (const phase of rolledBack) {
      expect(phase).toMatchObject({ status: 'scheduled', attempts: 0, providerChargeId: null, paidAt: null });
      // Still leased to the run that charged them: nothing charges them again before the lease runs out.
      expect(phase.leaseUntil).not.toBeNull();
    }
    expect(await receiptsTo(email)).toEqual([]);
    const between = await ledgerCheck(t.db, day, DUE);
    expect(between.unrecordedCharges.sort()).toEqual(rolledBack.map((phase) => phase.id).sort());
    expect(between.receipts).toHaveLength(day.householdCount - 1);
    expect(await staffRun(DUE)).toMatchObject({ charged: 0, failed: 0 });

    // Once the lease has run out the next run asks the provider under the same key: the same charge, recorded once,
    // with its one receipt.
    t.setNow(new Date(Date.parse(`${DUE}T09:00:00Z`) + LEASE_MS + 60_000));
    expect(await staffRun(DUE)).toMatchObject({ charged: 1, failed: 0 });
    const ledger = await ledgerCheck(t.db, day, DUE);
    expect(ledger.paid).toHaveLength(6);
    for (const paid of ledger.paidCoverage) expect(paid.charges, `phase ${paid.phaseId}`).toEqual([paid.recorded]);
    expect(ledger.unrecordedCharges).toEqual([]);
    expect(ledger.succeededCharges).toBe(day.householdCount);
    const recorded = (await duePhasesOf(day, email))[0]!.providerChargeId!;
    const [intent] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, recorded));
    const sameKey = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, intent!.idempotencyKey!));
    expect(sameKey.map((row) => row.status)).toEqual(['succeeded']);
    // One receipt per household and date; the retried one is the one that failed, word for word.
    expect(ledger.receipts).toHaveLength(day.householdCount);
    expect(new Set(ledger.receipts.map((receipt) => receipt.to)).size).toBe(day.householdCount);
    const [receipt] = await receiptsTo(email);
    expect(receipt).toMatchObject({
      subject: failed[0]!.subject,
      text: failed[0]!.text,
      html: failed[0]!.html,
      membershipIds: failed[0]!.membershipIds,
    });
    expect(await staffRun(DUE)).toMatchObject({ charged: 0, failed: 0 });
    expect(await receiptsTo(email)).toHaveLength(1);
  });

  it('the normal path: one receipt per household and date, each with the phases it paid', async () => {
    const day = await billingDay();
    expect(await staffRun(DUE)).toMatchObject({ charged: day.householdCount, failed: 0 });
    expect(await staffRun(DUE)).toMatchObject({ charged: 0, failed: 0 });
    const ledger = await ledgerCheck(t.db, day, DUE);
    expect(ledger.paid).toHaveLength(6);
    expect(ledger.receipts).toHaveLength(day.householdCount);
    for (let household = 0; household < day.householdCount; household += 1) {
      const email = guardianEmail(household);
      const [receipt, ...more] = await receiptsTo(email);
      expect(more).toEqual([]);
      const paid = await duePhasesOf(day, email);
      expect(paid.every((phase) => phase.status === 'paid' && phase.leaseId === null)).toBe(true);
      expect([...(receipt!.membershipIds ?? [])].sort()).toEqual([...new Set(paid.map((p) => p.membershipId))].sort());
    }
  });
});
