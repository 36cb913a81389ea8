/**
 * The seven subscription status texts of spec §4, one copy for the site and the server: the server derives which one
 * a user has (server/domain/subscription-status.ts) and sends it word for word; the site recognises it and
 * account-status.ts turns it into the dashboard's 'Your Account' text. Only the seven texts live here, so that the
 * pages that merely compare a status (licence, subscribe) load nothing more.
 */

/** The seven status messages of §4, word for word: the server sends these, the site recognises these. */
export const SUBSCRIPTION_STATUS = {
  licenseActive: 'License active.',
  licenseExpired: 'License expired.',
  licenseDisabled: 'License disabled.',
  trialActive: 'Trial period active.',
  trialEnded: 'Trial period has ended.',
  subscriptionActive: 'Subscription active.',
  subscriptionNotActive: 'Subscription not active.',
} as const;

/** One of the seven §4 status messages. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[keyof typeof SUBSCRIPTION_STATUS];

const ALL_STATUSES: readonly string[] = Object.values(SUBSCRIPTION_STATUS);

/** Whether a text is one of the seven §4 status messages. */
export function isSubscriptionStatus(text: string): text is SubscriptionStatus {
  return ALL_STATUSES.includes(text);
}

/**
 * §4 active licence, for a coach: the dashboard's label before the paid-through date, in the coach licence page's
 * words (§2). Here rather than in account-status.ts because the licence page shows it too.
 */
export const COACH_FULL_ACCESS_UNTIL_TEXT = 'You have full access to the Coach app until:';
