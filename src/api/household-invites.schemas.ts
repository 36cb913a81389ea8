/**
 * The wire schemas of the household's guardians and invites (issue 20 point 4; docs/api.md "Household and invites"),
 * beside ./household-invites.ts and out of the app shell: only /household and /household/join use them.
 */
import { z } from 'zod/mini';
import { id, nonEmptyString, orNull } from '../domain/wire';

/** One guardian of the caller's household; `is_you` marks the caller. */
export const householdGuardianSchema = z.object({
  id,
  name: orNull(z.string()),
  email: z.string(),
  relationship: orNull(z.string()),
  is_you: z.boolean(),
});
export type HouseholdGuardian = z.infer<typeof householdGuardianSchema>;

/** A pending invite (accepted, canceled and expired ones are not listed). `expires_at` is ISO. */
export const householdInviteSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  relationship: z.string(),
  expires_at: nonEmptyString,
});
export type HouseholdInvite = z.infer<typeof householdInviteSchema>;

/** The caller's household: a guardian alone is a household of one (guardians = [self], invites = []). */
export const householdSchema = z.object({
  guardians: z.array(householdGuardianSchema),
  invites: z.array(householdInviteSchema),
});
export type Household = z.infer<typeof householdSchema>;

/** GET /api/household, POST /api/household/invites/accept, DELETE /api/household/guardians/{user_id}. */
export const householdAnswerSchema = z.object({ household: householdSchema });
export type HouseholdAnswer = z.infer<typeof householdAnswerSchema>;

/** POST /api/household/invites (201). */
export const createdInviteSchema = z.object({ invite: householdInviteSchema });
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** POST /api/household/invites/lookup: the invite an e-mailed link names, for the invitee (no token needed). */
export const invitationSchema = z.object({
  name: z.string(),
  email: z.string(),
  relationship: z.string(),
  /** Null when the inviting guardian's account has no name. */
  invited_by_name: orNull(z.string()),
  expires_at: nonEmptyString,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationAnswerSchema = z.object({ invite: invitationSchema });
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;

/** The body of POST /api/household/invites (src/domain/forms/guardian-invite.ts builds it from the form). */
export interface GuardianInvitePayload {
  name: string;
  email: string;
  relationship: string;
}

/** A 204 answer has no body. */
export const noContentSchema = z.custom<undefined>((body) => body === undefined);
