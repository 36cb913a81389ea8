/**
 * The create-athlete form of spec §5: the §3 athlete account payload its valid values yield. Apart from the guardian
 * forms (./account-forms.ts) because only the athlete steps use it, and they load when the wizard reaches them
 * (src/machines/athlete-steps.lazy.ts): /register's and /login's first visit does not carry it.
 */
import type { AthleteAccountPayload } from './account-forms.ts';
import { isValidForm } from './form-schema.ts';
import { createAthleteSchema, type NewAthleteFormValues } from './forms/create-athlete.ts';
import { joinName } from './names.ts';
import { phoneDigits } from './phone.ts';
import { relationshipToSend } from './relationships.ts';

/** 'Create Account' is enabled (§5) when the create-athlete schema (./forms/create-athlete.ts) holds. */
export function isCreateAthleteFormValid(form: NewAthleteFormValues): boolean {
  return isValidForm(createAthleteSchema, form);
}

/** The §3 athlete account payload for a valid form, else null; empty optional phone and e-mail are left out. */
export function toAthleteAccountPayload(form: NewAthleteFormValues): AthleteAccountPayload | null {
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
  const phone = phoneDigits(form.phone);
  if (phone !== '') payload.phone = phone;
  const email = form.email.trim();
  if (email !== '') payload.email = email;
  return payload;
}
