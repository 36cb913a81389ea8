/**
 * The billing form of /subscribe (§2 Subscribe): its fields and their order. The rules, messages and country list are
 * the form's schema (src/domain/forms/subscribe-billing.ts), which the subscribe machine's SUBSCRIBE guard reads too.
 */

import { formErrors } from '../../domain/form-schema';
import {
  BILLING_MESSAGES,
  COUNTRIES,
  DEFAULT_COUNTRY,
  type SubscribeBillingForm,
  subscribeBillingSchema,
  toSubscribeBillingDetails,
} from '../../domain/forms/subscribe-billing';

export type BillingForm = SubscribeBillingForm;
export { BILLING_MESSAGES, COUNTRIES, DEFAULT_COUNTRY };

/** The fields in the order the form shows them. */
export const BILLING_FIELDS: ReadonlyArray<keyof BillingForm & string> = [
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

/** The error of each field, or none when it is fine (the schema's first message per field). */
export function validateBillingForm(form: BillingForm): Partial<Record<keyof BillingForm, string>> {
  return formErrors(subscribeBillingSchema, form);
}

/** The submitted form as the billing fields of the purchase: trimmed, the state upper-cased. */
export const toBillingDetails = toSubscribeBillingDetails;
