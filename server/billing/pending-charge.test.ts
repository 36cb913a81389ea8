import { afterEach, describe, expect, it } from 'vitest';
import { addDays, startOfDate, toIsoDate } from '../../src/domain/dates.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import {
  succeededChargesOf as chargesOf,
  type DeclinedFamily,
  declinedFamily as declined,
  expectPaidOnce as paidOnce,
  phasesOf as phasesOfFamily,
  receiptsTo as receiptsOf,
  staffRun as runAsOf,
} from '../test/declined-family.ts';
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

type Family = DeclinedFamily;

/** The seeded billing day's household `household` (0: one athlete, 1: two), declined on DUE (server/test/declined-family.ts). */
async function declinedFamily(household: number, detach: boolean): Promise<Family> {
  t = await createTestApp(FAST);
  t.setNow(new Date(`${DUE}T09:00:00Z`));
  return declined(t, { tag: TAG, dueOn: DUE, retryOn: RETRY, household, detach });
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

const staffRun = (asOf: string) => runAsOf(t, asOf);
const phasesOf = (family: Family) => phasesOfFamily(t, family);
const succeededChargesOf = (family: Family) => chargesOf(t, family);
const receiptsTo = (email: string) => receiptsOf(t, email);
/** Paid once (server/test/declined-family.ts), the charge's stored request cleared too. */
const expectPaidOnce = (family: Family, kind: string) => paidOnce(t, family, kind, { chargeRequest: null });

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
