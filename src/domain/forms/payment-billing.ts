/**
 * The checkout step's billing form (spec §2 Payment page: "checkout with billing info"): one schema gives the view
 * its field errors and guards the payment machine's PAY event (an invalid form is refused by the machine itself), and
 * the values become the `billing_details` handed to the card provider.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

const filled = (value: string) => value.trim() !== '';

/** Keys of the `form` catalogue group (the e-mail's texts are the guardian and create-athlete forms'). */
export const NAME_ON_CARD_REQUIRED = 'form.nameOnCardRequired' satisfies FormKey;
export const BILLING_EMAIL_REQUIRED = 'form.emailRequired' satisfies FormKey;
export const BILLING_EMAIL_INVALID = 'form.emailInvalid' satisfies FormKey;
export const COUNTRY_CODE_INVALID = 'form.countryCodeInvalid' satisfies FormKey;

/** Name and e-mail are required (the provider's receipt goes there); the address is optional. */
export const paymentBillingSchema = z.object({
  name: z.string().check(z.refine(filled, NAME_ON_CARD_REQUIRED)),
  email: z.string().check(
    z.refine(filled, BILLING_EMAIL_REQUIRED),
    z.refine((value) => !filled(value) || EMAIL.test(value.trim()), BILLING_EMAIL_INVALID),
  ),
  line1: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z
    .string()
    .check(z.refine((value) => !filled(value) || COUNTRY_CODE.test(value.trim()), COUNTRY_CODE_INVALID)),
});

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

/** The card provider's `billing_details` (Stripe's shape; src/providers/card-payments/types.ts BillingDetails). */
export interface BillingDetailsOf {
  readonly name: string;
  readonly email: string;
  readonly address?: Readonly<Partial<Record<'line1' | 'city' | 'state' | 'postal_code' | 'country', string>>>;
}

/** Stripe refuses empty strings in an address, so empty parts are left out. */
export function toBillingDetails(form: BillingForm): BillingDetailsOf {
  const address: Partial<Record<'line1' | 'city' | 'state' | 'postal_code' | 'country', string>> = {};
  const parts: ['line1' | 'city' | 'state' | 'postal_code' | 'country', string][] = [
    ['line1', form.line1],
    ['city', form.city],
    ['state', form.state],
    ['postal_code', form.postalCode],
    ['country', form.country.toUpperCase()],
  ];
  for (const [key, value] of parts) {
    if (filled(value)) address[key] = value.trim();
  }
  const details = { name: form.name.trim(), email: form.email.trim() };
  return Object.keys(address).length > 0 ? { ...details, address } : details;
}
