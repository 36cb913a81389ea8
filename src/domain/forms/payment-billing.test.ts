import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/runtime';
import { type FormSchema, formErrors, isFormMessage, isValidForm } from '../form-schema';
import { initialBillingForm, paymentBillingSchema, toBillingDetails } from './payment-billing';

/** The field errors as the English site shows them (the schemas give catalogue keys). */
function errorsOf<T>(schema: FormSchema<T>, values: T): Partial<Record<string, string>> {
  return Object.fromEntries(
    Object.entries<string | undefined>(formErrors(schema, values)).map(([field, message]) => [
      field,
      message !== undefined && isFormMessage(message) ? t(message) : message,
    ]),
  );
}

describe('billing details', () => {
  it('start from the account, in the United States', () => {
    expect(initialBillingForm({ name: 'Pat Parent', email: 'pat@example.com' })).toMatchObject({
      name: 'Pat Parent',
      email: 'pat@example.com',
      country: 'US',
    });
    expect(initialBillingForm(null).name).toBe('');
  });

  it('need a name and a valid e-mail; the address is optional', () => {
    const form = initialBillingForm({ name: '', email: 'not-an-email' });
    expect(errorsOf(paymentBillingSchema, form)).toEqual({
      name: 'Name on card is required.',
      email: 'Enter a valid email address.',
    });
    expect(errorsOf(paymentBillingSchema, { ...form, email: ' ' }).email).toBe('Email is required.');
    expect(isValidForm(paymentBillingSchema, { ...form, name: 'Pat', email: 'pat@example.com' })).toBe(true);
    expect(errorsOf(paymentBillingSchema, { ...form, name: 'Pat', email: 'pat@example.com', country: 'USA' })).toEqual({
      country: 'Use the two-letter country code, e.g. US.',
    });
  });

  it('become billing_details without empty parts', () => {
    const form = {
      ...initialBillingForm({ name: ' Pat ', email: 'pat@example.com' }),
      city: 'Springfield',
      country: 'us',
    };
    expect(toBillingDetails(form)).toEqual({
      name: 'Pat',
      email: 'pat@example.com',
      address: { city: 'Springfield', country: 'US' },
    });
    expect(toBillingDetails({ ...form, city: '', country: '' })).toEqual({ name: 'Pat', email: 'pat@example.com' });
  });
});
