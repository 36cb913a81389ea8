import { describe, expect, it } from 'vitest';
import { setLocale, t } from '../../i18n/runtime.ts';
import { isFormMessage } from '../form-schema.ts';
import { PHONE_MASK } from '../phone.ts';
import * as adminDiscountCode from './admin-discount-code.ts';
import * as adminEligibilityException from './admin-eligibility-exception.ts';
import * as adminFields from './admin-fields.ts';
import * as adminJoin from './admin-join.ts';
import * as adminLicence from './admin-licence.ts';
import * as adminRefund from './admin-refund.ts';
import * as adminSeason from './admin-season.ts';
import * as adminStaffInvite from './admin-staff-invite.ts';
import * as adminTeam from './admin-team.ts';
import * as createAthlete from './create-athlete.ts';
import * as guardian from './guardian.ts';
import * as guardianInvite from './guardian-invite.ts';
import * as password from './password.ts';
import * as passwordReset from './password-reset.ts';
import * as paymentBilling from './payment-billing.ts';
import * as phone from './phone.ts';
import { PLAYER_FIELD_MESSAGES } from './player-pages.ts';
import { BILLING_MESSAGES } from './subscribe-billing.ts';

/**
 * Issue 31: the forms' schemas give keys of the `form` catalogue group, never sentences. The English catalogue holds,
 * word for word, the texts these constants held before they became keys (the site and the server show them so).
 */
const ENGLISH = {
  adminEligibilityException: {
    EXCEPTION_ATHLETE_NEEDED: 'Enter the athlete’s username, or the guardian’s e-mail and the athlete’s name.',
    EXCEPTION_REASON_NEEDED: 'Enter the reason (at most 500 characters).',
  },
  adminDiscountCode: {
    DISCOUNT_AMOUNT_REQUIRED: 'Enter a percent off or an amount off.',
    DISCOUNT_ONE_AMOUNT: 'Enter a percent off or an amount off, not both.',
    FLAT_OFF_REQUIRED: 'Enter the amount off.',
    PERCENT_OFF_REQUIRED: 'Enter the percent off.',
    IS_ACTIVE_BOOLEAN: 'Send is_active as true or false.',
  },
  adminFields: {
    AMOUNT_INVALID: 'Enter an amount in dollars with at most two decimals, e.g. 450.00.',
    AMOUNT_TOO_BIG: 'Enter at most $1,000,000.00.',
    CODE_INVALID: 'Use 3 to 32 letters, digits and dashes.',
    CODE_REQUIRED: 'Enter a code.',
    DATE_INVALID: 'Enter a date as YYYY-MM-DD.',
    PERCENT_INVALID: 'Enter a whole percent from 0 to 100.',
    SELECTION_INVALID: 'The selected option is invalid.',
    TEXT_TOO_LONG: 'Use at most 255 characters.',
    WAIVER_TOO_LONG: 'Use at most 20,000 characters.',
    WHOLE_CENTS: 'Send the amount as a whole number of cents.',
  },
  adminJoin: {
    JOIN_NAME_REQUIRED: 'Enter your name.',
    JOIN_NAME_TOO_LONG: 'Your name may not be longer than 255 characters.',
  },
  adminLicence: {
    COACH_EXPIRY_REQUIRED: 'Enter the last day of the coach licence.',
    DATE_INVALID: 'Enter a date as YYYY-MM-DD.',
    CODE_TAKEN: 'This code is already in use.',
    LICENCE_CHANGE_REQUIRED: 'Send the seats, the pause, or both.',
    SEATS_INVALID: 'Enter a whole number of seats from 0 to 100,000.',
    SEATS_REQUIRED: 'Enter how many seats the licence has.',
    PAUSED_BOOLEAN: 'Send paused as true or false.',
  },
  adminRefund: {
    CANCEL_REASON_REQUIRED: 'Enter the reason for cancelling.',
    OFFLINE_METHOD_REQUIRED: 'Choose cash or cheque.',
    OFFLINE_NOTE_TEXT: 'Write the note as text, or leave it empty.',
    REASON_TOO_LONG: 'Use at most 500 characters.',
    REFUND_AMOUNT_REQUIRED: 'Enter the amount to refund.',
    REFUND_AMOUNT_TOO_SMALL: 'Enter an amount of at least $0.01.',
    REFUND_REASON_REQUIRED: 'Enter the reason for the refund.',
  },
  adminSeason: {
    SEASON_FIRST_INSTALLMENT_REQUIRED: 'Enter the date of the first instalment.',
    SEASON_NAME_REQUIRED: 'Enter the season’s name.',
    SEASON_START_REQUIRED: 'Enter the season’s start date.',
  },
  adminStaffInvite: {
    INVITE_STAFF_COACH_NEEDS_TEAM: 'Choose the team this coach works with.',
    INVITE_STAFF_EMAIL_INVALID: 'Enter a valid e-mail address.',
    INVITE_STAFF_NAME_REQUIRED: 'Enter the name of the person you invite.',
    INVITE_STAFF_ROLE_REQUIRED: 'Choose a role.',
    INVITE_STAFF_TEAM_ONLY_FOR_COACH: 'Only a coach is invited to a team.',
  },
  adminTeam: {
    AGE_RULE_AGES: 'Enter whole ages from 0 to 99, the youngest first.',
    AGE_RULE_CUSTOM_DATE: 'Enter the custom date (only with a custom date).',
    APP_FEE_REQUIRED: 'Enter the app fee (0 for none).',
    DEPOSIT_REQUIRED: 'Enter the athlete deposit (0 for none).',
    DEPOSIT_TOO_BIG: 'The athlete deposit may not exceed the total dues.',
    DUES_REQUIRED: 'Enter the total dues.',
    PLAN_FEE_REQUIRED: 'Enter the payment plan fee (0 for none).',
    PLAN_MONTHS_INVALID: 'Monthly plans run from 2 to 24 months, each offered once, at most 6.',
    REQUIRED_DOCUMENTS_INVALID: 'Name at most 5 documents, each once.',
    TEAM_NAME_REQUIRED: 'Enter the team’s name.',
  },
  createAthlete: {
    ATHLETE_FIRST_NAME_REQUIRED: 'Athlete first name is required.',
    ATHLETE_LAST_NAME_REQUIRED: 'Athlete last name is required.',
    EMAIL_INVALID: 'Enter a valid email address.',
    NAME_TOO_LONG: 'The name may not be longer than 255 characters.',
    OPTIONAL_PHONE_INCOMPLETE: 'Phone must have 10 digits (000-000-0000) when entered.',
    RELATIONSHIP_REQUIRED: 'Relationship is required.',
    RELATIONSHIP_TOO_LONG: 'The relationship may not be longer than 64 characters.',
    USERNAME_CHARACTERS: 'The username may contain only letters, digits, . _ and -.',
    USERNAME_REQUIRED: 'Username is required.',
    USERNAME_TOO_LONG: 'The username may not be longer than 64 characters.',
    USERNAME_TOO_SHORT: 'The username must contain at least 7 characters.',
  },
  guardian: {
    EMAIL_REQUIRED: 'Email is required.',
    FIRST_NAME_REQUIRED: 'First name is required.',
    LAST_NAME_REQUIRED: 'Last name is required.',
    PHONE_INCOMPLETE: 'Phone must have 10 digits (000-000-0000).',
    PHONE_REQUIRED: 'Phone is required.',
  },
  guardianInvite: {
    INVITE_NAME_REQUIRED: 'Name is required.',
  },
  password: {
    CONFIRM_PASSWORD_REQUIRED: 'Confirm Password is required.',
    PASSWORD_CONFIRMATION_MISMATCH: 'The password confirmation does not match.',
    PASSWORD_REQUIRED: 'Password is required.',
    PASSWORD_TOO_LONG: 'The password may not be longer than 128 characters.',
    PASSWORD_TOO_SHORT: 'The password must be at least 8 characters.',
  },
  passwordReset: {
    CONFIRM_PASSWORD_REQUIRED: 'Confirm Password is required.',
    EMAIL_REQUIRED: 'Email is required.',
    PASSWORDS_DIFFER: 'The passwords do not match.',
    PASSWORD_REQUIRED: 'Password is required.',
  },
  paymentBilling: {
    BILLING_EMAIL_INVALID: 'Enter a valid email address.',
    BILLING_EMAIL_REQUIRED: 'Email is required.',
    COUNTRY_CODE_INVALID: 'Use the two-letter country code, e.g. US.',
    NAME_ON_CARD_REQUIRED: 'Name on card is required.',
  },
  phone: {
    PHONE_CHARACTERS_INVALID: 'The phone field may contain only digits, spaces and + ( ) . -',
    PHONE_TOO_LONG: 'The phone may not be longer than 32 characters.',
  },
} as const;

const MODULES = {
  adminDiscountCode,
  adminEligibilityException,
  adminFields,
  adminJoin,
  adminLicence,
  adminRefund,
  adminSeason,
  adminStaffInvite,
  adminTeam,
  createAthlete,
  guardian,
  guardianInvite,
  password,
  passwordReset,
  paymentBilling,
  phone,
};

describe("the forms' messages (issue 31)", () => {
  it('are catalogue keys whose English texts are the forms’ texts, word for word', () => {
    for (const [name, texts] of Object.entries(ENGLISH)) {
      const module: Record<string, unknown> = MODULES[name as keyof typeof MODULES];
      for (const [constant, english] of Object.entries(texts)) {
        const key = module[constant];
        expect(typeof key === 'string' && isFormMessage(key) ? t(key) : key, `${name}.${constant}`).toBe(english);
      }
    }
  });

  it('lists every message constant above (a new one gets its English text checked)', () => {
    for (const [name, module] of Object.entries(MODULES)) {
      const listed: Record<string, string> = ENGLISH[name as keyof typeof ENGLISH];
      for (const [constant, value] of Object.entries(module)) {
        if (typeof value === 'string' && isFormMessage(value))
          expect(listed[constant], `${name}.${constant}`).toBeDefined();
      }
    }
  });

  it('give the subscribe billing form and the player pages their §2/§5 texts', () => {
    expect(Object.values(BILLING_MESSAGES).map((key) => t(key))).toEqual([
      'First name is required.',
      'Last name is required.',
      'Address is required.',
      'City is required.',
      'State or province is required.',
      'Use the two-letter code of the state or province (for example CA).',
      'Postal code is required.',
      'Country is required.',
    ]);
    expect(Object.values(PLAYER_FIELD_MESSAGES).map((key) => t(key))).toEqual([
      'Birth month is required.',
      'Birth day is required.',
      'Birth year is required.',
      'Height is required.',
      'Inches is required.',
      'Weight is required.',
      'Gender is required.',
      'Sport is required.',
      'Position is required.',
      'Season status is required.',
      'Lifting Experience is required.',
      'Agility is required.',
      'Upper Plyometrics is required.',
      'Lower Plyometrics is required.',
      'Weight Goal is required.',
    ]);
  });

  it('state the limits the rules check (a text names its number, the rule holds the constant)', () => {
    const has = (key: string, part: string | number) =>
      expect(isFormMessage(key) ? t(key) : key, key).toContain(String(part));
    has(password.PASSWORD_TOO_SHORT, password.PASSWORD_MIN_LENGTH);
    has(password.PASSWORD_TOO_LONG, password.PASSWORD_MAX_LENGTH);
    has(phone.PHONE_TOO_LONG, phone.PHONE_MAX_LENGTH);
    has(guardian.PHONE_INCOMPLETE, PHONE_MASK);
    has(createAthlete.OPTIONAL_PHONE_INCOMPLETE, PHONE_MASK);
    has(createAthlete.USERNAME_TOO_SHORT, createAthlete.USERNAME_RULES.minLength);
    has(createAthlete.USERNAME_TOO_LONG, createAthlete.USERNAME_RULES.maxLength);
    has(createAthlete.RELATIONSHIP_TOO_LONG, createAthlete.RELATIONSHIP_MAX_LENGTH);
    has(createAthlete.NAME_TOO_LONG, createAthlete.NAME_MAX_LENGTH);
    has(adminJoin.JOIN_NAME_TOO_LONG, adminJoin.JOIN_NAME_MAX);
    has(adminFields.TEXT_TOO_LONG, adminFields.TEXT_MAX_LENGTH);
    has(adminFields.WAIVER_TOO_LONG, adminFields.WAIVER_MAX_LENGTH.toLocaleString('en-US'));
    has(adminFields.AMOUNT_TOO_BIG, (adminFields.MONEY_MAX_CENTS / 100).toLocaleString('en-US'));
    has(adminRefund.REASON_TOO_LONG, adminRefund.REASON_MAX_LENGTH);
    has(adminLicence.SEATS_INVALID, adminLicence.SEATS_MAX.toLocaleString('en-US'));
    has(adminTeam.PLAN_MONTHS_INVALID, `${adminTeam.PLAN_MONTHS_MIN} to ${adminTeam.PLAN_MONTHS_MAX} months`);
    has(adminTeam.REQUIRED_DOCUMENTS_INVALID, adminTeam.REQUIRED_DOCUMENTS_MAX);
  });

  it('have their Spanish texts in the Spanish catalogue', async () => {
    await setLocale('es');
    expect(t(guardian.FIRST_NAME_REQUIRED)).toBe('El nombre es obligatorio.');
    expect(t(password.PASSWORD_TOO_SHORT)).toBe('La contraseña debe tener al menos 8 caracteres.');
    expect(t(PLAYER_FIELD_MESSAGES.birthMonth)).toBe('El mes de nacimiento es obligatorio.');
  });
});
