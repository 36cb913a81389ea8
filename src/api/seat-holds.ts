/**
 * Held seats, the family's side (issue 30 point 4; docs/api.md "Held seats"): 'Remove' in the family checkout gives
 * the removed athlete's held seat back at once, with the guardian's token. A paid seat is never released; an athlete
 * without a held seat answers `released: 0`.
 */
import { z } from 'zod/mini';
import { type CallOptions, requestJson } from './client';

export const releasedHoldSchema = z.object({ released: z.int().check(z.gte(0)) });
export type ReleasedHold = z.infer<typeof releasedHoldSchema>;

/** DELETE /api/household/athletes/{athlete_id}/hold → how many held seats were given back. */
export function releaseRemovedAthlete(athleteId: number, options?: CallOptions): Promise<ReleasedHold> {
  return requestJson(`/api/household/athletes/${athleteId}/hold`, releasedHoldSchema, {
    method: 'delete',
    auth: 'user',
    ...options,
  });
}
