import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, startOfDate, toIsoDate } from '../../src/domain/dates.ts';
import { paymentIntents, sandboxRateRefusals } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { type BillingDay, ledgerCheck, seedBillingDay } from '../test/billing-day.ts';
import type { JobEngine } from './engine.ts';
import { CHARGE_CHAINS, createAppJobEngine, JOBS, QUEUES } from './jobs.ts';
import { LEASE_MS } from './lease.ts';

/**
 * Issue 33 point 5, the proof of a billing day on the job engine, on PGlite and on PostgreSQL (server-pg runs every
 * app-harness file): two processes offering the schedule at once make one run that charges each instalment once; a
 * charge whose process died before recording it is resumed without a second charge; a storm of the sandbox's 429s is
 * ridden out; and the bench's exactly-once check (bench/billing.ts) on 200 instalments.
 */

const DUE = '2027-03-01';
const NEXT_DAY = toIsoDate(addDays(startOfDate(DUE), 1));
/** The limits out of the way where the test is not about them (a low CARD_RATE_LIMIT would only make it slow). */
const FAST = { CARD_RATE_LIMIT: '10000', CARD_RATE_LIVE_LIMIT: '10000', SANDBOX_RATE_LIMIT: '10000' };

let t: TestApp;
const engines: JobEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  await t.close();
});

async function billingDay(env: Record<string, string>, instalments: number, declineEvery: number) {
  t = await createTestApp(env);
  t.setNow(new Date(`${DUE}T09:00:00Z`));
  return seedBillingDay(t.db, { instalments, dueOn: DUE, declineEvery });
}

/** Another process's engine on the test app's database, with every job of the server. */
async function anotherEngine(deps: () => AppDeps = () => t.deps): Promise<JobEngine> {
  const engine = createAppJobEngine(t.jobStore, t.deps.log, deps, { definitions: JOBS });
  engines.push(engine);
  await engine.ready();
  return engine;
}

async function staffRun(asOf: string) {
  const res = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: asOf } });
  expect(res.status, res.text).toBe(200);
  return res.body as { charged: number; failed: number };
}

/** Exactly one succeeded charge covers each collected instalment, and it is the one recorded; no charge unrecorded. */
async function expectExactlyOnce(day: BillingDay) {
  const ledger = await ledgerCheck(t.db, day, DUE);
  expect(ledger.phases).toHaveLength(day.membershipIds.length);
  for (const paid of ledger.paidCoverage) expect(paid.charges, `phase ${paid.phaseId}`).toEqual([paid.recorded]);
  expect(ledger.unrecordedCharges).toEqual([]);
  return ledger;
}

/** The engine's jobs of a queue, as its table holds them. */
async function jobStates(queue: string): Promise<string[]> {
  const result: unknown = await t.db.execute(sql`SELECT state FROM pgboss.job WHERE name = ${queue}`);
  const rows = result && typeof result === 'object' && 'rows' in result ? (result.rows as { state: string }[]) : [];
  return rows.map((row) => row.state);
}

describe('a billing day on the job engine', () => {
  it("the bench's exactly-once check: 200 instalments, two processes offering the run at once make one run", async () => {
    const day = await billingDay(FAST, 200, 25);
    expect(day.householdCount).toBeGreaterThan(90);
    expect(day.decliningCheckoutIds.size).toBeGreaterThanOrEqual(3);
    const other = await anotherEngine();
    // Both processes offer this hour's run of the collector at once: one job.
    const offered = await Promise.all([
      t.deps.jobs.offerScheduledRun(QUEUES.charges, 3600),
      other.offerScheduledRun(QUEUES.charges, 3600),
    ]);
    expect(offered.filter((id) => id !== null)).toHaveLength(1);
    // Both work the queue at once: one of them runs it, and it fans the day out into chains of shares.
    const drained = await Promise.all([t.deps.jobs.drain(QUEUES.charges), other.drain(QUEUES.charges)]);
    expect(drained.sort()).toEqual([0, 1]);
    expect(await jobStates(QUEUES.charges)).toEqual(['completed']);
    expect(await jobStates(QUEUES.chargeShares)).toEqual(Array(CHARGE_CHAINS).fill('created'));
    // Both processes work the shares at once (their workers, one share at a time each): both take part.
    const shares = await Promise.all([t.deps.jobs.drain(QUEUES.chargeShares), other.drain(QUEUES.chargeShares)]);
    expect(shares[0]).toBeGreaterThan(0);
    expect(shares[1]).toBeGreaterThan(0);
    const states = await jobStates(QUEUES.chargeShares);
    expect(states.length).toBeGreaterThan(CHARGE_CHAINS);
    // A chain that found nothing left while the other process still held a batch waits for those leases (a dead
    // process's would need it): its next share is enqueued for later, nothing else is left.
    const left = states.filter((state) => state !== 'completed');
    expect(left.every((state) => state === 'created')).toBe(true);
    expect(left.length).toBeLessThanOrEqual(CHARGE_CHAINS);
    // Asked again the same day (a staff run): nothing is due any more, nothing is charged again.
    expect(await staffRun(DUE)).toMatchObject({ charged: 0, failed: 0 });

    const ledger = await expectExactlyOnce(day);
    const declining = (membershipId: number) => day.decliningCheckoutIds.has(ledger.checkoutOf(membershipId) ?? -1);
    const decliningPhases = ledger.phases.filter((phase) => declining(phase.membershipId));
    expect(ledger.paid).toHaveLength(200 - decliningPhases.length);
    expect(ledger.paid.every((phase) => !declining(phase.membershipId))).toBe(true);
    // Declines go to the family's retry schedule: tried again the next day.
    expect(ledger.failed.map((phase) => phase.id).sort()).toEqual(decliningPhases.map((phase) => phase.id).sort());
    for (const phase of ledger.failed) {
      expect(phase).toMatchObject({ firstFailedOn: DUE, nextAttemptOn: NEXT_DAY, failureCode: 'card_declined' });
    }
    // One charge and one receipt per household and date (siblings are one charge).
    const paying = day.householdCount - day.decliningCheckoutIds.size;
    expect(ledger.succeededCharges).toBe(paying);
    expect(ledger.receipts).toHaveLength(paying);
    expect(new Set(ledger.receipts.map((receipt) => receipt.to)).size).toBe(paying);
    expect(await t.deps.jobs.deadLetters()).toEqual([]);
  }, 120_000);

  it('a process killed halfway through the billing day: another takes its share over, each instalment charged once', async () => {
    const day = await billingDay(FAST, 200, 0);
    // The process that dies: its provider charges the 30th charge, then it stops for good before recording it (as a
    // SIGKILL leaves it: its share active in the engine, its claimed phases leased, nothing settled).
    const payments = t.providers.payments;
    const charge = payments.chargeSavedCard.bind(payments);
    let calls = 0;
    let died: () => void = () => {};
    const dead = new Promise<void>((resolve) => {
      died = resolve;
    });
    const dying = {
      ...payments,
      chargeSavedCard: async (input: Parameters<typeof charge>[0]) => {
        const answer = await charge(input);
        calls += 1;
        if (calls === 30) {
          died();
          await new Promise<never>(() => {});
        }
        return answer;
      },
    };
    const killed = await anotherEngine(() => ({
      ...t.deps,
      providers: { ...t.deps.providers, payments: dying, backgroundPayments: dying },
    }));
    const survivor = await anotherEngine();
    // The scheduled run fans the day out; the doomed process takes a share and dies in it.
    expect(await survivor.offerScheduledRun(QUEUES.charges, 3600)).not.toBeNull();
    expect(await survivor.drain(QUEUES.charges)).toBe(1);
    void killed.drain(QUEUES.chargeShares);
    await dead;
    // The survivor charges everything it can claim; the dead share's phases stay leased, its job active.
    expect(await survivor.drain(QUEUES.chargeShares)).toBeGreaterThan(0);
    expect(await jobStates(QUEUES.chargeShares)).toContain('active');
    const early = await ledgerCheck(t.db, day, DUE);
    expect(early.paid.length).toBeGreaterThan(0);
    expect(early.paid.length).toBeLessThan(200);
    // Time passes (the shares' 60-second expiry, the 2-minute leases): the engine's maintenance fails the dead share
    // and it is retried; the survivor runs it (and the chain's share that waited for the leases), charging the dead
    // process's phases under the same idempotency keys.
    t.setNow(new Date(Date.parse(`${DUE}T09:00:00Z`) + LEASE_MS + 60_000));
    await t.db.execute(sql`UPDATE pgboss.job SET started_on = started_on - interval '10 minutes'
      WHERE name = ${QUEUES.chargeShares} AND state = 'active'`);
    await survivor.superviseNow();
    expect(await jobStates(QUEUES.chargeShares)).not.toContain('active');
    for (let round = 0; round < 5 && (await survivor.drain(QUEUES.chargeShares, { ignoreStartAfter: true })) > 0; ) {
      round += 1;
    }

    const ledger = await expectExactlyOnce(day);
    expect(ledger.paid).toHaveLength(200);
    expect(ledger.succeededCharges).toBe(day.householdCount);
    expect(ledger.receipts).toHaveLength(day.householdCount);
    expect(await t.deps.jobs.deadLetters()).toEqual([]);
  }, 120_000);

  it('resumes a charge whose process died before recording it, without a second charge', async () => {
    const day = await billingDay(FAST, 6, 0);
    // The provider charges, then the process dies before the collector records it (once).
    const payments = t.providers.payments;
    const charge = payments.chargeSavedCard.bind(payments);
    let died: string | null = null;
    payments.chargeSavedCard = async (input) => {
      const answer = await charge(input);
      if (died === null) {
        died = input.idempotencyKey;
        throw new Error('the process died after the charge');
      }
      return answer;
    };
    expect(await staffRun(DUE)).toMatchObject({ charged: day.householdCount - 1, failed: 0 });
    expect(died).not.toBeNull();
    // The dead run's phases stay leased: a run now leaves them alone.
    expect(await staffRun(DUE)).toMatchObject({ charged: 0 });
    // Once the lease has run out, the next run charges them again with the same key: the provider answers the
    // first charge, which is recorded; nothing is charged twice.
    t.setNow(new Date(Date.parse(`${DUE}T09:00:00Z`) + LEASE_MS + 60_000));
    expect(await staffRun(DUE)).toMatchObject({ charged: 1, failed: 0 });
    const ledger = await expectExactlyOnce(day);
    expect(ledger.paid).toHaveLength(6);
    expect(ledger.succeededCharges).toBe(day.householdCount);
    const keyed = await t.db.select().from(paymentIntents).where(sql`${paymentIntents.idempotencyKey} = ${died}`);
    expect(keyed.map((intent) => intent.status)).toEqual(['succeeded']);
    expect(ledger.receipts).toHaveLength(day.householdCount);
  });

  it("rides out a storm of the sandbox's 429s: every instalment collected once, refusals recorded, no dead letters", async () => {
    const day = await billingDay({ SANDBOX_RATE_LIMIT: '2' }, 12, 0);
    // Another client of the provider has used up this second and the next two.
    await t.db.execute(sql`INSERT INTO sandbox_rate_windows (window_start, requests)
      SELECT s, 2 FROM generate_series(date_trunc('second', clock_timestamp()),
        date_trunc('second', clock_timestamp()) + interval '2 seconds', interval '1 second') AS s
      ON CONFLICT (window_start) DO NOTHING`);
    expect((t.providers.payments as SandboxCardPayments).rateLimitPerSecond).toBe(2);
    expect(await staffRun(DUE)).toMatchObject({ charged: day.householdCount, failed: 0 });

    const ledger = await expectExactlyOnce(day);
    expect(ledger.paid).toHaveLength(12);
    expect(ledger.succeededCharges).toBe(day.householdCount);
    const refusals = await t.db.select().from(sandboxRateRefusals);
    expect(refusals.length).toBeGreaterThan(0);
    // Each refused request was sent again under its idempotency key, and that key's one charge succeeded.
    const succeededKeys = new Set(
      (await t.db.select().from(paymentIntents))
        .filter((intent) => intent.status === 'succeeded')
        .map((intent) => intent.idempotencyKey),
    );
    for (const refusal of refusals) {
      expect(refusal.operation).toBe('chargeSavedCard');
      expect(succeededKeys.has(refusal.idempotencyKey ?? '')).toBe(true);
    }
    expect(await t.deps.jobs.deadLetters()).toEqual([]);
  }, 120_000);
});
