/**
 * The club console's season set-up calls (issue 22 point 2; docs/api.md "Season set-up and the draft editor").
 * Bodies are the shared form schemas' outputs (src/domain/forms/admin-*.ts: money in cents). Every call carries the
 * staff session's token (src/session/staff.ts), never the family's; every answer is validated, and whatever fails
 * reaches the caller as an ApiError (a 422's `messages` keyed by the body's fields).
 */
import type { z } from 'zod/mini';
import type { AdminDiscountCodeBody } from '../domain/forms/admin-discount-code';
import {
  type AdminDocumentsSettingBody,
  adminDocumentsSettingBodySchema,
} from '../domain/forms/admin-documents-setting';
import type { AdminCoachLicenceBody, AdminLicenceBody, AdminLicenceUpdateBody } from '../domain/forms/admin-licence';
import type { AdminSeasonBody } from '../domain/forms/admin-season';
import type { AdminSettingsBody } from '../domain/forms/admin-settings';
import type { AdminStaffInviteBody } from '../domain/forms/admin-staff-invite';
import type { AdminTeamBody } from '../domain/forms/admin-team';
import { adminRequest } from './admin';
import {
  type AdminDiscountCode,
  type AdminLicence,
  type AdminOrganization,
  type AdminSeason,
  type AdminSetup,
  type AdminSetupTeam,
  adminSetupSchema,
  discountCodeAnswerSchema,
  discountCodesAnswerSchema,
  licenceAnswerSchema,
  organizationAnswerSchema,
  type StaffInvitation,
  type StaffList,
  seasonAnswerSchema,
  staffInviteAnswerSchema,
  staffListAnswerSchema,
  teamAnswerSchema,
} from './admin-setup.schemas';

export interface AdminSetupCallOptions {
  signal?: AbortSignal | undefined;
}

/** The console's one request function (src/api/admin.ts): the staff token, the loading overlay, a validated answer. */
function setupRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  method: 'get' | 'post' | 'put',
  json: unknown,
  callOptions: AdminSetupCallOptions,
): Promise<z.output<S>> {
  return adminRequest(path, schema, { method, json, signal: callOptions.signal });
}

/** GET /api/admin/organizations/{id}/setup (owner, registrar). */
export function getAdminSetup(organizationId: number, options: AdminSetupCallOptions = {}): Promise<AdminSetup> {
  return setupRequest(`/api/admin/organizations/${organizationId}/setup`, adminSetupSchema, 'get', undefined, options);
}

/** POST /api/admin/organizations/{id}/seasons (owner) → the new season. */
export async function createAdminSeason(
  organizationId: number,
  body: AdminSeasonBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminSeason> {
  const path = `/api/admin/organizations/${organizationId}/seasons`;
  return (await setupRequest(path, seasonAnswerSchema, 'post', body, options)).season;
}

/** PUT /api/admin/seasons/{id} (owner). */
export async function updateAdminSeason(
  seasonId: number,
  body: AdminSeasonBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminSeason> {
  return (await setupRequest(`/api/admin/seasons/${seasonId}`, seasonAnswerSchema, 'put', body, options)).season;
}

/** POST /api/admin/seasons/{id}/teams (owner) → the new team. */
export async function createAdminTeam(
  seasonId: number,
  body: AdminTeamBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminSetupTeam> {
  return (await setupRequest(`/api/admin/seasons/${seasonId}/teams`, teamAnswerSchema, 'post', body, options)).team;
}

/** PUT /api/admin/teams/{id} (owner); paid memberships keep their amounts. */
export async function updateAdminTeam(
  teamId: number,
  body: AdminTeamBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminSetupTeam> {
  return (await setupRequest(`/api/admin/teams/${teamId}`, teamAnswerSchema, 'put', body, options)).team;
}

/** POST /api/admin/teams/{id}/licences (owner, registrar); a code in use answers 422 on `code`. */
export async function createTeamLicence(
  teamId: number,
  body: AdminLicenceBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminLicence> {
  const path = `/api/admin/teams/${teamId}/licences`;
  return (await setupRequest(path, licenceAnswerSchema, 'post', body, options)).licence;
}

/** POST /api/admin/organizations/{id}/coach-licences (owner); a code in use answers 422 on `code`. */
export async function createCoachLicence(
  organizationId: number,
  body: AdminCoachLicenceBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminLicence> {
  const path = `/api/admin/organizations/${organizationId}/coach-licences`;
  return (await setupRequest(path, licenceAnswerSchema, 'post', body, options)).licence;
}

/**
 * PUT /api/admin/licences/{code} (owner, registrar): seats and/or the pause; a freed seat goes to the waitlist.
 * `version`: the licence's as the console read it, sent as `If-Match` (issue 30 point 4): 412 'Someone else changed
 * this licence. Reload to see it.' when it changed since.
 */
export async function updateAdminLicence(
  code: string,
  body: AdminLicenceUpdateBody,
  options: AdminSetupCallOptions & { version?: number | undefined } = {},
): Promise<AdminLicence> {
  const path = `/api/admin/licences/${encodeURIComponent(code)}`;
  const headers = options.version === undefined ? undefined : { 'If-Match': `"${options.version}"` };
  const answer = await adminRequest(path, licenceAnswerSchema, {
    method: 'put',
    json: body,
    signal: options.signal,
    ...(headers === undefined ? {} : { headers }),
  });
  return answer.licence;
}

/** PUT /api/admin/organizations/{id}/settings (owner): the waiver and the household discounts. */
export async function updateAdminSettings(
  organizationId: number,
  body: AdminSettingsBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminOrganization> {
  const path = `/api/admin/organizations/${organizationId}/settings`;
  return (await setupRequest(path, organizationAnswerSchema, 'put', body, options)).organization;
}

/** PUT /api/admin/organizations/{id}/documents-setting (owner; issue 32 point 2): delete approved files or keep them. */
export async function updateDocumentsSetting(
  organizationId: number,
  body: AdminDocumentsSettingBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminDocumentsSettingBody> {
  const path = `/api/admin/organizations/${organizationId}/documents-setting`;
  return setupRequest(path, adminDocumentsSettingBodySchema, 'put', body, options);
}

/** GET /api/admin/organizations/{id}/discount-codes (owner, registrar). */
export async function getDiscountCodes(
  organizationId: number,
  options: AdminSetupCallOptions = {},
): Promise<AdminDiscountCode[]> {
  const path = `/api/admin/organizations/${organizationId}/discount-codes`;
  return (await setupRequest(path, discountCodesAnswerSchema, 'get', undefined, options)).discount_codes;
}

/** POST /api/admin/organizations/{id}/discount-codes (owner, registrar); a code in use answers 422 on `code`. */
export async function createDiscountCode(
  organizationId: number,
  body: AdminDiscountCodeBody,
  options: AdminSetupCallOptions = {},
): Promise<AdminDiscountCode> {
  const path = `/api/admin/organizations/${organizationId}/discount-codes`;
  return (await setupRequest(path, discountCodeAnswerSchema, 'post', body, options)).discount_code;
}

/** POST /api/admin/organizations/{id}/invites (owner): the invitation, e-mailed (a link that works 7 days, once). */
export async function inviteStaffMember(
  organizationId: number,
  body: AdminStaffInviteBody,
  options: AdminSetupCallOptions = {},
): Promise<StaffInvitation> {
  const path = `/api/admin/organizations/${organizationId}/invites`;
  return (await setupRequest(path, staffInviteAnswerSchema, 'post', body, options)).invite;
}

/** GET /api/admin/organizations/{id}/staff (owner): the staff and the pending invitations. */
export function getStaffList(organizationId: number, options: AdminSetupCallOptions = {}): Promise<StaffList> {
  const path = `/api/admin/organizations/${organizationId}/staff`;
  return setupRequest(path, staffListAnswerSchema, 'get', undefined, options);
}

export type {
  AdminDiscountCode,
  AdminLicence,
  AdminOrganization,
  AdminSeason,
  AdminSetup,
  AdminSetupTeam,
  ProtectionPlanOption,
  StaffList,
} from './admin-setup.schemas';
