/**
 * The billing form of /subscribe (spec §2 Subscribe: first name, last name, address, city, state or province as a
 * two-letter code, postal code, country list defaulting to United States). The view's field errors and the subscribe
 * machine's SUBSCRIBE guard read this schema; the card itself is the billing provider's.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';

/** What the person types, as the view holds it. */
// A type alias, not an interface: it then fits useForm's Record<string, string> without an index signature.
export type SubscribeBillingForm = {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

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

/** The form's messages: keys of the `form` catalogue group. */
export const BILLING_MESSAGES = {
  firstName: 'form.firstNameRequired',
  lastName: 'form.lastNameRequired',
  address: 'form.addressRequired',
  city: 'form.cityRequired',
  state: 'form.stateRequired',
  stateCode: 'form.stateCode',
  postalCode: 'form.postalCodeRequired',
  country: 'form.countryRequired',
} as const satisfies Record<string, FormKey>;

const TWO_LETTERS = /^[A-Za-z]{2}$/;

const filled = (message: FormKey) => z.string().check(z.refine((value) => value.trim() !== '', message));

export const subscribeBillingSchema = z.object({
  firstName: filled(BILLING_MESSAGES.firstName),
  lastName: filled(BILLING_MESSAGES.lastName),
  address: filled(BILLING_MESSAGES.address),
  city: filled(BILLING_MESSAGES.city),
  state: z.string().check(
    z.refine((value) => value.trim() !== '', BILLING_MESSAGES.state),
    z.refine((value) => value.trim() === '' || TWO_LETTERS.test(value.trim()), BILLING_MESSAGES.stateCode),
  ),
  postalCode: filled(BILLING_MESSAGES.postalCode),
  country: z
    .string()
    .check(z.refine((value) => COUNTRIES.some((country) => country.code === value), BILLING_MESSAGES.country)),
});

/** The billing fields of the purchase (§7 POST /api/subscribe/process) for a valid form: trimmed, state upper-cased. */
export function toSubscribeBillingDetails(form: SubscribeBillingForm) {
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
