/**
 * The checkout step's billing fields (spec §2 Payment page: "checkout with billing info"). What they hold, when they
 * are valid and what the card provider receives is src/domain/forms/payment-billing.ts.
 */
import type { BillingForm } from '../../domain/forms/payment-billing';

export const BILLING_LABELS: Readonly<Record<keyof BillingForm, string>> = {
  name: 'Name on card',
  email: 'Email',
  line1: 'Address',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  country: 'Country',
};
