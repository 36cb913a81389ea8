/**
 * The forgotten-password forms' client-side rules. §5 names only "e-mail input only" for the request and leaves the
 * rest open, so these are the least a form needs before a call makes sense: the fields are filled and the two
 * passwords agree. Password strength stays the server's (§5: not shown). The machine's guards and the views' field
 * errors both read these functions, so the rule lives once.
 */

export const EMAIL_REQUIRED = 'Email is required.';
export const PASSWORD_REQUIRED = 'Password is required.';
export const CONFIRM_PASSWORD_REQUIRED = 'Confirm Password is required.';
export const PASSWORDS_DIFFER = 'The passwords do not match.';

export interface ResetRequestValues {
  readonly email: string;
}

export interface PasswordResetValues {
  readonly email: string;
  readonly password: string;
  readonly passwordConfirmation: string;
}

function blank(value: string): boolean {
  return value.trim() === '';
}

/** Field errors of the request form (§2: e-mail, 'Submit'); an empty object when it may be sent. */
export function resetRequestErrors(values: ResetRequestValues): { email?: string } {
  return blank(values.email) ? { email: EMAIL_REQUIRED } : {};
}

/** Field errors of the reset form (§2: e-mail, password, confirm password, 'Reset Password'). */
export function passwordResetErrors(values: PasswordResetValues): {
  email?: string;
  password?: string;
  passwordConfirmation?: string;
} {
  const errors: { email?: string; password?: string; passwordConfirmation?: string } = {};
  if (blank(values.email)) errors.email = EMAIL_REQUIRED;
  // Passwords are sent as typed: spaces may be part of one, so only an empty field counts as missing.
  if (values.password === '') errors.password = PASSWORD_REQUIRED;
  if (values.passwordConfirmation === '') errors.passwordConfirmation = CONFIRM_PASSWORD_REQUIRED;
  else if (values.password !== '' && values.passwordConfirmation !== values.password) {
    errors.passwordConfirmation = PASSWORDS_DIFFER;
  }
  return errors;
}

export function isResetRequestValid(values: ResetRequestValues): boolean {
  return Object.keys(resetRequestErrors(values)).length === 0;
}

export function isPasswordResetValid(values: PasswordResetValues): boolean {
  return Object.keys(passwordResetErrors(values)).length === 0;
}
