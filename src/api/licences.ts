/** Licence calls of §7: registration-link info, coach licence, licence link and claim (docs/api.md). */
import { type CallOptions, requestJson } from './client';
import {
  type ClaimLicenseResponse,
  claimLicenseResponseSchema,
  type LicenceInfo,
  type LicenseLinkResponse,
  licenceInfoSchema,
  licenseLinkResponseSchema,
} from './schemas';

const segment = (value: string) => encodeURIComponent(value);

/**
 * GET /api/registration-link/info/{code} → the licence (404 when unknown). With the token of a waitlist offer
 * (issue 21 point 3, `?offer=`), a valid open offer answers the held seat as available and adds `offer`.
 */
export function getLicenceInfo(code: string, options?: CallOptions, offer?: string): Promise<LicenceInfo> {
  const query = offer === undefined ? '' : `?offer=${encodeURIComponent(offer)}`;
  return requestJson(`/api/registration-link/info/${segment(code)}${query}`, licenceInfoSchema, {
    auth: 'none',
    ...options,
  });
}

/** GET /api/registration-link/license/coach/code/{code} → the coach licence (404 when unknown). */
export function getCoachLicence(code: string, options?: CallOptions): Promise<LicenceInfo> {
  return requestJson(`/api/registration-link/license/coach/code/${segment(code)}`, licenceInfoSchema, {
    auth: 'none',
    ...options,
  });
}

/** POST /api/registration-link/license-link: links a licence using a website token → its organization id. */
export function linkLicence(
  body: { token: string; license: string },
  options?: CallOptions,
): Promise<LicenseLinkResponse> {
  return requestJson('/api/registration-link/license-link', licenseLinkResponseSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}

/**
 * POST /api/subscribe/claim-license → `status` 'OK', or another status when none is left (§4). Sent as the payer:
 * with an athlete chosen, the athlete's token, so the licence and its membership belong to the athlete (§6).
 */
export function claimLicence(licenseCode: string, options?: CallOptions): Promise<ClaimLicenseResponse> {
  return requestJson('/api/subscribe/claim-license', claimLicenseResponseSchema, {
    method: 'post',
    json: { license_code: licenseCode },
    auth: 'payer',
    ...options,
  });
}
