import { describe, expect, it } from 'vitest';
import { t } from '../i18n/runtime.ts';
import { isGuardianFormValid, toGuardianAccountFields, toRegistrationPayload } from './account-forms.ts';
import { isCreateAthleteFormValid, toAthleteAccountPayload } from './athlete-account-forms.ts';
import type { NewAthleteFormValues as NewAthleteForm } from './forms/create-athlete.ts';
import type { GuardianFormValues as GuardianForm } from './forms/guardian.ts';

const athlete: NewAthleteForm = {
  firstName: 'Sam',
  lastName: 'Rivera',
  relationship: 'Mother',
  customRelationship: '',
  username: 'samrivera',
  password: 'Password1!',
  confirmPassword: 'Password1!',
  email: '',
  phone: '',
};

const guardian: GuardianForm = {
  firstName: 'Pat',
  lastName: 'Rivera',
  phone: '555-123-4567',
  email: 'parent@example.com',
  password: 'Password1!',
  confirmPassword: 'Password1!',
};

describe('create athlete form (§5)', () => {
  it('shows the username hint text', () => {
    // The create-athlete form shows it from the catalogue (src/views/athletes/create-athlete-step.tsx).
    expect(t('athletes.usernameHint')).toBe('Must contain 7 characters long.');
  });

  it('is valid with every required field and no optional ones', () => {
    expect(isCreateAthleteFormValid(athlete)).toBe(true);
  });

  it.each([
    ['first name', { firstName: '  ' }],
    ['last name', { lastName: '' }],
    ['a name that cleans to nothing', { lastName: '...' }],
    ['relationship', { relationship: '' }],
    ['custom relationship for Other', { relationship: 'Other', customRelationship: ' ' }],
    ['username', { username: '' }],
    ['password', { password: '' }],
    ['confirm password', { confirmPassword: '' }],
    ['a short phone', { phone: '555-123-456' }],
  ] satisfies [string, Partial<NewAthleteForm>][])('is disabled without %s', (_label, change) => {
    expect(isCreateAthleteFormValid({ ...athlete, ...change })).toBe(false);
    expect(toAthleteAccountPayload({ ...athlete, ...change })).toBeNull();
  });

  it('builds the athlete account payload, leaving out empty optional fields', () => {
    expect(toAthleteAccountPayload({ ...athlete, firstName: ' sam. ', lastName: 'Rivera ' })).toEqual({
      name: 'sam Rivera',
      username: 'samrivera',
      password: 'Password1!',
      password_confirmation: 'Password1!',
      relationship: 'Mother',
    });
  });

  it('sends the custom relationship, phone digits and e-mail when given', () => {
    expect(
      toAthleteAccountPayload({
        ...athlete,
        relationship: 'Other',
        customRelationship: 'step father',
        phone: '555-123-4567',
        email: ' sam@example.com ',
      }),
    ).toEqual({
      name: 'Sam Rivera',
      username: 'samrivera',
      password: 'Password1!',
      password_confirmation: 'Password1!',
      relationship: 'Step Father',
      phone: '5551234567',
      email: 'sam@example.com',
    });
  });
});

describe('guardian form (§5)', () => {
  it('requires passwords only when creating', () => {
    const withoutPasswords = { ...guardian, password: '', confirmPassword: '' };
    expect(isGuardianFormValid(guardian, { creating: true })).toBe(true);
    expect(isGuardianFormValid(withoutPasswords, { creating: true })).toBe(false);
    expect(isGuardianFormValid(withoutPasswords, { creating: false })).toBe(true);
  });

  it.each([
    ['first name', { firstName: '' }],
    ['last name', { lastName: ' ' }],
    ['phone', { phone: '' }],
    ['a full phone', { phone: '555-123' }],
    ['e-mail', { email: '  ' }],
    ['confirm password', { confirmPassword: '' }],
    ['a password of at least 8 characters (the server rule)', { password: 'Short1!', confirmPassword: 'Short1!' }],
    ['a matching confirmation (the server rule)', { confirmPassword: 'Password2!' }],
  ] satisfies [string, Partial<GuardianForm>][])('is disabled without %s', (_label, change) => {
    expect(isGuardianFormValid({ ...guardian, ...change }, { creating: true })).toBe(false);
    expect(toGuardianAccountFields({ ...guardian, ...change }, { creating: true })).toBeNull();
  });

  it('builds the account fields with passwords only when creating', () => {
    expect(toGuardianAccountFields(guardian, { creating: true })).toEqual({
      name: 'Pat Rivera',
      email: 'parent@example.com',
      phone: '5551234567',
      password: 'Password1!',
      password_confirmation: 'Password1!',
    });
    expect(toGuardianAccountFields(guardian, { creating: false })).toEqual({
      name: 'Pat Rivera',
      email: 'parent@example.com',
      phone: '5551234567',
    });
  });
});

describe('registration payload (§3)', () => {
  it('sends the e-mail as the username and claims only for a coach', () => {
    const fields = toGuardianAccountFields(guardian, { creating: true });
    if (fields === null) throw new Error('The guardian form should be valid.');
    expect(toRegistrationPayload(fields, { license: 'TIGERS', coach: false })).toEqual({
      name: 'Pat Rivera',
      email: 'parent@example.com',
      phone: '5551234567',
      username: 'parent@example.com',
      password: 'Password1!',
      password_confirmation: 'Password1!',
      license: 'TIGERS',
      do_not_claim: true,
    });
    expect(toRegistrationPayload(fields, { license: 'COACH', coach: true }).do_not_claim).toBe(false);
  });
});
