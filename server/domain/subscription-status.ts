import type { SubscriptionRow } from '../db/schema/index.ts';

/** The seven status texts of spec §4, word for word. */
export const STATUS_MESSAGES = {
  licenseActive: 'License active.',
  licenseExpired: 'License expired.',
  licenseDisabled: 'License disabled.',
  trialActive: 'Trial period active.',
  trialEnded: 'Trial period has ended.',
  subscriptionActive: 'Subscription active.',
  subscriptionNotActive: 'Subscription not active.',
} as const;

export type StatusMessage = (typeof STATUS_MESSAGES)[keyof typeof STATUS_MESSAGES];

type StatusInput = Pick<SubscriptionRow, 'kind' | 'active' | 'disabled' | 'paidThrough' | 'trialEndsAt'>;

/** Derives the status message from the stored access and the clock. */
export function statusMessage(subscription: StatusInput, now: Date): StatusMessage {
  const after = (instant: Date | null) => instant !== null && instant.getTime() > now.getTime();
  switch (subscription.kind) {
    case 'license':
      if (subscription.disabled) return STATUS_MESSAGES.licenseDisabled;
      return after(subscription.paidThrough) ? STATUS_MESSAGES.licenseActive : STATUS_MESSAGES.licenseExpired;
    case 'trial':
      return after(subscription.trialEndsAt) ? STATUS_MESSAGES.trialActive : STATUS_MESSAGES.trialEnded;
    case 'subscription':
      if (!subscription.active || subscription.disabled) return STATUS_MESSAGES.subscriptionNotActive;
      if (after(subscription.trialEndsAt)) return STATUS_MESSAGES.trialActive;
      return after(subscription.paidThrough)
        ? STATUS_MESSAGES.subscriptionActive
        : STATUS_MESSAGES.subscriptionNotActive;
  }
}

/** The date shown next to the status (§4): access until, trial end / next charge, or the paid-through date. */
export function paidThrough(subscription: StatusInput): Date | null {
  if (subscription.kind === 'trial') return subscription.trialEndsAt;
  return subscription.paidThrough;
}
