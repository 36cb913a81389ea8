/**
 * The pieces every machine with the login form shares (the login wizard's step 2, /admin/login, /household/join's
 * login): the SUBMIT guard and what the call sends. Each machine keeps its own states and call.
 */
import type { EventObject } from 'xstate';
import { isValidForm } from '../domain/form-schema';
import { type LoginFormValues, loginSchema } from '../domain/forms/login';
import { failedTo } from './call-failure';

/** The guard of a login form's submit: both fields filled (src/domain/forms/login.ts); the server judges the rest. */
export function isValidLogin(_: unknown, values: LoginFormValues): boolean {
  return isValidForm(loginSchema, values);
}

/** A login call's body from the form: the e-mail as the person meant it, the password as typed (spaces may count). */
export function credentialsOf(values: LoginFormValues): { email: string; password: string } {
  return { email: values.email.trim(), password: values.password };
}

/**
 * The login call's input, read from the SUBMIT event that started it (the guard above let it through): the form's
 * values parsed with its schema, so a machine's invoke needs no cast nor a copy of this.
 */
export function submittedCredentials({ event }: { event: EventObject }): { email: string; password: string } {
  const values = 'values' in event ? loginSchema.safeParse(event.values) : null;
  if (values === null || !values.success) throw new Error('No login form submitted.');
  return credentialsOf(values.data);
}

/** The login call's failure: the §8 text (`rememberError`) beside the form, at the machine's `form.invalid`. */
export const loginRefused = failedTo('form.invalid', 'rememberError');

/** The login call's invoke (`invoke: { ...loginCall, onDone, onError }`): the machine's `login` actor, given the form. */
export const loginCall = { id: 'login', src: 'login', input: submittedCredentials } as const;
