/**
 * POST /api/staff/billing/run's work (docs/architecture.md §7): every billing job (server/billing/jobs.ts) through the
 * job engine, now or as of a date outside production, answered once they are done.
 */
import { type CollectorResult, todayOf } from '../billing/collector.ts';
import { momentOf, QUEUES } from '../billing/jobs.ts';
import type { AppDeps } from '../deps.ts';
import { fieldError } from '../http/errors.ts';
import { english } from '../i18n/index.ts';

export const AS_OF_REFUSED = english('admin.asOfRefused');

export async function runCollectorNow(deps: AppDeps, asOf: string | null | undefined): Promise<CollectorResult> {
  // In production only the clock decides what is due: nobody can charge a family early.
  if (asOf && deps.env.NODE_ENV === 'production') throw fieldError('as_of', AS_OF_REFUSED);
  const date = asOf ?? todayOf(deps);
  const ran = await deps.jobs.runBillingJobs(date, momentOf(date, deps.now()));
  // The answer stays the collector's counts; what the other jobs did is logged (server/billing/engine.ts).
  return {
    charged: ran[QUEUES.charges]?.charged ?? 0,
    failed: ran[QUEUES.charges]?.failed ?? 0,
    reminded: ran[QUEUES.reminders]?.reminded ?? 0,
  };
}
