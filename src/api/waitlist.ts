/**
 * A full team's waitlist (issue 21 point 3; docs/api.md "Waitlist"): join, look up and leave, each as the logged-in
 * guardian (`auth: 'user'`: the family is the guardian's household, never an athlete picked on this device).
 */
import { type CallOptions, requestJson } from './client';
import {
  joinedWaitlistSchema,
  leftWaitlistSchema,
  type WaitlistEntry,
  type WaitlistLookup,
  waitlistAnswerSchema,
} from './waitlist.schemas';

/** POST /api/waitlist → the family's entry (idempotent: 200 with the same entry when already on it). */
export async function joinWaitlist(license: string, options?: CallOptions): Promise<WaitlistEntry> {
  const answer = await requestJson('/api/waitlist', joinedWaitlistSchema, {
    method: 'post',
    json: { license },
    auth: 'user',
    ...options,
  });
  return answer.entry;
}

/** GET /api/waitlist?license=CODE → the family's entry, or null when it is not on that list. */
export async function getWaitlistEntry(license: string, options?: CallOptions): Promise<WaitlistEntry | null> {
  const answer = await requestJson(`/api/waitlist?license=${encodeURIComponent(license)}`, waitlistAnswerSchema, {
    auth: 'user',
    ...options,
  });
  return answer.entry;
}

/**
 * GET /api/waitlist?license=CODE for the licence page: the family's entry (or null) and, when its held spot on the
 * licence was released (issue 30 point 4), the server's text saying so.
 */
export async function lookUpWaitlist(license: string, options?: CallOptions): Promise<WaitlistLookup> {
  const answer = await requestJson(`/api/waitlist?license=${encodeURIComponent(license)}`, waitlistAnswerSchema, {
    auth: 'user',
    ...options,
  });
  return { entry: answer.entry, released: answer.released ?? null };
}

/** DELETE /api/waitlist?license=CODE (204): the family leaves; an open offer is declined and passes on. */
export async function leaveWaitlist(license: string, options?: CallOptions): Promise<void> {
  await requestJson(`/api/waitlist?license=${encodeURIComponent(license)}`, leftWaitlistSchema, {
    method: 'delete',
    auth: 'user',
    ...options,
  });
}
