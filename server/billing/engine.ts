import { randomUUID } from 'node:crypto';
import { SQL, sql } from 'drizzle-orm';
import {
  type ConstructorOptions,
  fromDrizzle,
  fromPglite,
  type Job,
  type JobWithMetadata,
  PgBoss,
  type Queue,
} from 'pg-boss';
import { toIsoDate } from '../../src/domain/dates.ts';
import type { JobStore, Tx } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import type { Logger } from '../log.ts';

/**
 * The job engine (issue 33 point 1, docs/architecture.md "Issue 33: the job engine"): pg-boss, whose jobs live in the
 * product's own database (schema `pgboss`, on PostgreSQL and on the embedded PGlite alike). Every piece of background
 * work is a queue of it (./jobs.ts lists them); this module starts and stops the engine with the server, offers each
 * schedule's run, runs the staff's `POST /api/staff/billing/run` through the engine, enqueues a job in the caller's
 * transaction and reads the dead-letter queue.
 *
 * - A schedule runs once across all processes: each process offers the run of the current interval to the engine as a
 *   throttled job (`singletonKey` + `singletonSeconds` = the interval); the engine's unique index on (queue, slot,
 *   key) keeps one job per interval whichever process offers it first, and one worker of one process takes it.
 * - A job that fails is retried with exponential backoff (its queue's `retryLimit`, `retryDelay`, `retryBackoff`,
 *   `retryDelayMax`); when its retries are spent the engine moves it to the `dead-letters` queue (`deadLetter`), which
 *   nobody works: staff read it (`deadLetters`).
 * - A billing job may fan out (`fansOutTo`): its run enqueues bounded jobs of another queue, each tagged with the run's
 *   id, which every process's workers take (`schedule: 'fan_out'`) and which enqueue their own continuations; the
 *   staff run waits for all of them (`runBillingJobs`) and answers their counts summed. A fanned-out job whose process
 *   died expires after its queue's short `expireInSeconds` and is retried by another process.
 */

/** The queue of the jobs whose retries are spent; nothing works it, staff read it. */
export const DEAD_LETTERS = 'dead-letters';

/** What a job carries: the date and moment a run stands for (the staff run as of a date); none: the clock's. */
export interface JobData {
  asOf?: string;
  at?: string;
  /** The billing run a fanned-out job belongs to (the id of the job that fanned out, or the staff run's). */
  run?: string;
  /** Which of the run's parallel chains of fanned-out jobs this one continues. */
  chain?: number;
  /** How many times this chain has waited for leases another run holds (see server/billing/jobs.ts). */
  waits?: number;
}

/** What a job did, counted by name (the job's output in the engine, and the log). */
export type JobCounts = Record<string, number>;

/** The retry and expiry policy of a queue (pg-boss queue options). */
export type QueuePolicy = Pick<
  Queue,
  'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds' | 'retentionSeconds'
>;

export interface JobDefinition {
  /** The queue's name in the engine (letters, digits and hyphens). */
  queue: string;
  /**
   * Which interval offers its scheduled run (and turns its workers on): BILLING_INTERVAL or MAIL_RELAY_INTERVAL;
   * `fan_out`: never offered nor sent by a run, only enqueued by another job (`fansOutTo`), and worked by every process
   * whatever the intervals (a billing day one process started, scheduled or by staff, is worked by all).
   */
  schedule: 'billing' | 'mail_relay' | 'fan_out';
  policy: QueuePolicy;
  /** The queue whose jobs this job's run enqueues: the staff run waits for them and answers their counts summed. */
  fansOutTo?: string;
  /**
   * The work; `asOf` and `at` are the run's date and moment (`momentOf` in ./jobs.ts), `job` what the job carries
   * (`run`: its billing run's id, the job's own when it carries none).
   */
  run(deps: AppDeps, asOf: string, at: Date, job: JobData & { run: string }): Promise<JobCounts>;
}

/** A job whose retries are spent, as staff see it. */
export interface DeadLetter {
  id: string;
  /** The queue it failed on. */
  queue: string;
  data: JobData;
  /** The last error's message. */
  error: string;
  /** Retries it had before it was given up. */
  retries: number;
  /** When it was first enqueued, and when it was given up. */
  createdAt: string;
  failedAt: string;
}

export interface ScheduleIntervals {
  /** Seconds between the billing jobs' runs (BILLING_INTERVAL); 0: never. */
  billing: number;
  /** Seconds between the mail relay's runs (MAIL_RELAY_INTERVAL); 0: never. */
  mailRelay: number;
}

export interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
}

export interface JobEngine {
  /** Creates the engine's schema and queues when missing, once; every other call waits for it. */
  ready(): Promise<void>;
  /**
   * Works the queues whose interval is on (their workers, in this process) and offers each schedule's run: first a
   * few seconds after start, then every interval.
   */
  work(intervals: ScheduleIntervals): Promise<void>;
  /** Offers the current interval's scheduled run of a queue; answers the job's id, or null: already offered. */
  offerScheduledRun(queue: string, intervalSeconds: number): Promise<string | null>;
  /**
   * Runs every billing job as of a date through the engine, in order (the collector's charges first), each here
   * unless another process's worker took it first (then waits for it), and answers what each did. A job that fails
   * stays the engine's (retried, then dead-lettered); after all have run the first failure is thrown.
   */
  runBillingJobs(asOf: string, at: Date): Promise<Record<string, JobCounts>>;
  /**
   * Runs here every job of the queue that is due, settling each, and answers how many; `ignoreStartAfter`: one batch
   * of the queue's jobs, those not due yet too (a retry reached without waiting for it, in tests).
   */
  drain(queue: string, options?: { ignoreStartAfter?: boolean }): Promise<number>;
  /**
   * The engine's maintenance now, as a supervising engine (a server's) runs it every 30 seconds: a job active past its
   * queue's `expireInSeconds` (its process died) is failed, so it is retried or dead-lettered; even when another
   * engine's pass ran a moment ago.
   */
  superviseNow(): Promise<void>;
  /** Enqueues a job now (outside any transaction): a job's run fanning out, or continuing its chain. */
  enqueue(queue: string, data: JobData, options?: EnqueueOptions): Promise<void>;
  /** Enqueues a job in the caller's transaction: it exists once the transaction commits, never if it rolls back. */
  enqueueInTransaction(tx: Tx, queue: string, data: JobData, options?: EnqueueOptions): Promise<void>;
  /** The dead-letter queue, oldest first. */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  /**
   * Sends a dead-letter job to its queue again, with its data, and takes it off the dead-letter queue; null when there
   * is no such dead letter (retried already). Sent twice at once, the queue gets it once (its singleton key).
   */
  retryDeadLetter(id: string): Promise<{ id: string; queue: string } | null>;
  /** Stops the timers and workers, waiting for the jobs in progress (at most `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

/** The first scheduled run waits a little, so a starting server answers its first requests before it charges. */
const FIRST_RUN_DELAY_MS = 5_000;
/** How often the staff run looks at a job another process's worker took. */
const WAIT_POLL_MS = 50;
/** Jobs one fetch of the staff run (or `drain`) takes at a time. */
const DRAIN_BATCH = 10;
/** How often the staff run looks at the fanned-out jobs other processes' workers are running. */
const FAN_OUT_POLL_MS = 200;
/** Fanned-out jobs one process works at once (chains of the billing day it takes part in at the same moment). */
export const FAN_OUT_CONCURRENCY = 2;
/**
 * How often a supervising engine (a server's) expires the jobs a dead process left active and retries them: with the
 * fanned-out jobs' 60-second expiry, another process takes a killed process's share over within about 90 seconds.
 */
const SUPERVISE_INTERVAL_SECONDS = 30;

export interface EngineOptions {
  store: JobStore;
  log: Logger;
  /** The app's dependencies, for the handlers (the engine is built before them and is one of them). */
  deps: () => AppDeps;
  definitions: readonly JobDefinition[];
  /** The engine's own maintenance (expiring jobs of a dead process, deleting old ones): on in a server. */
  supervise?: boolean;
}

function connection(store: JobStore): Pick<ConstructorOptions, 'db' | 'connectionString' | 'max' | 'backend'> {
  if (store.kind === 'pglite') return { db: fromPglite(store.client), backend: 'pglite' };
  // A small pool of its own: the workers' polls and settlements, never the requests' connections.
  return { connectionString: store.url, max: 3 };
}

function errorMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message;
  }
  return output === null || output === undefined ? 'unknown error' : String(JSON.stringify(output)).slice(0, 500);
}

/** The caller's drizzle transaction as the engine's drizzle adapter reads it (rows, whichever the driver). */
function inTransaction(tx: Tx) {
  return {
    async execute(query: unknown): Promise<{ rows: unknown[] }> {
      if (!(query instanceof SQL)) throw new TypeError('the job engine sent a query drizzle did not build');
      const result: unknown = await tx.execute(query);
      const rows = result && typeof result === 'object' && 'rows' in result ? result.rows : [];
      return { rows: Array.isArray(rows) ? rows : [] };
    },
  };
}

export function createJobEngine(options: EngineOptions): JobEngine {
  const { log, definitions } = options;
  const byQueue = new Map(definitions.map((definition) => [definition.queue, definition]));
  const settings: ConstructorOptions = {
    ...connection(options.store),
    schema: 'pgboss',
    supervise: options.supervise ?? false,
    // Schedules are throttled jobs (offerScheduledRun): the engine's cron pass, minute-grained, is not used.
    schedule: false,
    migrate: true,
    registerInstance: options.supervise ?? false,
    superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
  };
  const newBoss = () => {
    const instance = new PgBoss(settings);
    instance.on('error', (error) => log.error({ err: error }, 'job engine: error'));
    return instance;
  };
  let boss = newBoss();
  const timers: NodeJS.Timeout[] = [];
  let started: Promise<void> | null = null;
  let stopped = false;

  const ready = () => {
    started ??= (async () => {
      await boss.start();
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      const missing = definitions.filter((definition) => !existing.has(definition.queue));
      if (missing.length === 0 && existing.has(DEAD_LETTERS)) return;
      // A new database, or a new queue: created, then the engine starts afresh. It caches the queues it finds when it
      // starts, and a send in a transaction must find its queue there (on PGlite's one connection, a lookup of its own
      // would wait for that transaction).
      if (!existing.has(DEAD_LETTERS)) await boss.createQueue(DEAD_LETTERS, { retentionSeconds: 90 * 24 * 3600 });
      for (const definition of missing) {
        await boss.createQueue(definition.queue, { ...definition.policy, deadLetter: DEAD_LETTERS });
      }
      await boss.stop({ graceful: false, close: true });
      boss = newBoss();
      await boss.start();
    })();
    return started;
  };

  /** Runs one job's work: as of the date and moment it carries, else the clock's. */
  async function perform(definition: JobDefinition, job: Job<JobData>): Promise<JobCounts> {
    const appDeps = options.deps();
    // Issue 33 point 2: the jobs call the card provider within the background share (CARD_RATE_LIMIT).
    const background = appDeps.providers.backgroundPayments;
    const deps = background ? { ...appDeps, providers: { ...appDeps.providers, payments: background } } : appDeps;
    const at = job.data?.at ? new Date(job.data.at) : deps.now();
    const asOf = job.data?.asOf ?? toIsoDate(at);
    const counts = await definition.run(deps, asOf, at, { ...job.data, run: job.data?.run ?? job.id });
    if (Object.values(counts).some((count) => count > 0)) log.info({ job: definition.queue, ...counts }, 'job ran');
    return counts;
  }

  /** Runs fetched jobs here and settles each with the engine; answers the outcome of each by id. */
  async function settle(
    definition: JobDefinition,
    jobs: Job<JobData>[],
  ): Promise<Map<string, { counts: JobCounts } | { error: unknown }>> {
    const outcomes = new Map<string, { counts: JobCounts } | { error: unknown }>();
    for (const job of jobs) {
      try {
        const counts = await perform(definition, job);
        await boss.complete(definition.queue, job.id, counts);
        outcomes.set(job.id, { counts });
      } catch (error) {
        log.error({ err: error, job: definition.queue }, 'job failed');
        const message = error instanceof Error ? error.message : String(error);
        await boss.fail(definition.queue, job.id, { message });
        outcomes.set(job.id, { error });
      }
    }
    return outcomes;
  }

  /** Runs the job `id` here, or waits for the worker that took it; answers what it did or throws its error. */
  async function runHere(definition: JobDefinition, id: string): Promise<JobCounts> {
    for (;;) {
      const jobs = await boss.fetch<JobData>(definition.queue, { batchSize: DRAIN_BATCH });
      if (jobs.length === 0) break;
      const outcome = (await settle(definition, jobs)).get(id);
      if (!outcome) continue;
      if ('error' in outcome) throw outcome.error;
      return outcome.counts;
    }
    // Another process's worker has it: its outcome is in the engine.
    for (;;) {
      const [job] = await boss.findJobs<JobData>(definition.queue, { id });
      if (!job || job.state === 'completed') return (job?.output ?? {}) as JobCounts;
      if (job.state === 'failed' || job.state === 'retry' || job.state === 'cancelled') {
        throw new Error(`${definition.queue}: ${errorMessage(job.output)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  /**
   * Works here, one at a time, the fanned-out jobs of a queue (any run's: the other processes' workers take theirs at
   * the same time), until no job of the run `run` is running, to be retried (its process died, or it failed: retried
   * here or anywhere once due) or due now; answers the run's jobs' counts summed, or throws when one of them failed
   * for good (dead-lettered). A job deferred to later (a chain waiting for leases another run holds) is left to the
   * workers.
   */
  async function drainRun(definition: JobDefinition, run: string): Promise<JobCounts> {
    for (;;) {
      const jobs = await boss.fetch<JobData>(definition.queue, { batchSize: 1 });
      if (jobs.length > 0) {
        await settle(definition, jobs);
        continue;
      }
      const mine = await boss.findJobs<JobData>(definition.queue, { data: { run } });
      const now = Date.now();
      const pending = mine.some(
        (job) =>
          job.state === 'active' ||
          job.state === 'retry' ||
          (job.state === 'created' && job.startAfter.getTime() <= now),
      );
      if (pending) {
        await new Promise((resolve) => setTimeout(resolve, FAN_OUT_POLL_MS));
        continue;
      }
      const failed = mine.find((job) => job.state === 'failed');
      if (failed) throw new Error(`${definition.queue}: ${errorMessage(failed.output)}`);
      const total: JobCounts = {};
      for (const job of mine) {
        if (job.state !== 'completed' || !job.output || typeof job.output !== 'object') continue;
        for (const [name, count] of Object.entries(job.output)) {
          if (typeof count === 'number') total[name] = (total[name] ?? 0) + count;
        }
      }
      return total;
    }
  }

  const engine: JobEngine = {
    ready,

    async work(intervals) {
      await ready();
      for (const definition of definitions) {
        if (definition.schedule === 'fan_out') {
          // Every process takes part in any billing day, scheduled or a staff run, whichever process started it.
          await boss.work<JobData>(
            definition.queue,
            { pollingIntervalSeconds: 1, localConcurrency: FAN_OUT_CONCURRENCY },
            async (jobs) => {
              const [job] = jobs;
              return job ? perform(definition, job) : {};
            },
          );
          continue;
        }
        const interval = definition.schedule === 'billing' ? intervals.billing : intervals.mailRelay;
        if (interval <= 0) continue;
        // The mail relay's job is picked up within 2 s of its turn; a billing job (hourly) within 10 s, so the
        // workers' polls stay a few statements a minute on PGlite's one connection.
        const pollingIntervalSeconds = definition.schedule === 'mail_relay' ? 2 : 10;
        await boss.work<JobData>(definition.queue, { pollingIntervalSeconds }, async (jobs) => {
          const [job] = jobs;
          return job ? perform(definition, job) : {};
        });
        const offer = () => {
          if (stopped) return;
          engine
            .offerScheduledRun(definition.queue, interval)
            .catch((error: unknown) => log.error({ err: error, job: definition.queue }, 'job engine: offer failed'));
        };
        const first = setTimeout(offer, Math.min(FIRST_RUN_DELAY_MS, interval * 1000));
        const every = setInterval(offer, interval * 1000);
        first.unref();
        every.unref();
        timers.push(first, every);
      }
    },

    async offerScheduledRun(queue, intervalSeconds) {
      await ready();
      return boss.send(queue, {}, { singletonKey: 'scheduled', singletonSeconds: intervalSeconds });
    },

    async runBillingJobs(asOf, at) {
      await ready();
      const answers: Record<string, JobCounts> = {};
      let failure: unknown = null;
      for (const definition of definitions) {
        if (definition.schedule !== 'billing') continue;
        const run = randomUUID();
        const id = await boss.send(definition.queue, { asOf, at: at.toISOString(), run } satisfies JobData);
        if (!id) continue;
        try {
          const counts = await runHere(definition, id);
          const fanned = definition.fansOutTo ? byQueue.get(definition.fansOutTo) : undefined;
          answers[definition.queue] = fanned ? await drainRun(fanned, run) : counts;
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== null) throw failure;
      return answers;
    },

    async drain(queue, drainOptions = {}) {
      await ready();
      const definition = byQueue.get(queue);
      if (!definition) throw new Error(`no job works the queue ${queue}`);
      let count = 0;
      for (;;) {
        const jobs = await boss.fetch<JobData>(queue, {
          // A fanned-out job at a time: the other processes take the others meanwhile.
          batchSize: definition.schedule === 'fan_out' ? 1 : DRAIN_BATCH,
          ignoreStartAfter: drainOptions.ignoreStartAfter ?? false,
        });
        if (jobs.length === 0) return count;
        count += jobs.length;
        await settle(definition, jobs);
        // A job that failed is not due again yet, unless the start dates are ignored: then once is enough.
        if (drainOptions.ignoreStartAfter) return count;
      }
    },

    async superviseNow() {
      await ready();
      // pg-boss expires a dead process's jobs in its monitor pass, which runs for a queue at most once a minute
      // whichever engine ran the last (its claim, `monitor_claim_on`): a pass asked for now would skip the queues
      // another pass claimed a moment ago, and a run waiting for a dead process's share would wait on. The claims are
      // made due first.
      await boss
        .getDb()
        .executeSql(
          "UPDATE pgboss.queue SET monitor_claim_on = now() - interval '1 day' WHERE name = ANY($1::text[])",
          [[...byQueue.keys()]],
        );
      await boss.supervise();
    },

    async enqueue(queue, data, enqueueOptions = {}) {
      await ready();
      await boss.send(queue, data, enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {});
    },

    async enqueueInTransaction(tx, queue, data, enqueueOptions = {}) {
      // Ready before any transaction opens (the server and the tests wait for it at start): on PGlite's one
      // connection, the engine's own statements would wait for this transaction to end.
      await ready();
      await boss.send(queue, data, {
        db: fromDrizzle(inTransaction(tx), sql),
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
      });
    },

    async retryDeadLetter(id) {
      await ready();
      const [letter] = await boss.findJobs<JobData>(DEAD_LETTERS, { id });
      if (!letter?.sourceName) return null;
      const sent = await boss.send(letter.sourceName, letter.data ?? {}, {
        singletonKey: `retry-${id}`,
        singletonSeconds: 60,
      });
      await boss.deleteJob(DEAD_LETTERS, id);
      return sent === null ? null : { id: sent, queue: letter.sourceName };
    },

    async deadLetters(limit = 100) {
      await ready();
      const jobs: JobWithMetadata<JobData>[] = await boss.findJobs<JobData>(DEAD_LETTERS, { limit });
      return jobs.map((job) => ({
        id: job.id,
        queue: job.sourceName ?? '',
        data: job.data ?? {},
        error: errorMessage(job.sourceOutput),
        retries: job.sourceRetryCount ?? 0,
        createdAt: (job.sourceCreatedOn ?? job.createdOn).toISOString(),
        failedAt: job.createdOn.toISOString(),
      }));
    },

    async stop(timeoutMs = 5_000) {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
  return engine;
}
