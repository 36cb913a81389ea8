/**
 * The forgotten-password forms (spec §2 Forgotten password): the request (e-mail, 'Submit') and the reset with the
 * token (e-mail, password, confirm password, 'Reset Password'). §5 names only "e-mail input only" for the request and
 * leaves the rest open, so these are the least a form needs before a call makes sense: the fields are filled and the
 * two passwords agree; strength stays the server's (§5: not shown). The views and the password-reset machine's
 * SUBMIT and RESET_PASSWORD guards read these schemas.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';

/** Keys of the `form` catalogue group (the guardian and password forms' own, for the same texts). */
export const EMAIL_REQUIRED = 'form.emailRequired' satisfies FormKey;
export const PASSWORD_REQUIRED = 'form.passwordRequired' satisfies FormKey;
export const CONFIRM_PASSWORD_REQUIRED = 'form.confirmPasswordRequired' satisfies FormKey;
export const PASSWORDS_DIFFER = 'form.passwordsDiffer' satisfies FormKey;

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
