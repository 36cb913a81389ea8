/**
 * The forgotten-password forms (spec §2 Forgotten password): the request (e-mail, 'Submit') and the reset with the
 * token (e-mail, password, confirm password, 'Reset Password'). §5 names only "e-mail input only" for the request and
 * leaves the rest open, so these are the least a form needs before a call makes sense: the fields are filled and the
 * two passwords agree; strength stays the server's (§5: not shown). The views and the password-reset machine's
 * SUBMIT and RESET_PASSWORD guards read these schemas.
 */
import { z } from 'zod/mini';

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

const email = z.string().check(z.refine((value) => value.trim() !== '', EMAIL_REQUIRED));

export const resetRequestSchema = z.object({ email });

export const passwordResetSchema = z
  .object({
    email,
    // Passwords are sent as typed: spaces may be part of one, so only an empty field counts as missing.
    password: z.string().check(z.refine((value) => value !== '', PASSWORD_REQUIRED)),
    passwordConfirmation: z.string().check(z.refine((value) => value !== '', CONFIRM_PASSWORD_REQUIRED)),
  })
  .check(
    z.refine<PasswordResetValues>(
      (values) =>
        values.password === '' || values.passwordConfirmation === '' || values.password === values.passwordConfirmation,
      {
        message: PASSWORDS_DIFFER,
        path: ['passwordConfirmation'],
        when: ({ value }) => typeof value === 'object' && value !== null,
      },
    ),
  );
