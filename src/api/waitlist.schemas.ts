/**
 * The wire schemas of a team's waitlist (issue 21 point 3; docs/api.md "Waitlist"), beside ./waitlist.ts and out of
 * the app shell: only /waitlist and the licence page's waitlist check use them.
 */
import { z } from 'zod/mini';
import { nonEmptyString, orNull } from '../domain/wire';

/** The seat an offer holds for the family until `expires_at` (ISO), 48 hours after it was made. */
export const waitlistOfferSchema = z.object({ expires_at: nonEmptyString });
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/**
 * The family's place on one licence's waitlist. `position`: 1 = next; 0 while an offer is open for the family
 * (`status` 'offered', `offer` set).
 */
export const waitlistEntrySchema = z.object({
  license: nonEmptyString,
  team: z.object({ name: z.string() }),
  position: z.int().check(z.gte(0)),
  status: z.enum(['waiting', 'offered']),
  offer: orNull(waitlistOfferSchema),
  joined_at: nonEmptyString,
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** POST /api/waitlist (201, or 200 when already on it). */
export const joinedWaitlistSchema = z.object({ entry: waitlistEntrySchema });
export type JoinedWaitlist = z.infer<typeof joinedWaitlistSchema>;

/** GET /api/waitlist?license=CODE: null when the family is not on that list. */
export const waitlistAnswerSchema = z.object({
  entry: orNull(waitlistEntrySchema),
  /** Issue 30 point 4: 'Your held spot on {team} was released.' when the family's held spot was given back. */
  released: z.optional(z.string()),
});

/** The licence page's look-up of a logged-in family (issue 21 point 3, issue 30 point 4). */
export interface WaitlistLookup {
  entry: WaitlistEntry | null;
  /** The server's 'Your held spot on {team} was released.', or null. */
  released: string | null;
}
export type WaitlistAnswer = z.infer<typeof waitlistAnswerSchema>;

/** DELETE answers 204 without a body. */
export const leftWaitlistSchema = z.custom<undefined>((body) => body === undefined);
