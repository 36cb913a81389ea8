/**
 * The console's eligibility calls (issue 32 point 1; docs/api.md "Eligibility (issue 32)"), as a staff session: a
 * team's age rule and the exceptions owners and registrars grant. The family's calls are eligibility.ts.
 */
import { adminRequest } from './admin';
import {
  type EligibilityException,
  grantedExceptionSchema,
  type TeamEligibility,
  teamEligibilitySchema,
} from './eligibility.schemas';

/** GET /api/admin/teams/{team_id}/eligibility (owners, registrars). */
export function getTeamEligibility(teamId: number, options: { signal?: AbortSignal } = {}): Promise<TeamEligibility> {
  return adminRequest(`/api/admin/teams/${teamId}/eligibility`, teamEligibilitySchema, { signal: options.signal });
}

export type GrantExceptionBody =
  | { athlete_username: string; reason: string }
  | { guardian_email: string; athlete_name: string; reason: string };

/** POST /api/admin/teams/{team_id}/eligibility-exceptions (owners, registrars; audited). */
export async function grantEligibilityException(
  teamId: number,
  body: GrantExceptionBody,
  options: { signal?: AbortSignal } = {},
): Promise<EligibilityException> {
  const answer = await adminRequest(`/api/admin/teams/${teamId}/eligibility-exceptions`, grantedExceptionSchema, {
    method: 'post',
    json: body,
    signal: options.signal,
  });
  return answer.exception;
}
