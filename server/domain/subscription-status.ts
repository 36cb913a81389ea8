import { SUBSCRIPTION_STATUS, type SubscriptionStatus } from '../../src/domain/subscription-status.ts';
import type { SubscriptionRow } from '../db/schema/index.ts';

/**
 * Which of the seven status texts of spec §4 a stored subscription has now. The texts are the site's constants
 * (src/domain/subscription-status.ts), so the message the server sends is the one the dashboard recognises.
 */

type StatusInput = Pick<SubscriptionRow, 'kind' | 'active' | 'disabled' | 'paidThrough' | 'trialEndsAt'>;

/** Derives the status message from the stored access and the clock. */
export function statusMessage(subscription: StatusInput, now: Date): SubscriptionStatus {
  const after = (instant: Date | null) => instant !== null && instant.getTime() > now.getTime();
  switch (subscription.kind) {
    case 'license':
      if (subscription.disabled) return SUBSCRIPTION_STATUS.licenseDisabled;
      return after(subscription.paidThrough) ? SUBSCRIPTION_STATUS.licenseActive : SUBSCRIPTION_STATUS.licenseExpired;
    case 'trial':
      return after(subscription.trialEndsAt) ? SUBSCRIPTION_STATUS.trialActive : SUBSCRIPTION_STATUS.trialEnded;
    case 'subscription':
      if (!subscription.active || subscription.disabled) return SUBSCRIPTION_STATUS.subscriptionNotActive;
      if (after(subscription.trialEndsAt)) return SUBSCRIPTION_STATUS.trialActive;
      return after(subscription.paidThrough)
        ? SUBSCRIPTION_STATUS.subscriptionActive
        : SUBSCRIPTION_STATUS.subscriptionNotActive;
  }
}

/** The date shown next to the status (§4): access until, trial end / next charge, or the paid-through date. */
export function paidThrough(subscription: StatusInput): Date | null {
  if (subscription.kind === 'trial') return subscription.trialEndsAt;
  return subscription.paidThrough;
}
