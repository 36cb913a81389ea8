/**
 * The billing form of /subscribe (§2 Subscribe): its fields, their rules and the country list. src/domain has no
 * billing-form rule, so it lives with the flow (pure functions, tested beside).
 */
import type { BillingDetails } from '../../providers/billing/billing-provider';

/** What the person types, as the view holds it. */
export interface BillingForm extends Record<string, string> {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** The countries offered, by ISO 3166 code; the United States first, as it is the default (§2 Subscribe). */
export const COUNTRIES: ReadonlyArray<{ readonly code: string; readonly name: string }> = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'MX', name: 'Mexico' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'JP', name: 'Japan' },
  { code: 'KR', name: 'South Korea' },
  { code: 'TW', name: 'Taiwan' },
  { code: 'DO', name: 'Dominican Republic' },
  { code: 'VE', name: 'Venezuela' },
  { code: 'CU', name: 'Cuba' },
  { code: 'PA', name: 'Panama' },
  { code: 'NI', name: 'Nicaragua' },
  { code: 'CO', name: 'Colombia' },
  { code: 'BR', name: 'Brazil' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'DE', name: 'Germany' },
  { code: 'IT', name: 'Italy' },
  { code: 'FR', name: 'France' },
  { code: 'ES', name: 'Spain' },
];

export const DEFAULT_COUNTRY = 'US';

/** The fields in the order the form shows them. */
export const BILLING_FIELDS: ReadonlyArray<keyof BillingForm> = [
  'firstName',
  'lastName',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
];

export const EMPTY_BILLING_FORM: BillingForm = {
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
};

export const BILLING_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  address: 'Address is required.',
  city: 'City is required.',
  state: 'State or province is required.',
  stateCode: 'Use the two-letter code of the state or province (for example CA).',
  postalCode: 'Postal code is required.',
  country: 'Country is required.',
} as const;

const TWO_LETTERS = /^[A-Za-z]{2}$/;

/** The error of each field, or undefined when it is fine. */
export function validateBillingForm(form: BillingForm): Partial<Record<keyof BillingForm, string>> {
  const blank = (value: string) => value.trim() === '';
  const state = form.state.trim();
  return {
    firstName: blank(form.firstName) ? BILLING_MESSAGES.firstName : undefined,
    lastName: blank(form.lastName) ? BILLING_MESSAGES.lastName : undefined,
    address: blank(form.address) ? BILLING_MESSAGES.address : undefined,
    city: blank(form.city) ? BILLING_MESSAGES.city : undefined,
    state: state === '' ? BILLING_MESSAGES.state : TWO_LETTERS.test(state) ? undefined : BILLING_MESSAGES.stateCode,
    postalCode: blank(form.postalCode) ? BILLING_MESSAGES.postalCode : undefined,
    country: COUNTRIES.some((country) => country.code === form.country) ? undefined : BILLING_MESSAGES.country,
  };
}

/** The submitted form as the billing fields of the purchase: trimmed, the state upper-cased. */
export function toBillingDetails(form: BillingForm): BillingDetails {
  return {
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    address: form.address.trim(),
    city: form.city.trim(),
    state: form.state.trim().toUpperCase(),
    postal_code: form.postalCode.trim(),
    country: form.country,
  };
}
