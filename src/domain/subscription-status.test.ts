import { describe, expect, it } from 'vitest';
import { isSubscriptionStatus, SUBSCRIPTION_STATUS } from './subscription-status.ts';

describe('the seven status messages (§4)', () => {
  it('are the server texts word for word', () => {
    expect(Object.values(SUBSCRIPTION_STATUS)).toEqual([
      'License active.',
      'License expired.',
      'License disabled.',
      'Trial period active.',
      'Trial period has ended.',
      'Subscription active.',
      'Subscription not active.',
    ]);
  });
});

describe('isSubscriptionStatus', () => {
  it('recognises the seven texts only', () => {
    for (const status of Object.values(SUBSCRIPTION_STATUS)) expect(isSubscriptionStatus(status)).toBe(true);
    expect(isSubscriptionStatus('License active')).toBe(false);
    expect(isSubscriptionStatus('')).toBe(false);
  });
});
