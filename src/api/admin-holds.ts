/**
 * The console's held seats of a team (issue 30 point 4; docs/api.md "Held seats"): the claims with nothing paid and
 * when each is released, and the release by owners and registrars (audited on the server).
 */
import { z } from 'zod/mini';
import { id } from '../domain/wire';
import { type AdminCallOptions, adminRequest } from './admin';

export const teamHoldSchema = z.object({
  athlete: z.object({ id, name: z.string() }),
  license: z.string(),
  /** ISO instant: when the hold ends (the background run gives the seat back); null: held while assistance is decided. */
  held_until: z.nullable(z.string()),
});
export type TeamHold = z.infer<typeof teamHoldSchema>;

export const teamHoldsSchema = z.object({ holds: z.array(teamHoldSchema), can_release: z.boolean() });
export type TeamHolds = z.infer<typeof teamHoldsSchema>;

/** GET /api/admin/teams/{team_id}/holds */
export function getTeamHolds(teamId: number, options: AdminCallOptions = {}): Promise<TeamHolds> {
  return adminRequest(`/api/admin/teams/${teamId}/holds`, teamHoldsSchema, { signal: options.signal });
}

/** DELETE /api/admin/teams/{team_id}/holds/{athlete_id} → the team's held seats left. */
export function releaseTeamHold(teamId: number, athleteId: number, options: AdminCallOptions = {}): Promise<TeamHolds> {
  return adminRequest(`/api/admin/teams/${teamId}/holds/${athleteId}`, teamHoldsSchema, {
    method: 'delete',
    signal: options.signal,
  });
}
