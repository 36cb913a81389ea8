/**
 * The season's picture on the console's home (issue 33 point 4; docs/api.md "Club console"): per team and for the
 * club, who registered and where each stands, the money collected, refunded and still due, and by month.
 */
import { z } from 'zod/mini';
import { id } from '../domain/wire';
import { type AdminCallOptions, adminRequest } from './admin';

const count = z.number().check(z.int(), z.nonnegative());
const cents = z.number().check(z.int());

export const seasonTotalsSchema = z.object({
  registered: count,
  paid_in_full: count,
  on_plan: count,
  owing: count,
  cancelled: count,
  held: count,
  collected_cents: cents,
  refunded_cents: cents,
  due_cents: cents,
  failed: count,
  overdue: count,
});
export type SeasonTotals = z.infer<typeof seasonTotalsSchema>;

export const seasonSummarySchema = z.object({
  organization: z.object({ id, name: z.string() }),
  season: z.nullable(z.object({ id, name: z.string(), start_date: z.string() })),
  seasons: z.array(z.object({ id, name: z.string() })),
  club: seasonTotalsSchema,
  teams: z.array(z.extend(seasonTotalsSchema, { id, name: z.string() })),
  months: z.array(
    z.object({ month: z.string().check(z.regex(/^\d{4}-\d{2}$/)), collected_cents: cents, due_cents: cents }),
  ),
  documents_to_verify: count,
});
export type SeasonSummary = z.infer<typeof seasonSummarySchema>;

/** GET /api/admin/organizations/{id}/season-summary (the latest season unless `seasonId`). */
export function getSeasonSummary(
  organizationId: number,
  seasonId: number | null,
  options: AdminCallOptions = {},
): Promise<SeasonSummary> {
  const query = seasonId === null ? '' : `?season_id=${seasonId}`;
  return adminRequest(`/api/admin/organizations/${organizationId}/season-summary${query}`, seasonSummarySchema, {
    signal: options.signal,
  });
}
