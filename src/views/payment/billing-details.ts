/**
 * The checkout step's billing fields (spec §2 Payment page: "checkout with billing info"). What they hold, when they
 * are valid and what the card provider receives is src/domain/forms/payment-billing.ts.
 */
import type { BillingForm } from '../../domain/forms/payment-billing';
import type { MessageKey } from '../../i18n/runtime';

/** Each field's label, a catalogue key (issue 31): the form shows it in the language in use. */
export const BILLING_LABELS = {
  name: 'payment.billingName',
  email: 'payment.billingEmail',
  line1: 'payment.billingLine1',
  city: 'payment.billingCity',
  state: 'payment.billingState',
  postalCode: 'payment.billingPostalCode',
  country: 'payment.billingCountry',
} as const satisfies Readonly<Record<keyof BillingForm, MessageKey>>;
