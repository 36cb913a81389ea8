/**
 * Create-athlete and guardian forms of spec §5: when their buttons are enabled, and the payloads of §3 they yield.
 * Plain values in, plain values out; field state (touched, dirty) stays in the view.
 */

import { joinName } from './names.ts';
import { isValidPhone, phoneDigits } from './phone.ts';
import { relationshipToSend } from './relationships.ts';

/** The hint under the athlete username field (§5, §9). */
export const USERNAME_HINT = 'Must contain 7 characters long.';

/** The create-athlete form values (§3 New athlete payload). */
export interface NewAthleteForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly relationship: string;
  readonly customRelationship?: string | null | undefined;
  readonly username: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly email?: string | null | undefined;
  readonly phone?: string | null | undefined;
}

/** The athlete account payload sent to register-athlete (§3, §7). */
export interface AthleteAccountPayload {
  name: string;
  username: string;
  password: string;
  password_confirmation: string;
  relationship: string;
  phone?: string;
  email?: string;
}

/** The primary guardian form values (§3 Primary guardian). */
export interface GuardianForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  readonly email: string;
  readonly password?: string | null | undefined;
  readonly confirmPassword?: string | null | undefined;
}

/** The guardian's account fields shared by register and update (§3 Registration payload, §7 PUT /api/user). */
export interface GuardianAccountFields {
  name: string;
  email: string;
  phone: string;
  password?: string;
  password_confirmation?: string;
}

function filled(value: string | null | undefined): boolean {
  return (value ?? '').trim() !== '';
}

/**
 * 'Create Account' is enabled (§5) when first name, last name, relationship (the custom text for 'Other'), username,
 * password and confirm password are filled, and the phone, if entered, has 10 digits. Names must also survive
 * cleaning, because §5 sends no name unless both parts remain.
 */
export function isCreateAthleteFormValid(form: NewAthleteForm): boolean {
  return (
    joinName(form.firstName, form.lastName) !== null &&
    relationshipToSend(form.relationship, form.customRelationship) !== null &&
    filled(form.username) &&
    form.password !== '' &&
    form.confirmPassword !== '' &&
    isValidPhone(form.phone ?? '', { optional: true })
  );
}

/** The §3 athlete account payload for a valid form, else null; empty optional phone and e-mail are left out. */
export function toAthleteAccountPayload(form: NewAthleteForm): AthleteAccountPayload | null {
  const name = joinName(form.firstName, form.lastName);
  const relationship = relationshipToSend(form.relationship, form.customRelationship);
  if (name === null || relationship === null || !isCreateAthleteFormValid(form)) {
    return null;
  }
  const payload: AthleteAccountPayload = {
    name,
    username: form.username.trim(),
    password: form.password,
    password_confirmation: form.confirmPassword,
    relationship,
  };
  const phone = phoneDigits(form.phone ?? '');
  if (phone !== '') payload.phone = phone;
  const email = (form.email ?? '').trim();
  if (email !== '') payload.email = email;
  return payload;
}

/**
 * The guardian form's submit is enabled (§5) when first name, last name, phone (10 digits) and e-mail are filled,
 * plus password and confirm password when creating the account.
 */
export function isGuardianFormValid(form: GuardianForm, { creating }: { creating: boolean }): boolean {
  const basics =
    joinName(form.firstName, form.lastName) !== null &&
    isValidPhone(form.phone, { optional: false }) &&
    filled(form.email);
  if (!creating) {
    return basics;
  }
  return basics && (form.password ?? '') !== '' && (form.confirmPassword ?? '') !== '';
}

/** The guardian's account fields for a valid form, else null; passwords only when creating (§2 Register step 1). */
export function toGuardianAccountFields(
  form: GuardianForm,
  { creating }: { creating: boolean },
): GuardianAccountFields | null {
  const name = joinName(form.firstName, form.lastName);
  if (name === null || !isGuardianFormValid(form, { creating })) {
    return null;
  }
  const fields: GuardianAccountFields = { name, email: form.email.trim(), phone: phoneDigits(form.phone) };
  if (creating) {
    fields.password = form.password ?? '';
    fields.password_confirmation = form.confirmPassword ?? '';
  }
  return fields;
}
