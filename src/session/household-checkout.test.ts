import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetHouseholdCheckout,
  HOUSEHOLD_CHECKOUT_KEY,
  householdCheckoutFor,
  keepHouseholdCheckout,
} from './household-checkout';

afterEach(() => sessionStorage.clear());

describe('the family checkout kept through 3-D Secure (issue 20 point 6)', () => {
  it('is found for the intent it is paid by, in this tab only (sessionStorage), and forgotten once recorded', () => {
    keepHouseholdCheckout({ checkoutId: 'hc_1', intentId: 'pi_1' });
    expect(localStorage.getItem(HOUSEHOLD_CHECKOUT_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(HOUSEHOLD_CHECKOUT_KEY) ?? 'null')).toEqual({
      checkoutId: 'hc_1',
      intentId: 'pi_1',
    });
    expect(householdCheckoutFor('pi_1')).toEqual({ checkoutId: 'hc_1', intentId: 'pi_1' });
    // A one-athlete payment's intent is not the family checkout's.
    expect(householdCheckoutFor('pi_other')).toBeNull();
    forgetHouseholdCheckout();
    expect(householdCheckoutFor('pi_1')).toBeNull();
  });

  it('ignores what is not a kept checkout', () => {
    sessionStorage.setItem(HOUSEHOLD_CHECKOUT_KEY, '{not json');
    expect(householdCheckoutFor('pi_1')).toBeNull();
    sessionStorage.setItem(HOUSEHOLD_CHECKOUT_KEY, JSON.stringify({ checkoutId: 'hc_1' }));
    expect(householdCheckoutFor('pi_1')).toBeNull();
  });
});
