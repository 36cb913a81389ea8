import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/runtime.ts';
import { formErrors, isFormMessage, isValidForm } from '../form-schema.ts';
import { PHONE_MASK } from '../phone.ts';
import {
  createAthleteSchema,
  EMAIL_INVALID,
  NAME_MAX_LENGTH,
  NAME_TOO_LONG,
  RELATIONSHIP_TOO_LONG,
  USERNAME_CHARACTERS,
  USERNAME_REQUIRED,
  USERNAME_TOO_LONG,
  USERNAME_TOO_SHORT,
} from './create-athlete.ts';
import { guardianSchema, PHONE_INCOMPLETE } from './guardian.ts';
import { loginSchema } from './login.ts';
import {
  PASSWORD_CONFIRMATION_MISMATCH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from './password.ts';
import { passwordResetSchema, resetRequestSchema } from './password-reset.ts';
import {
  EMPTY_PLAYER_FORM,
  playerPageOneSchema,
  playerPageOneTextSchema,
  playerPageTwoTextSchema,
} from './player-pages.ts';
import { subscribeBillingSchema } from './subscribe-billing.ts';
import { subscribeCouponSchema } from './subscribe-coupon.ts';

/** Each field's message as the English site shows it (the schemas give catalogue keys; the tests render English). */
function inEnglish(errors: Partial<Record<string, string>>): Partial<Record<string, string>> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, message && isFormMessage(message) ? t(message) : message]),
  );
}

const guardian = {
  firstName: 'Pat',
  lastName: 'Rivera',
  phone: '555-123-4567',
  email: 'parent@example.com',
  password: 'Password1!',
  confirmPassword: 'Password1!',
};

describe('guardian form schema (§5, server password rules)', () => {
  it('states the server minimum and maximum in its texts', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(t('common.passwordHint', { min: PASSWORD_MIN_LENGTH })).toBe('At least 8 characters.');
    expect(t(PASSWORD_TOO_SHORT)).toBe(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
    expect(t(PASSWORD_TOO_LONG)).toBe(`The password may not be longer than ${PASSWORD_MAX_LENGTH} characters.`);
    expect(t(PHONE_INCOMPLETE)).toBe(`Phone must have 10 digits (${PHONE_MASK}).`);
  });

  it('reports a short password and a confirmation that does not match, on their fields', () => {
    expect(
      formErrors(guardianSchema({ creating: true }), { ...guardian, password: 'abc', confirmPassword: 'abd' }),
    ).toEqual({
      password: PASSWORD_TOO_SHORT,
      confirmPassword: PASSWORD_CONFIRMATION_MISMATCH,
    });
    expect(
      formErrors(guardianSchema({ creating: true }), {
        ...guardian,
        password: '12345678',
        confirmPassword: '12345678',
      }),
    ).toEqual({});
  });

  it('refuses a password longer than the server stores (128 characters)', () => {
    const withPassword = (password: string) =>
      formErrors(guardianSchema({ creating: true }), { ...guardian, password, confirmPassword: password }).password;
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect([withPassword('p'.repeat(128)), withPassword('p'.repeat(129))]).toEqual([undefined, PASSWORD_TOO_LONG]);
  });

  it('shows the mismatch while other fields are still empty', () => {
    const errors = formErrors(guardianSchema({ creating: true }), { ...guardian, firstName: '', confirmPassword: 'x' });
    expect(errors.confirmPassword).toBe(PASSWORD_CONFIRMATION_MISMATCH);
    expect(inEnglish(errors).firstName).toBe('First name is required.');
  });

  it('ignores the password fields when editing the stored account', () => {
    expect(isValidForm(guardianSchema({ creating: false }), { ...guardian, password: '', confirmPassword: '' })).toBe(
      true,
    );
  });

  it('names the incomplete phone', () => {
    expect(inEnglish(formErrors(guardianSchema({ creating: false }), { ...guardian, phone: '555-12' })).phone).toBe(
      'Phone must have 10 digits (000-000-0000).',
    );
  });
});

describe('create athlete schema (§5)', () => {
  const athlete = {
    firstName: 'Sam',
    lastName: 'Rivera',
    relationship: 'Other',
    customRelationship: '',
    username: 'samrivera',
    password: 'Password1!',
    confirmPassword: 'Password1!',
    email: '',
    phone: '',
  };
  it("asks for the typed relationship when 'Other' is chosen", () => {
    expect(inEnglish(formErrors(createAthleteSchema, athlete))).toEqual({
      customRelationship: 'Relationship is required.',
    });
    expect(isValidForm(createAthleteSchema, { ...athlete, customRelationship: 'step father' })).toBe(true);
  });

  // The server's rules (server/routes/auth.ts register-athlete builds its schema from the same constants).
  const valid = { ...athlete, customRelationship: 'step father' };
  it('refuses a username shorter than 7 characters, longer than 64 or with other characters, on the trimmed value', () => {
    expect(formErrors(createAthleteSchema, { ...valid, username: 'casey6' }).username).toBe(USERNAME_TOO_SHORT);
    expect(formErrors(createAthleteSchema, { ...valid, username: '  casey6  ' }).username).toBe(USERNAME_TOO_SHORT);
    expect(isValidForm(createAthleteSchema, { ...valid, username: ' casey07 ' })).toBe(true);
    expect(formErrors(createAthleteSchema, { ...valid, username: 'x'.repeat(65) }).username).toBe(USERNAME_TOO_LONG);
    expect(isValidForm(createAthleteSchema, { ...valid, username: 'x'.repeat(64) })).toBe(true);
    expect(formErrors(createAthleteSchema, { ...valid, username: 'casey rivera' }).username).toBe(USERNAME_CHARACTERS);
    expect(isValidForm(createAthleteSchema, { ...valid, username: 'casey.r_1-2' })).toBe(true);
    expect(formErrors(createAthleteSchema, { ...valid, username: ' ' }).username).toBe(USERNAME_REQUIRED);
  });

  it("refuses the server's short passwords, a mismatched confirmation, long texts and a broken e-mail", () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(formErrors(createAthleteSchema, { ...valid, password: short, confirmPassword: short }).password).toBe(
      PASSWORD_TOO_SHORT,
    );
    expect(formErrors(createAthleteSchema, { ...valid, confirmPassword: 'Password2!' }).confirmPassword).toBe(
      PASSWORD_CONFIRMATION_MISMATCH,
    );
    expect(formErrors(createAthleteSchema, { ...valid, customRelationship: 'r'.repeat(65) }).customRelationship).toBe(
      RELATIONSHIP_TOO_LONG,
    );
    expect(isValidForm(createAthleteSchema, { ...valid, customRelationship: 'r'.repeat(64) })).toBe(true);
    expect(formErrors(createAthleteSchema, { ...valid, email: 'sam@' }).email).toBe(EMAIL_INVALID);
    expect(isValidForm(createAthleteSchema, { ...valid, email: ' sam@example.com ' })).toBe(true);
    expect(formErrors(createAthleteSchema, { ...valid, lastName: 'R'.repeat(NAME_MAX_LENGTH) }).lastName).toBe(
      NAME_TOO_LONG,
    );
    // A long custom text left behind when another relationship is chosen is not sent, so it does not count.
    expect(
      isValidForm(createAthleteSchema, { ...valid, relationship: 'Mother', customRelationship: 'r'.repeat(65) }),
    ).toBe(true);
  });
});

describe('login and password reset schemas', () => {
  it('need the fields filled', () => {
    expect(inEnglish(formErrors(loginSchema, { email: ' ', password: '' }))).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(isValidForm(resetRequestSchema, { email: 'pat@example.com' })).toBe(true);
    expect(
      inEnglish(formErrors(passwordResetSchema, { email: 'a@b.c', password: 'one', passwordConfirmation: 'two' })),
    ).toEqual({ passwordConfirmation: 'The passwords do not match.' });
  });
});

describe('subscribe schemas (§2, §5 Subscribe)', () => {
  const billing = {
    firstName: 'Pat',
    lastName: 'Rivera',
    address: '1 Main St',
    city: 'Springfield',
    state: 'il',
    postalCode: '62701',
    country: 'US',
  };
  it('takes a two-letter state and a listed country', () => {
    expect(isValidForm(subscribeBillingSchema, billing)).toBe(true);
    expect(Object.keys(formErrors(subscribeBillingSchema, { ...billing, state: 'Illinois', country: 'XX' }))).toEqual([
      'state',
      'country',
    ]);
  });

  it('refuses a typed coupon that is not the applied one; an empty one counts as none', () => {
    expect(inEnglish(formErrors(subscribeCouponSchema, { coupon: 'SAVE5', applied: null }))).toEqual({
      coupon: 'Apply your coupon code to your order before submitting.',
    });
    expect(isValidForm(subscribeCouponSchema, { coupon: ' ', applied: null })).toBe(true);
    expect(isValidForm(subscribeCouponSchema, { coupon: 'SAVE5', applied: 'SAVE5' })).toBe(true);
  });
});

describe('player page schemas (§5)', () => {
  it('give the §5 message of each invalid field, over the form and over the texts', () => {
    expect(inEnglish(formErrors(playerPageOneSchema, EMPTY_PLAYER_FORM)).birthMonth).toBe('Birth month is required.');
    const texts = {
      experienceLifting: '1',
      experienceAgility: '',
      experienceUpperPlyo: '1',
      experienceLowerPlyo: '1',
      weightGoal: '2',
    };
    expect(inEnglish(formErrors(playerPageTwoTextSchema, texts))).toEqual({
      experienceAgility: 'Agility is required.',
    });
    const pageOne = {
      birthMonth: '13',
      birthDay: '7',
      birthYear: '2012',
      heightFeet: '5',
      heightInches: '2',
      weight: '120',
      gender: 'f',
      sport: '1',
      position: '3',
      seasonStatus: '1',
    };
    expect(inEnglish(formErrors(playerPageOneTextSchema, pageOne))).toEqual({ birthMonth: 'Birth month is required.' });
  });
});
