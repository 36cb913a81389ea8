import { describe, expect, it } from 'vitest';
import { isSecretKey } from './secret-keys';

describe('the one list of keys a saved registration never carries (issue 30 point 3)', () => {
  it.each([
    'password',
    'password_confirmation',
    'newPassword',
    'token',
    'accessToken',
    'client_secret',
    'clientSecret',
    'card',
    'cardNumber',
    'card_number',
    'cardPayments',
    'cvc',
    'CVV',
    'payment_method',
    'paymentMethodId',
    'payment-method',
    'paymentIntentId',
    'billing',
    'deeplink',
    'returned',
  ])('%s is secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each([
    'selectedPlanMonth',
    'includeProtection',
    'discount',
    'chosenAthlete',
    'athleteStep',
    'license',
    'email',
    'returnedAt',
    'hint',
  ])('%s is kept', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });
});
