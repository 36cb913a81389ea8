/**
 * The guardian login form (spec §2 Login step 2: 'Guardian Email', 'Password'). §5 shows no client-side rules for it
 * beyond the fields themselves, so a submit needs both filled; the server judges the credentials. The view and the
 * login machine's SUBMIT guard read this schema.
 */
import { z } from 'zod/mini';
import { EMAIL_REQUIRED } from './guardian.ts';
import { PASSWORD_REQUIRED } from './password.ts';

// A type alias, not an interface: it then fits useForm's Record<string, string> without an index signature.
export type LoginFormValues = {
  email: string;
  password: string;
};

export const loginSchema = z.object({
  email: z.string().check(z.refine((value) => value.trim() !== '', EMAIL_REQUIRED)),
  password: z.string().check(z.refine((value) => value !== '', PASSWORD_REQUIRED)),
});
