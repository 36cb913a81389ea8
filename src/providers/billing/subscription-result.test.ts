import { describe, expect, it } from 'vitest';
import { text } from '../../i18n/runtime';
import { subscriptionErrorText } from './subscription-result';

describe('subscriptionErrorText (§8 subscription card statuses)', () => {
  it.each([
    [
      'declined',
      'subscribe.cardDeclined',
      'Your card was declined. Please check your payment information and try again.',
    ],
    ['nosubplan', 'subscribe.cardNoPlan', "We didn't find your subscription plan"],
    [
      'processor',
      'subscribe.cardProcessor',
      'We had an error processing your card. Please try again later or contact support.',
    ],
    [
      'error',
      'subscribe.cardError',
      'We had a problem processing your card. Please try again later or contact support.',
    ],
  ])('shows the §8 text for %s, as a catalogue message', (code, key, english) => {
    const shown = subscriptionErrorText(code);
    expect(shown).toEqual({ key });
    expect(typeof shown === 'string' ? shown : text(shown)).toBe(english);
  });

  it('shows any other text as it is (the server wrote it in the language in use)', () => {
    expect(subscriptionErrorText('Your card details have expired. Please enter your card again.')).toBe(
      'Your card details have expired. Please enter your card again.',
    );
    expect(subscriptionErrorText('toString')).toBe('toString');
  });

  it('never shows an empty message', () => {
    // 'We had a problem processing your card. Please try again later or contact support.'
    expect(subscriptionErrorText('  ')).toEqual({ key: 'subscribe.cardError' });
  });
});
