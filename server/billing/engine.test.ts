import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { licences } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { OFFER_LIFETIME_MS, offerFreeSeats } from '../services/waitlist-seats.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';
import { DEAD_LETTERS, type JobDefinition, type JobEngine } from './engine.ts';
import { createAppJobEngine, JOBS, QUEUES } from './jobs.ts';

/**
 * Issue 33 point 1: the background work on the job engine (server/billing/engine.ts), on PGlite and on PostgreSQL
 * (server-pg runs every app-harness file; there a second engine has its own connections, as another process has).
 */

let t: TestApp;
const engines: JobEngine[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  await t.close();
});

/** Another engine on the test app's database, as another process of the server has, with these jobs. */
async function anotherEngine(definitions: readonly JobDefinition[], deps: () => AppDeps = () => t.deps) {
  const engine = createAppJobEngine(t.jobStore, t.deps.log, deps, { definitions });
  engines.push(engine);
  await engine.ready();
  return engine;
}

const POLICY = { retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 };

const jobRows = z.array(z.object({ state: z.string(), retry_count: z.coerce.number(), start_after: z.coerce.date() }));

/** The engine's jobs of a queue, oldest first, as its table holds them. */
async function jobsOf(queue: string) {
  const result: unknown = await t.db.execute(
    sql`SELECT state, retry_count, start_after FROM pgboss.job WHERE name = ${queue} ORDER BY created_on`,
  );
  return jobRows.parse(result && typeof result === 'object' && 'rows' in result ? result.rows : result);
}

describe('the job engine', () => {
  it('runs every billing job even when one fails, then fails with its error', async () => {
    const ran: string[] = [];
    const engine = await anotherEngine([
      {
        queue: 'test-failing',
        schedule: 'billing',
        policy: POLICY,
        run: async () => {
          throw new Error('job failed');
        },
      },
      {
        queue: 'test-counting',
        schedule: 'billing',
        policy: POLICY,
        run: async (_deps, asOf) => {
          ran.push(asOf);
          return { counted: 1 };
        },
      },
    ]);
    await expect(engine.runBillingJobs('2026-12-01', new Date())).rejects.toThrow('job failed');
    expect(ran).toEqual(['2026-12-01']);
  });

  it('retries a failing job with a growing delay, then moves it to the dead-letter queue', async () => {
    let attempts = 0;
    const engine = await anotherEngine([
      {
        queue: 'test-always-failing',
        schedule: 'billing',
        policy: POLICY,
        run: async () => {
          attempts += 1;
          throw new Error(`card provider unreachable (attempt ${attempts})`);
        },
      },
    ]);
    await expect(engine.runBillingJobs('2026-12-01', new Date())).rejects.toThrow('attempt 1');
    const delays: number[] = [];
    for (let retry = 1; retry <= POLICY.retryLimit; retry++) {
      const [job] = await jobsOf('test-always-failing');
      expect(job?.state).toBe('retry');
      expect(job?.retry_count).toBe(retry - 1);
      // Not due yet: the engine waits before the retry.
      expect(await engine.drain('test-always-failing')).toBe(0);
      delays.push(job!.start_after.getTime() - Date.now());
      // Its time come (without waiting for it here), the retry runs and fails again.
      expect(await engine.drain('test-always-failing', { ignoreStartAfter: true })).toBe(1);
    }
    expect(attempts).toBe(1 + POLICY.retryLimit);
    // Exponential backoff with jitter: about 1 s, then about 2 s (retryDelay × 2^n, jittered between half and all).
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays[1]).toBeGreaterThan(delays[0]! - 100);
    expect((await jobsOf('test-always-failing')).map((job) => job.state)).toEqual(['failed']);
    const [dead, ...more] = await engine.deadLetters();
    expect(more).toEqual([]);
    expect(dead).toMatchObject({
      queue: 'test-always-failing',
      data: { asOf: '2026-12-01' },
      error: 'card provider unreachable (attempt 3)',
      retries: POLICY.retryLimit,
    });
    // Nobody works the dead-letter queue: it stays there for staff, whom the console's API answers it.
    expect((await jobsOf(DEAD_LETTERS)).map((job) => job.state)).toEqual(['created']);
    const listed = await t.call('GET', '/api/admin/jobs/dead-letters', {
      token: await staffTokenFor(t.db, STAFF.registrar),
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual({
      jobs: [
        {
          id: dead!.id,
          queue: 'test-always-failing',
          as_of: '2026-12-01',
          error: 'card provider unreachable (attempt 3)',
          retries: POLICY.retryLimit,
          created_at: dead!.createdAt,
          failed_at: dead!.failedAt,
        },
      ],
    });
    const coach = await t.call('GET', '/api/admin/jobs/dead-letters', {
      token: await staffTokenFor(t.db, STAFF.coach),
    });
    expect(coach.status).toBe(403);

    // Issue 33 point 4: 'Try again' sends it to its queue again with its data and takes it off the dead letters.
    const retryPath = `/api/admin/jobs/dead-letters/${dead!.id}/retry`;
    const coachRetry = await t.call('POST', retryPath, { token: await staffTokenFor(t.db, STAFF.coach) });
    expect(coachRetry.status).toBe(403);
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const retried = await t.call('POST', retryPath, { token: registrar });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ job: { queue: 'test-always-failing' } });
    expect(await engine.deadLetters()).toEqual([]);
    const again = await jobsOf('test-always-failing');
    expect(again.filter((job) => job.state === 'created')).toHaveLength(1);
    expect(await engine.drain('test-always-failing')).toBe(1);
    expect(attempts).toBe(2 + POLICY.retryLimit);
    // Retried already: not a dead letter any more. Not an id at all: 422, its field named.
    const twice = await t.call('POST', retryPath, { token: registrar });
    expect(twice.status).toBe(404);
    const malformed = await t.call('POST', '/api/admin/jobs/dead-letters/abc/retry', { token: registrar });
    expect(malformed.status).toBe(422);
  });

  it('never runs a job enqueued in a transaction that rolled back; one committed runs', async () => {
    const ran: string[] = [];
    const definitions: JobDefinition[] = [
      {
        queue: 'test-in-transaction',
        schedule: 'billing',
        policy: POLICY,
        run: async (_deps, asOf) => {
          ran.push(asOf);
          return {};
        },
      },
    ];
    const engine = await anotherEngine(definitions);
    await expect(
      t.db.transaction(async (tx) => {
        await engine.enqueueInTransaction(tx, 'test-in-transaction', { asOf: '2026-12-01' });
        throw new Error('the membership change failed');
      }),
    ).rejects.toThrow('the membership change failed');
    await t.db.transaction(async (tx) => {
      await engine.enqueueInTransaction(tx, 'test-in-transaction', { asOf: '2026-12-02' });
    });
    expect(await engine.drain('test-in-transaction', { ignoreStartAfter: true })).toBe(1);
    expect(ran).toEqual(['2026-12-02']);
  });

  it('makes one run of a schedule that two processes offer at once', async () => {
    let runs = 0;
    const definitions: JobDefinition[] = [
      {
        queue: 'test-scheduled',
        schedule: 'billing',
        policy: POLICY,
        run: async () => {
          runs += 1;
          return { runs };
        },
      },
    ];
    const [first, second] = [await anotherEngine(definitions), await anotherEngine(definitions)];
    // An hour's slot: both processes offer this hour's run, again and again; one job is made.
    const offered = await Promise.all([
      first!.offerScheduledRun('test-scheduled', 3600),
      second!.offerScheduledRun('test-scheduled', 3600),
      first!.offerScheduledRun('test-scheduled', 3600),
      second!.offerScheduledRun('test-scheduled', 3600),
    ]);
    expect(offered.filter((id) => id !== null)).toHaveLength(1);
    // Both work the queue at once: one of them runs it.
    const drained = await Promise.all([first!.drain('test-scheduled'), second!.drain('test-scheduled')]);
    expect(drained.sort()).toEqual([0, 1]);
    expect(runs).toBe(1);
    // The slot's run is done: offering it again makes nothing.
    expect(await second!.offerScheduledRun('test-scheduled', 3600)).toBeNull();
    expect((await jobsOf('test-scheduled')).map((job) => job.state)).toEqual(['completed']);
  });

  it('runs the mail relay as a job of its queue', async () => {
    let relays = 0;
    const engine = await anotherEngine(JOBS, () => ({
      ...t.deps,
      mailer: {
        ...t.deps.mailer,
        relay: async () => {
          relays += 1;
          return { sent: 2, retried: 1, failed: 0 };
        },
      },
    }));
    expect(await engine.offerScheduledRun(QUEUES.mailRelay, 10)).not.toBeNull();
    expect(await engine.drain(QUEUES.mailRelay)).toBe(1);
    expect(relays).toBe(1);
  });

  it("works its queues in a server: each interval's run offered, taken by a worker; stop waits for a job", async () => {
    let finish = () => {};
    const started: string[] = [];
    const engine = await anotherEngine([
      {
        queue: 'test-worked',
        schedule: 'mail_relay',
        policy: POLICY,
        run: async () => {
          started.push(new Date().toISOString());
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
          return { done: 1 };
        },
      },
    ]);
    await engine.work({ billing: 0, mailRelay: 1 });
    // The first turn after a second, picked up by the worker's next poll (every 2 s).
    for (let waited = 0; started.length === 0 && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(started).toHaveLength(1);
    let stopped = false;
    const stopping = engine.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect((await jobsOf('test-worked')).map((job) => job.state)).toContain('completed');
  });
});

describe('a waitlist offer (services/waitlist-seats.ts)', () => {
  it('enqueues its expiry job in its transaction: due when the offer expires, never when it rolls back', async () => {
    const answer = await t.call('POST', '/api/waitlist', {
      token: await t.tokenFor('parent@example.com'),
      body: { license: 'FULL-2027' },
    });
    expect(answer.status, answer.text).toBe(201);
    const [licence] = await t.db.select().from(licences).where(eq(licences.code, 'FULL-2027'));
    await t.db.update(licences).set({ availableLicenses: 1 }).where(eq(licences.id, licence!.id));
    const now = new Date();
    await expect(
      t.db.transaction(async (tx) => {
        expect((await offerFreeSeats(t.deps, tx, licence!.id, now)).offered).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobsOf(QUEUES.offerExpiry)).toEqual([]);
    await t.db.transaction((tx) => offerFreeSeats(t.deps, tx, licence!.id, now));
    const [job, ...more] = await jobsOf(QUEUES.offerExpiry);
    expect(more).toEqual([]);
    expect(job).toMatchObject({ state: 'created', start_after: new Date(now.getTime() + OFFER_LIFETIME_MS) });
  });
});
