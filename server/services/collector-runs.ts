/** POST /api/staff/billing/run's work (docs/architecture.md §7): the collector, now or as of a date outside production. */
import { type CollectorResult, runCollector, todayOf } from '../billing/collector.ts';
import type { AppDeps } from '../deps.ts';
import { fieldError } from '../http/errors.ts';
import { expireWaitlistOffers, momentAsOf } from './waitlist-seats.ts';

export const AS_OF_REFUSED = 'as_of is refused in production: the collector runs as of today.';

export async function runCollectorNow(deps: AppDeps, asOf: string | null | undefined): Promise<CollectorResult> {
  // In production only the clock decides what is due: nobody can charge a family early.
  if (asOf && deps.env.NODE_ENV === 'production') throw fieldError('as_of', AS_OF_REFUSED);
  const result = await runCollector(deps, asOf ?? todayOf(deps));
  // Issue 21: the waitlist's expired offers pass on in the same run (R-S's job list takes this line at merge).
  await expireWaitlistOffers(deps, momentAsOf(deps, asOf));
  return result;
}
