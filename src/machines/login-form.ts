/**
 * The pieces every machine with the login form shares (the login wizard's step 2, /admin/login, /household/join's
 * login): the SUBMIT guard and what the call sends. Each machine keeps its own states and call.
 */
import { isValidForm } from '../domain/form-schema';
import { type LoginFormValues, loginSchema } from '../domain/forms/login';

/** The guard of a login form's submit: both fields filled (src/domain/forms/login.ts); the server judges the rest. */
export function isValidLogin(_: unknown, values: LoginFormValues): boolean {
  return isValidForm(loginSchema, values);
}

/** A login call's body from the form: the e-mail as the person meant it, the password as typed (spaces may count). */
export function credentialsOf(values: LoginFormValues): { email: string; password: string } {
  return { email: values.email.trim(), password: values.password };
}
