/**
 * The views' window on admin-login.machine.ts: which step (e-mail and password, or the second factor's code), the
 * failure above the form, the messages by field, busy.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { adminLoginMachine } from './admin-login.machine';

export type AdminLoginActorRef = ActorRefFrom<typeof adminLoginMachine>;
export type AdminLoginSnapshot = SnapshotFrom<typeof adminLoginMachine>;

export interface AdminLoginView {
  /** 'code': the password was right and a second factor is on (issue 30 point 2). */
  step: 'password' | 'code';
  /** The refusal's text, announced above the form, or null. */
  alert: string | null;
  /** The server's message on each field (tied to the field), or undefined. */
  emailError: string | undefined;
  passwordError: string | undefined;
  codeError: string | undefined;
  busy: boolean;
}

export function adminLoginView(snapshot: AdminLoginSnapshot): AdminLoginView {
  const codeStep = snapshot.matches('code') || snapshot.matches('verifying');
  const failed = snapshot.matches({ form: 'invalid' }) || snapshot.matches({ code: 'invalid' });
  const { error, fieldErrors } = snapshot.context;
  return {
    step: codeStep ? 'code' : 'password',
    alert: failed ? error : null,
    emailError: failed ? fieldErrors.email?.[0] : undefined,
    passwordError: failed ? fieldErrors.password?.[0] : undefined,
    codeError: failed ? fieldErrors.code?.[0] : undefined,
    busy: snapshot.hasTag('busy'),
  };
}
