/**
 * POST /api/staff/billing/run's work (docs/architecture.md §7): the collector and its jobs (server/billing/jobs.ts), now
 * or as of a date outside production.
 */
import { type CollectorResult, todayOf } from '../billing/collector.ts';
import { runCollectorAndJobs } from '../billing/jobs.ts';
import type { AppDeps } from '../deps.ts';
import { fieldError } from '../http/errors.ts';
import { english } from '../i18n/index.ts';

export const AS_OF_REFUSED = english('admin.asOfRefused');

export async function runCollectorNow(deps: AppDeps, asOf: string | null | undefined): Promise<CollectorResult> {
  // In production only the clock decides what is due: nobody can charge a family early.
  if (asOf && deps.env.NODE_ENV === 'production') throw fieldError('as_of', AS_OF_REFUSED);
  // The answer stays the collector's counts; what the jobs did is logged (server/billing/jobs.ts).
  const { jobs: _jobs, ...result } = await runCollectorAndJobs(deps, asOf ?? todayOf(deps));
  return result;
}
