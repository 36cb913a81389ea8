/**
 * Who may play (issue 32 point 1; docs/api.md "Eligibility (issue 32)"): the athlete steps read an athlete's
 * eligibility for a team licence and give a missing date of birth (as the logged-in guardian); the console reads a
 * team's age rule and grants exceptions (staff session).
 */
import { adminRequest } from './admin';
import { type CallOptions, requestJson } from './client';
import {
  type Eligibility,
  type EligibilityException,
  eligibilitySchema,
  grantedExceptionSchema,
  type TeamEligibility,
  teamEligibilitySchema,
} from './eligibility.schemas';

/** GET /api/eligibility/athletes/{athlete_id}?license_code=CODE */
export function getEligibility(athleteId: number, licenseCode: string, options?: CallOptions): Promise<Eligibility> {
  return requestJson(
    `/api/eligibility/athletes/${athleteId}?license_code=${encodeURIComponent(licenseCode)}`,
    eligibilitySchema,
    { auth: 'user', ...options },
  );
}

/** PUT /api/eligibility/athletes/{athlete_id}/birth-date: kept on the athlete (asked once). */
export function giveBirthDate(
  athleteId: number,
  body: { birth_date: string; license_code: string },
  options?: CallOptions,
): Promise<Eligibility> {
  return requestJson(`/api/eligibility/athletes/${athleteId}/birth-date`, eligibilitySchema, {
    auth: 'user',
    method: 'put',
    json: body,
    ...options,
  });
}

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
