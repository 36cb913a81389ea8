/**
 * Issue 33 point 1: the job engine's dead-letter queue for the console (owners and registrars, permission `read_jobs`):
 * the background jobs whose retries are spent, newest first (server/billing/engine.ts `deadLetters`).
 */
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { english } from '../i18n/index.ts';

export const JOB_TEXTS = { jobNotFound: english('admin.jobNotFound') } as const;

export interface DeadLetterJson {
  id: string;
  queue: string;
  /** The date the job ran as of, when it was a run as of a date. */
  as_of: string | null;
  error: string;
  retries: number;
  created_at: string;
  failed_at: string;
}

/** At most this many, the newest. */
export const DEAD_LETTERS_LISTED = 200;

export async function listDeadLetters(deps: Pick<AppDeps, 'jobs'>): Promise<{ jobs: DeadLetterJson[] }> {
  const letters = await deps.jobs.deadLetters(DEAD_LETTERS_LISTED);
  return {
    jobs: letters
      .map((letter) => ({
        id: letter.id,
        queue: letter.queue,
        as_of: letter.data.asOf ?? null,
        error: letter.error,
        retries: letter.retries,
        created_at: letter.createdAt,
        failed_at: letter.failedAt,
      }))
      .sort((a, b) => b.failed_at.localeCompare(a.failed_at)),
  };
}

/**
 * POST /api/admin/jobs/dead-letters/{job}/retry (issue 33 point 4, permission `retry_jobs`): the job goes back to its
 * queue with its data (the engine's workers take it as any other); 404 'Job not found.' when it is not a dead letter
 * any more (retried already).
 */
export async function retryDeadLetter(
  deps: Pick<AppDeps, 'jobs'>,
  id: string,
): Promise<{ job: { id: string; queue: string } }> {
  const sent = await deps.jobs.retryDeadLetter(id);
  if (sent === null) throw notFound(JOB_TEXTS.jobNotFound);
  return { job: sent };
}
