/**
 * The primary guardian form (spec §2 Register step 1, §3 Primary guardian, §5 Guardian form): first name, last name,
 * phone (10 digits, mask 000-000-0000) and e-mail required, plus password and confirm password when creating the
 * account, under the server's password rules (./password.ts). The view's field errors and the register machine's
 * SUBMIT guard read these schemas.
 */
import { z } from 'zod/mini';
import type { FormKey, FormSchema } from '../form-schema.ts';
import { cleanName } from '../names.ts';
import { isValidPhone, phoneDigits } from '../phone.ts';
import { confirmationMatches, newPassword, passwordConfirmation } from './password.ts';

/** The guardian form's fields as typed (§3 Primary guardian). */
// A type alias, not an interface: it then fits useForm's Record<string, string> without an index signature.
export type GuardianFormValues = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
};

/** Keys of the `form` catalogue group (§5's texts; the incomplete phone's names the mask, PHONE_MASK). */
export const FIRST_NAME_REQUIRED = 'form.firstNameRequired' satisfies FormKey;
export const LAST_NAME_REQUIRED = 'form.lastNameRequired' satisfies FormKey;
export const PHONE_REQUIRED = 'form.phoneRequired' satisfies FormKey;
export const PHONE_INCOMPLETE = 'form.phoneIncomplete' satisfies FormKey;
export const EMAIL_REQUIRED = 'form.emailRequired' satisfies FormKey;

/** A name part that survives §5 cleaning (punctuation removed, whitespace collapsed): §5 sends no name otherwise. */
export const namePart = (message: FormKey) => z.string().check(z.refine((value) => cleanName(value) !== '', message));

const filled = (message: FormKey) => z.string().check(z.refine((value) => value.trim() !== '', message));

const guardianBasics = {
  firstName: namePart(FIRST_NAME_REQUIRED),
  lastName: namePart(LAST_NAME_REQUIRED),
  phone: z.string().check(
    z.refine((value) => phoneDigits(value) !== '', PHONE_REQUIRED),
    z.refine((value) => phoneDigits(value) === '' || isValidPhone(value, { optional: false }), PHONE_INCOMPLETE),
  ),
  email: filled(EMAIL_REQUIRED),
};

/** 'Edit your Account' (a stored user): no password fields are shown (§2), so whatever they hold is not judged. */
export const guardianAccountSchema = z.object({ ...guardianBasics, password: z.string(), confirmPassword: z.string() });

/** 'Create your Primary Guardian account': the basics plus the new password and its confirmation. */
export const newGuardianSchema = z
  .object({ ...guardianBasics, password: newPassword, confirmPassword: passwordConfirmation })
  .check(confirmationMatches);

/** The schema of the guardian form: creating an account, or editing the stored one. */
export function guardianSchema({ creating }: { creating: boolean }): FormSchema<GuardianFormValues> {
  return creating ? newGuardianSchema : guardianAccountSchema;
}
