/**
 * The family's payments (issue 15; docs/api.md): the memberships the logged-in user pays for with their schedule, and
 * the update-card calls (a SetupIntent for a new card, saving it, which charges what is due at once, and collecting
 * a payment that needed 3-D Secure). Sent with the logged-in user's token: the e-mailed links open these pages in a
 * browser where no athlete may be stored, and the server lets a guardian see their athletes' memberships.
 * Money is integer cents on the wire already.
 */
import { type CallOptions, requestJson } from './client';
import {
  type CardSetup,
  type CollectionResult,
  cardSetupSchema,
  collectionResultSchema,
  type MembershipList,
  membershipListSchema,
} from './payments.schemas';

/** GET /api/memberships → the caller's memberships, newest first. */
export function getMemberships(options?: CallOptions): Promise<MembershipList> {
  return requestJson('/api/memberships', membershipListSchema, { auth: 'user', ...options });
}

/** POST /api/memberships/{id}/card-setup → a SetupIntent for the card form to confirm. */
export function setupCard(membershipId: number, options?: CallOptions): Promise<CardSetup> {
  return requestJson(`/api/memberships/${membershipId}/card-setup`, cardSetupSchema, {
    method: 'post',
    json: {},
    auth: 'user',
    ...options,
  });
}

/**
 * POST /api/memberships/{id}/card: saves the confirmed SetupIntent's card as the membership's card and charges every
 * failed or overdue phase at once (409 unless the SetupIntent succeeded).
 */
export function saveCard(
  membershipId: number,
  body: { setup_intent_id: string },
  options?: CallOptions,
): Promise<CollectionResult> {
  return requestJson(`/api/memberships/${membershipId}/card`, collectionResultSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}

/** POST /api/memberships/{id}/collect: records a payment the family authenticated (idempotent). */
export function collect(
  membershipId: number,
  body: { payment_intent_id: string },
  options?: CallOptions,
): Promise<CollectionResult> {
  return requestJson(`/api/memberships/${membershipId}/collect`, collectionResultSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}
