/**
 * The guardian forms of spec §5 (the create-athlete form's: ./athlete-account-forms.ts): the payloads of §3 their
 * valid values yield. Validity is each form's
 * schema (src/domain/forms); plain values in, plain values out; field state (touched, dirty) stays in the view.
 */

import { isValidForm } from './form-schema.ts';
import { type GuardianFormValues, guardianSchema } from './forms/guardian.ts';
import { joinName } from './names.ts';
import { phoneDigits } from './phone.ts';

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

/** The guardian's account fields shared by register and update (§3 Registration payload, §7 PUT /api/user). */
export interface GuardianAccountFields {
  name: string;
  email: string;
  phone: string;
  password?: string;
  password_confirmation?: string;
}

/** The guardian form's submit is enabled (§5) when its schema (./forms/guardian.ts) holds. */
export function isGuardianFormValid(form: GuardianFormValues, { creating }: { creating: boolean }): boolean {
  return isValidForm(guardianSchema({ creating }), form);
}

/** The guardian's account fields for a valid form, else null; passwords only when creating (§2 Register step 1). */
export function toGuardianAccountFields(
  form: GuardianFormValues,
  { creating }: { creating: boolean },
): GuardianAccountFields | null {
  const name = joinName(form.firstName, form.lastName);
  if (name === null || !isGuardianFormValid(form, { creating })) {
    return null;
  }
  const fields: GuardianAccountFields = { name, email: form.email.trim(), phone: phoneDigits(form.phone) };
  if (creating) {
    fields.password = form.password;
    fields.password_confirmation = form.confirmPassword;
  }
  return fields;
}

/**
 * §3 Registration payload: the cleaned first-plus-last name, the username, the licence, and do_not_claim. The guardian
 * form has no username field (§2), and a guardian logs in with the e-mail, so the e-mail is sent as the username.
 * do_not_claim: a guardian's claim happens after the athlete step (athlete-membership.machine.ts); a coach has no
 * athlete step, so the registration itself claims the coach licence (§4 Coach claim).
 */
export function toRegistrationPayload(
  guardian: GuardianAccountFields,
  { license, coach }: { license: string; coach: boolean },
) {
  return {
    name: guardian.name,
    email: guardian.email,
    phone: guardian.phone,
    username: guardian.email,
    password: guardian.password ?? '',
    password_confirmation: guardian.password_confirmation ?? '',
    license,
    do_not_claim: !coach,
  };
}

/** The guardian account a wizard edits (§2 'Edit your Account'): a stored or just-created user's own fields. */
export function toGuardianAccount<U extends { id: number; name: string | null; email: string; phone: string | null }>(
  user: U,
): Pick<U, 'id' | 'name' | 'email' | 'phone'> {
  return { id: user.id, name: user.name, email: user.email, phone: user.phone };
}

/** §7 PUT /api/user/{id}: an update of the edited account sends the name, e-mail and phone (no passwords, §2). */
export function toAccountUpdate(account: { id: number } | null, { name, email, phone }: GuardianAccountFields) {
  // Only 'Edit your Account' updates, and it edits a stored account: a missing one is a bug, not a user error.
  if (account === null) throw new Error('An account update needs the account being edited.');
  return { id: account.id, body: { name, email, phone } };
}
