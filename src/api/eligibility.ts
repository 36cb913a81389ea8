/**
 * Who may play (issue 32 point 1; docs/api.md "Eligibility (issue 32)"): the athlete steps read an athlete's
 * eligibility for a team licence and give a missing date of birth (as the logged-in guardian). The console's calls
 * (a staff session) are admin-eligibility.ts: the family's pages must not pull the console's request code into the
 * code every page shares (npm run bench: it did, +3 KB on /login).
 */
import { type CallOptions, requestJson } from './client';
import { type Eligibility, eligibilitySchema } from './eligibility.schemas';

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
