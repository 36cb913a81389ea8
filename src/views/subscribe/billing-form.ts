/**
 * The billing form of /subscribe (§2 Subscribe): its fields and their order. The rules, messages and country list are
 * the form's schema (src/domain/forms/subscribe-billing.ts), which the subscribe machine's SUBSCRIBE guard reads too;
 * the countries' names are the catalogue's (issue 31).
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

import { intlLocale, type MessageKey, t } from '../../i18n/runtime';

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

/** The names of the offered countries in the catalogue, by ISO 3166 code. */
const COUNTRY_NAMES = {
  US: 'subscribe.countryUS',
  CA: 'subscribe.countryCA',
  MX: 'subscribe.countryMX',
  PR: 'subscribe.countryPR',
  GB: 'subscribe.countryGB',
  IE: 'subscribe.countryIE',
  AU: 'subscribe.countryAU',
  NZ: 'subscribe.countryNZ',
  JP: 'subscribe.countryJP',
  KR: 'subscribe.countryKR',
  TW: 'subscribe.countryTW',
  DO: 'subscribe.countryDO',
  VE: 'subscribe.countryVE',
  CU: 'subscribe.countryCU',
  PA: 'subscribe.countryPA',
  NI: 'subscribe.countryNI',
  CO: 'subscribe.countryCO',
  BR: 'subscribe.countryBR',
  NL: 'subscribe.countryNL',
  DE: 'subscribe.countryDE',
  IT: 'subscribe.countryIT',
  FR: 'subscribe.countryFR',
  ES: 'subscribe.countryES',
} as const satisfies Record<string, MessageKey>;

function isNamedCountry(code: string): code is keyof typeof COUNTRY_NAMES {
  return Object.hasOwn(COUNTRY_NAMES, code);
}

/**
 * A country's name in the language in use: the catalogue's, or, for a country the catalogue does not name (the list
 * grew), as Intl names it in the language's locale. Call it while rendering, in a component that called useT().
 */
export function countryName(code: string): string {
  if (isNamedCountry(code)) return t(COUNTRY_NAMES[code]);
  try {
    return new Intl.DisplayNames([intlLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
