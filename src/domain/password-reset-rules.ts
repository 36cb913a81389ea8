/**
 * The forgotten-password forms' rules, as field errors and validity. The rules and texts are the forms' schemas
 * (src/domain/forms/password-reset.ts), which the machine's guards read too; these names stay for their callers.
 */
import { formErrors, isValidForm } from './form-schema.ts';
import {
  type PasswordResetValues,
  passwordResetSchema,
  type ResetRequestValues,
  resetRequestSchema,
} from './forms/password-reset.ts';

export {
  CONFIRM_PASSWORD_REQUIRED,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORDS_DIFFER,
  type PasswordResetValues,
  type ResetRequestValues,
} from './forms/password-reset.ts';

/** Field errors of the request form (§2: e-mail, 'Submit'); an empty object when it may be sent. */
export function resetRequestErrors(values: ResetRequestValues) {
  return formErrors(resetRequestSchema, values);
}

/** Field errors of the reset form (§2: e-mail, password, confirm password, 'Reset Password'). */
export function passwordResetErrors(values: PasswordResetValues) {
  return formErrors(passwordResetSchema, values);
}

export function isResetRequestValid(values: ResetRequestValues): boolean {
  return isValidForm(resetRequestSchema, values);
}

export function isPasswordResetValid(values: PasswordResetValues): boolean {
  return isValidForm(passwordResetSchema, values);
}
