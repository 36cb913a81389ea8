import { describe, expect, it } from 'vitest';
import { subscriptionErrorText } from './subscription-result';

describe('subscriptionErrorText (§8 subscription card statuses)', () => {
  it.each([
    ['declined', 'Your card was declined. Please check your payment information and try again.'],
    ['nosubplan', "We didn't find your subscription plan"],
    ['processor', 'We had an error processing your card. Please try again later or contact support.'],
    ['error', 'We had a problem processing your card. Please try again later or contact support.'],
  ])('shows the §8 text for %s', (code, text) => {
    expect(subscriptionErrorText(code)).toBe(text);
  });

  it('shows any other text as it is', () => {
    expect(subscriptionErrorText('Your card details have expired. Please enter your card again.')).toBe(
      'Your card details have expired. Please enter your card again.',
    );
    expect(subscriptionErrorText('toString')).toBe('toString');
  });

  it('never shows an empty message', () => {
    expect(subscriptionErrorText('  ')).toBe(
      'We had a problem processing your card. Please try again later or contact support.',
    );
  });
});
