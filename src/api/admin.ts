/**
 * The club console's calls (issue 22; docs/api.md "Club console"). Every call but login and accepting an invitation
 * carries the staff session's token (src/session/staff.ts), never the family's: this module has its own small
 * request function over the site's ky instance, so the family pages' client (and their bundles) stay as they are.
 * Every answer is validated; whatever fails reaches the caller as an ApiError.
 */
import type { Options } from 'ky';
import type { z } from 'zod/mini';
import { getStaffToken } from '../session/staff';
import {
  type AcceptInvitePayload,
  type AdminCredentials,
  type AdminTeam,
  adminTeamsAnswerSchema,
  type MembershipDetail,
  membershipAnswerSchema,
  messageAnswerSchema,
  type OfflinePayload,
  type RefundAnswer,
  type RefundPayload,
  type RosterAnswer,
  type RosterQuery,
  refundAnswerSchema,
  rosterAnswerSchema,
  type Staff,
  type StaffSession,
  staffAnswerSchema,
  staffSessionSchema,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
} from './admin.schemas';
import { apiUrl, http } from './client';
import { schemaError, toApiError } from './errors';
import { beginRequest } from './loading';

export interface AdminRequest {
  method?: 'get' | 'post' | 'put' | 'delete';
  json?: unknown;
  /** Whether the staff token goes along (all but login and accepting an invitation). */
  staff?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** One console call: the staff token (unless `staff: false`), the answer validated by `schema`. Also used by ./admin-drafts.ts. */
export async function adminRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  request: AdminRequest = {},
): Promise<z.output<S>> {
  const method = request.method ?? 'get';
  const token = request.staff === false ? null : getStaffToken();
  const options: Options = {
    method,
    headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...request.headers },
  };
  if (request.json !== undefined) options.json = request.json;
  if (request.signal) options.signal = request.signal;
  const endRequest = beginRequest();
  try {
    const response = await http(apiUrl(path), options);
    const body: unknown = await response.json();
    const result = schema.safeParse(body);
    if (!result.success) throw schemaError(result.error, body, response.status, `${method.toUpperCase()} ${path}`);
    return result.data;
  } catch (error) {
    throw await toApiError(error);
  } finally {
    endRequest();
  }
}

export interface AdminCallOptions {
  signal?: AbortSignal | undefined;
}

/** POST /api/admin/login → a staff session (422 on `email` for wrong credentials; 429 with Retry-After). */
export function adminLogin(body: AdminCredentials, options: AdminCallOptions = {}): Promise<StaffSession> {
  return adminRequest('/api/admin/login', staffSessionSchema, {
    method: 'post',
    json: body,
    staff: false,
    signal: options.signal,
  });
}

/** POST /api/admin/logout: ends the staff session on the server. */
export async function adminLogout(options: AdminCallOptions = {}): Promise<void> {
  await adminRequest('/api/admin/logout', messageAnswerSchema, { method: 'post', signal: options.signal });
}

/** GET /api/admin/me → the staff member with their organizations and roles. */
export async function getAdminMe(options: AdminCallOptions = {}): Promise<Staff> {
  return (await adminRequest('/api/admin/me', staffAnswerSchema, { signal: options.signal })).staff;
}

/** Issue 31: PUT /api/admin/me/language, the staff member's own saved language (the console's and their e-mails'). */
export async function saveAdminLanguage(language: string, options: AdminCallOptions = {}): Promise<Staff> {
  const answer = await adminRequest('/api/admin/me/language', staffAnswerSchema, {
    method: 'put',
    json: { language },
    signal: options.signal,
  });
  return answer.staff;
}

/** POST /api/admin/two-factor/setup → a new secret (base32) and its otpauth:// link (issue 30 point 2). */
export function startTwoFactor(options: AdminCallOptions = {}): Promise<TwoFactorSetup> {
  return adminRequest('/api/admin/two-factor/setup', twoFactorSetupSchema, { method: 'post', signal: options.signal });
}

/** POST /api/admin/two-factor/enable → the ten recovery codes (shown once) and the staff member (422 on `code`). */
export function enableTwoFactor(code: string, options: AdminCallOptions = {}): Promise<TwoFactorEnabled> {
  return adminRequest('/api/admin/two-factor/enable', twoFactorEnabledSchema, {
    method: 'post',
    json: { code },
    signal: options.signal,
  });
}

/** PUT /api/admin/organizations/{id}/two-factor → the staff member (owners: require a second factor there). */
export async function setTwoFactorRequired(
  organizationId: number,
  required: boolean,
  options: AdminCallOptions = {},
): Promise<Staff> {
  const path = `/api/admin/organizations/${organizationId}/two-factor`;
  return (await adminRequest(path, staffAnswerSchema, { method: 'put', json: { required }, signal: options.signal }))
    .staff;
}

/** POST /api/admin/invites/accept → a staff session (the link's token is the capability). */
export function acceptStaffInvite(body: AcceptInvitePayload, options: AdminCallOptions = {}): Promise<StaffSession> {
  return adminRequest('/api/admin/invites/accept', staffSessionSchema, {
    method: 'post',
    json: body,
    staff: false,
    signal: options.signal,
  });
}

/** GET /api/admin/teams → the teams the staff member may see (a coach: their own). */
export async function getAdminTeams(options: AdminCallOptions = {}): Promise<AdminTeam[]> {
  return (await adminRequest('/api/admin/teams', adminTeamsAnswerSchema, { signal: options.signal })).teams;
}

/** The query string of a roster request: only the parameters that are set. */
export function rosterSearch(query: RosterQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** GET /api/admin/teams/{team_id}/memberships?status=&q=&page=&sort=&dir= → one page of the roster. */
export function getRoster(teamId: number, query: RosterQuery, options: AdminCallOptions = {}): Promise<RosterAnswer> {
  return adminRequest(`/api/admin/teams/${teamId}/memberships${rosterSearch(query)}`, rosterAnswerSchema, {
    signal: options.signal,
  });
}

/** GET /api/admin/memberships/{id} → the membership's page: phases, card, e-mails, audit. */
export async function getAdminMembership(membershipId: number, options: AdminCallOptions = {}) {
  const answer = await adminRequest(`/api/admin/memberships/${membershipId}`, membershipAnswerSchema, {
    signal: options.signal,
  });
  return answer.membership;
}

/** POST /api/admin/memberships/{id}/refunds with an Idempotency-Key (one refund even if sent twice). */
export function refundMembership(
  membershipId: number,
  body: RefundPayload,
  idempotencyKey: string,
  options: AdminCallOptions = {},
): Promise<RefundAnswer> {
  return adminRequest(`/api/admin/memberships/${membershipId}/refunds`, refundAnswerSchema, {
    method: 'post',
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
    signal: options.signal,
  });
}

/** POST /api/admin/memberships/{id}/phases/{phase_id}/retry: charges a failed instalment now. */
export async function retryPhase(
  membershipId: number,
  phaseId: number,
  options: AdminCallOptions = {},
): Promise<MembershipDetail> {
  const answer = await adminRequest(
    `/api/admin/memberships/${membershipId}/phases/${phaseId}/retry`,
    membershipAnswerSchema,
    { method: 'post', signal: options.signal },
  );
  return answer.membership;
}

/** POST /api/admin/memberships/{id}/phases/{phase_id}/offline: marks an instalment paid in cash or by cheque. */
export async function markPhaseOffline(
  membershipId: number,
  phaseId: number,
  body: OfflinePayload,
  options: AdminCallOptions = {},
): Promise<MembershipDetail> {
  const answer = await adminRequest(
    `/api/admin/memberships/${membershipId}/phases/${phaseId}/offline`,
    membershipAnswerSchema,
    { method: 'post', json: body, signal: options.signal },
  );
  return answer.membership;
}

/** POST /api/admin/memberships/{id}/cancel: cancels the remaining schedule. */
export async function cancelSchedule(
  membershipId: number,
  reason: string,
  options: AdminCallOptions = {},
): Promise<MembershipDetail> {
  const answer = await adminRequest(`/api/admin/memberships/${membershipId}/cancel`, membershipAnswerSchema, {
    method: 'post',
    json: { reason },
    signal: options.signal,
  });
  return answer.membership;
}

export type {
  AcceptInvitePayload,
  AdminCredentials,
  AdminTeam,
  AuditEntry,
  MembershipDetail,
  OfflinePayload,
  Phase,
  RefundAnswer,
  RefundPayload,
  RosterAnswer,
  RosterQuery,
  RosterRow,
  RosterStatus,
  Staff,
  StaffSession,
  TwoFactorEnabled,
  TwoFactorSetup,
} from './admin.schemas';
