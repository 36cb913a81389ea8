/**
 * The checkout step's billing details (spec §2 Payment page: "checkout with billing info"): what the payer types,
 * when it is complete, and the `billing_details` handed to the card provider.
 */
import type { BillingDetails } from '../../providers/card-payments/types';

// A type alias (not an interface) so it fits useForm's Record<string, string> constraint without an index signature.
export type BillingForm = {
  name: string;
  email: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

export const BILLING_LABELS: Readonly<Record<keyof BillingForm, string>> = {
  name: 'Name on card',
  email: 'Email',
  line1: 'Address',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  country: 'Country',
};

/** Pre-filled from the account so most payers type nothing but the card (country: the product's default, US). */
export function initialBillingForm(user: { name: string | null; email: string } | null): BillingForm {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    line1: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'US',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name and e-mail are required (the provider's receipt goes there); the address is optional. */
export function billingFormErrors(form: BillingForm): Partial<Record<keyof BillingForm, string>> {
  const errors: Partial<Record<keyof BillingForm, string>> = {};
  if (form.name.trim() === '') errors.name = 'Name on card is required.';
  if (form.email.trim() === '') errors.email = 'Email is required.';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Enter a valid email address.';
  if (form.country.trim() !== '' && !/^[A-Za-z]{2}$/.test(form.country.trim())) {
    errors.country = 'Use the two-letter country code, e.g. US.';
  }
  return errors;
}

export function isBillingFormComplete(form: BillingForm): boolean {
  return Object.keys(billingFormErrors(form)).length === 0;
}

/** Stripe refuses empty strings in an address, so empty parts are left out. */
export function toBillingDetails(form: BillingForm): BillingDetails {
  const address: Record<string, string> = {};
  const parts: [keyof NonNullable<BillingDetails['address']>, string][] = [
    ['line1', form.line1],
    ['city', form.city],
    ['state', form.state],
    ['postal_code', form.postalCode],
    ['country', form.country.toUpperCase()],
  ];
  for (const [key, value] of parts) {
    if (value.trim() !== '') address[key] = value.trim();
  }
  const details = { name: form.name.trim(), email: form.email.trim() };
  return Object.keys(address).length > 0 ? { ...details, address } : details;
}
