/**
 * The household's guardians and invites (issue 20 point 4; docs/api.md "Household and invites"): the household, an
 * invite by e-mail, canceling it, removing another guardian, and for the invitee looking the e-mailed link up (no
 * login needed) and accepting it with their own session. The invite token travels only in request bodies, never in
 * a URL of ours or a log.
 */
import { type CallOptions, requestJson } from './client';
import {
  type CreatedInvite,
  createdInviteSchema,
  type GuardianInvitePayload,
  type HouseholdAnswer,
  householdAnswerSchema,
  type InvitationAnswer,
  invitationAnswerSchema,
  noContentSchema,
} from './household-invites.schemas';

/** GET /api/household → the caller's guardians and pending invites. */
export function getHousehold(options?: CallOptions): Promise<HouseholdAnswer> {
  return requestJson('/api/household', householdAnswerSchema, { auth: 'user', ...options });
}

/** POST /api/household/invites → the pending invite (an e-mail with the link goes to `email`). */
export function inviteGuardian(body: GuardianInvitePayload, options?: CallOptions): Promise<CreatedInvite> {
  return requestJson('/api/household/invites', createdInviteSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}

/** DELETE /api/household/invites/{id} (204): cancels a pending invite; its link stops working. */
export async function cancelInvite(inviteId: number, options?: CallOptions): Promise<void> {
  await requestJson(`/api/household/invites/${inviteId}`, noContentSchema, {
    method: 'delete',
    auth: 'user',
    ...options,
  });
}

/** POST /api/household/invites/lookup (no login) → the invite the e-mailed link names; 404/410 when it cannot be used. */
export function lookupInvite(token: string, options?: CallOptions): Promise<InvitationAnswer> {
  return requestJson('/api/household/invites/lookup', invitationAnswerSchema, {
    method: 'post',
    json: { token },
    auth: 'none',
    ...options,
  });
}

/** POST /api/household/invites/accept (the invitee's session) → the household they joined. */
export function acceptInvite(token: string, options?: CallOptions): Promise<HouseholdAnswer> {
  return requestJson('/api/household/invites/accept', householdAnswerSchema, {
    method: 'post',
    json: { token },
    auth: 'user',
    ...options,
  });
}

/** DELETE /api/household/guardians/{user_id} → the household without that guardian. */
export function removeGuardian(userId: number, options?: CallOptions): Promise<HouseholdAnswer> {
  return requestJson(`/api/household/guardians/${userId}`, householdAnswerSchema, {
    method: 'delete',
    auth: 'user',
    ...options,
  });
}
