/**
 * The password rules the API server enforces on a new password (server/http/openapi.ts `password`, built from these
 * constants: at least 8 and at most 128 characters; server/services/auth.ts: the confirmation must match), shown
 * before submit (issue 13 point 4, issue 19 point 3).
 * The mismatch text is the server's own, so the form and a 422 answer say the same thing.
 *
 * The messages are keys of the `form` catalogue group (src/i18n/catalogues/<locale>/form.json), whose texts state
 * these limits: src/domain/forms/forms.test.ts checks that they agree.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';

/** The shortest password the server accepts. */
export const PASSWORD_MIN_LENGTH = 8;
/** The longest password the server accepts. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_REQUIRED = 'form.passwordRequired' satisfies FormKey;
export const PASSWORD_TOO_SHORT = 'form.passwordTooShort' satisfies FormKey;
export const PASSWORD_TOO_LONG = 'form.passwordTooLong' satisfies FormKey;
export const CONFIRM_PASSWORD_REQUIRED = 'form.confirmPasswordRequired' satisfies FormKey;
export const PASSWORD_CONFIRMATION_MISMATCH = 'form.passwordConfirmationMismatch' satisfies FormKey;

/** A new password: filled, then long enough and not too long (sent as typed: spaces may be part of it). */
export const newPassword = z.string().check(
  z.refine((value) => value !== '', PASSWORD_REQUIRED),
  z.refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
  z.refine((value) => value.length <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
);

/** The confirmation field on its own: filled (the match is checked on the whole form, below). */
export const passwordConfirmation = z.string().check(z.refine((value) => value !== '', CONFIRM_PASSWORD_REQUIRED));

/**
 * The match check of a form holding `password` and `confirmPassword`, reported on the confirmation field. It runs
 * even while other fields have issues (`when`), so the mismatch shows as soon as both are typed.
 */
export const confirmationMatches = z.refine<{ password: string; confirmPassword: string }>(
  (values) => values.confirmPassword === '' || values.password === values.confirmPassword,
  {
    message: PASSWORD_CONFIRMATION_MISMATCH,
    path: ['confirmPassword'],
    when: ({ value }) => typeof value === 'object' && value !== null,
  },
);
