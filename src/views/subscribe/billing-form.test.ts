import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/runtime';
import {
  BILLING_MESSAGES,
  type BillingForm,
  COUNTRIES,
  EMPTY_BILLING_FORM,
  toBillingDetails,
  validateBillingForm,
} from './billing-form';

const filled: BillingForm = {
  firstName: ' Pat ',
  lastName: 'Rivera',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'il',
  postalCode: ' 62701 ',
  country: 'US',
};

const errorsOf = (form: BillingForm) => Object.values(validateBillingForm(form)).filter(Boolean);

describe('the billing form (§2 Subscribe)', () => {
  it('defaults the country to the United States and offers Canada', () => {
    expect(EMPTY_BILLING_FORM.country).toBe('US');
    expect(COUNTRIES.find((country) => country.code === 'US')?.name).toBe('United States');
    expect(COUNTRIES.find((country) => country.code === 'CA')?.name).toBe('Canada');
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
  });

  it('requires every field of an empty form', () => {
    expect(validateBillingForm(EMPTY_BILLING_FORM)).toEqual({
      firstName: BILLING_MESSAGES.firstName,
      lastName: BILLING_MESSAGES.lastName,
      address: BILLING_MESSAGES.address,
      city: BILLING_MESSAGES.city,
      state: BILLING_MESSAGES.state,
      postalCode: BILLING_MESSAGES.postalCode,
      country: undefined,
    });
  });

  it('accepts a complete form', () => {
    expect(errorsOf(filled)).toEqual([]);
  });

  it('treats whitespace as empty', () => {
    const error = validateBillingForm({ ...filled, city: '   ' }).city;
    // The form's messages are catalogue keys (issue 31), said where they show: 'City is required.'
    expect(error).toBe(BILLING_MESSAGES.city);
    expect(t(BILLING_MESSAGES.city)).toBe('City is required.');
  });

  it('wants the state or province as a two-letter code', () => {
    expect(validateBillingForm({ ...filled, state: 'Illinois' }).state).toBe(BILLING_MESSAGES.stateCode);
    expect(validateBillingForm({ ...filled, state: 'I1' }).state).toBe(BILLING_MESSAGES.stateCode);
    expect(validateBillingForm({ ...filled, state: 'ON' }).state).toBeUndefined();
  });

  it('refuses a country outside the list', () => {
    expect(validateBillingForm({ ...filled, country: 'XX' }).country).toBe(BILLING_MESSAGES.country);
  });

  it('sends trimmed fields with the state upper-cased, in the names of subscribe/process', () => {
    expect(toBillingDetails(filled)).toEqual({
      first_name: 'Pat',
      last_name: 'Rivera',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      country: 'US',
    });
  });
});
