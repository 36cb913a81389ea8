/**
 * Accepting a staff invitation (issue 22 point 1, /admin/join?token=…): the invitee's name and a new password with
 * its confirmation, under the family site's password rules (./password.ts: the server enforces the same). The view and
 * the admin-join machine's SUBMIT guard read this schema; the token comes from the link, not the form.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { confirmationMatches, newPassword, passwordConfirmation } from './password.ts';

export const JOIN_NAME_REQUIRED = 'form.joinNameRequired' satisfies FormKey;
export const JOIN_NAME_MAX = 255;
export const JOIN_NAME_TOO_LONG = 'form.joinNameTooLong' satisfies FormKey;

export type AdminJoinValues = {
  name: string;
  password: string;
  confirmPassword: string;
};

export const adminJoinSchema = z
  .object({
    name: z.string().check(
      z.refine((value) => value.trim() !== '', JOIN_NAME_REQUIRED),
      z.refine((value) => value.trim().length <= JOIN_NAME_MAX, JOIN_NAME_TOO_LONG),
    ),
    password: newPassword,
    confirmPassword: passwordConfirmation,
  })
  .check(confirmationMatches);
