import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { ledgerCheck, seedBillingDay } from '../test/billing-day.ts';
import type { JobEngine } from './engine.ts';
import { createAppJobEngine, JOBS, QUEUES } from './jobs.ts';
import { LEASE_MS } from './lease.ts';

/**
 * Issue 33: the staff run (`POST /api/staff/billing/run {as_of}`) waits for every share its charges fanned out
 * (server/billing/engine.ts `drainRun`). One of them taken by a process that dies stays active until the engine's
 * maintenance expires it; then it is retried here and the run finishes, each instalment charged once. On PGlite and
 * PostgreSQL; every wait has a deadline, so a hang fails the test instead of blocking the run.
 */

const DUE = '2027-03-01';
const FAST = { CARD_RATE_LIMIT: '10000', CARD_RATE_LIVE_LIMIT: '10000', SANDBOX_RATE_LIMIT: '10000' };

let t: TestApp;
const engines: JobEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop(1_000);
  await t.close();
});

/** Resolves `work`, or rejects after `ms`: a hang fails the test. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `ready` every 50 ms until it answers true, at most `ms`. */
async function until(ms: number, what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function shareJobs(): Promise<{ id: string; state: string; due: boolean }[]> {
  const result: unknown = await t.db.execute(
    sql`SELECT id::text AS id, state::text AS state, start_after <= now() AS due FROM pgboss.job
      WHERE name = ${QUEUES.chargeShares}`,
  );
  return result && typeof result === 'object' && 'rows' in result
    ? (result.rows as { id: string; state: string; due: boolean }[])
    : [];
}

describe('the staff run and a share whose process died', () => {
  it('finishes once the share is expired and retried here, each instalment charged once', async () => {
    t = await createTestApp(FAST);
    t.setNow(new Date(`${DUE}T09:00:00Z`));
    const day = await seedBillingDay(t.db, { instalments: 100, dueOn: DUE, declineEvery: 0 });
    const payments = t.providers.payments;
    const charge = payments.chargeSavedCard.bind(payments);
    let died: () => void = () => {};
    const dead = new Promise<void>((resolve) => {
      died = resolve;
    });
    // The process that dies: its provider charges its share's first charge, then it stops for good before recording
    // it (a SIGKILL: its share active in the engine, its claimed phases leased, nothing settled).
    const dying = {
      ...payments,
      chargeSavedCard: async (input: Parameters<typeof charge>[0]) => {
        const answer = await charge(input);
        died();
        await new Promise<never>(() => {});
        return answer;
      },
    };
    const killed = createAppJobEngine(
      t.jobStore,
      t.deps.log,
      (): AppDeps => ({ ...t.deps, providers: { ...t.deps.providers, payments: dying, backgroundPayments: dying } }),
      { definitions: JOBS },
    );
    engines.push(killed);
    await killed.ready();
    // The staff run's own charges wait until the other process has taken a share and died in it, so it is sure to.
    payments.chargeSavedCard = async (input) => {
      await dead;
      return charge(input);
    };
    let takenByTheDying = false;
    void (async () => {
      while (!takenByTheDying) {
        takenByTheDying = (await killed.drain(QUEUES.chargeShares)) > 0;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const run = t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: DUE } });
    let answered = false;
    void run.finally(() => {
      answered = true;
    });
    await within(60_000, 'the dying process taking a share', dead);
    // The staff run charges what it can claim; the dead share stays active, its phases leased, and the run waits.
    await until(60_000, 'the staff run left with the dead share only', async () => {
      const jobs = await shareJobs();
      return (
        jobs.filter((job) => job.state === 'active').length === 1 &&
        !jobs.some((job) => job.state === 'retry' || (job.state === 'created' && job.due))
      );
    });
    const early = await ledgerCheck(t.db, day, DUE);
    expect(early.paid.length).toBeGreaterThan(0);
    expect(early.paid.length).toBeLessThan(100);
    expect(answered).toBe(false);

    // Time passes (the share's 60-second expiry, the 2-minute leases), twice over: a maintenance pass that ran a
    // moment ago (another engine's, or this one's) does not stop the next from expiring the dead share.
    const maintenance = createAppJobEngine(t.jobStore, t.deps.log, () => t.deps, { definitions: JOBS });
    engines.push(maintenance);
    await maintenance.superviseNow();
    t.setNow(new Date(Date.parse(`${DUE}T09:00:00Z`) + LEASE_MS + 60_000));
    await t.db.execute(sql`UPDATE pgboss.job SET started_on = started_on - interval '10 minutes'
      WHERE name = ${QUEUES.chargeShares} AND state = 'active'`);
    await within(30_000, 'the maintenance pass', maintenance.superviseNow());
    expect((await shareJobs()).map((job) => job.state)).not.toContain('active');

    // The staff run takes the retried share (after its few seconds' backoff) and charges the dead process's phases
    // under the same idempotency keys: the provider answers the charge the dead process made.
    const res = await within(60_000, 'the staff run', run);
    expect(res.status, res.text).toBe(200);
    const ledger = await ledgerCheck(t.db, day, DUE);
    expect(ledger.paid).toHaveLength(100);
    for (const paid of ledger.paidCoverage) expect(paid.charges, `phase ${paid.phaseId}`).toEqual([paid.recorded]);
    expect(ledger.unrecordedCharges).toEqual([]);
    expect(ledger.succeededCharges).toBe(day.householdCount);
    expect(ledger.receipts).toHaveLength(day.householdCount);
    expect(res.body).toMatchObject({ charged: day.householdCount, failed: 0 });
    expect(await t.deps.jobs.deadLetters()).toEqual([]);
  }, 180_000);
});
