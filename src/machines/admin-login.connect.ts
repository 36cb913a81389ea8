/**
 * The views' window on admin-login.machine.ts: the failure above the form, the messages by field, busy.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { adminLoginMachine } from './admin-login.machine';

export type AdminLoginActorRef = ActorRefFrom<typeof adminLoginMachine>;
export type AdminLoginSnapshot = SnapshotFrom<typeof adminLoginMachine>;

export interface AdminLoginView {
  /** The refusal's text, announced above the form, or null. */
  alert: string | null;
  /** The server's message on each field (tied to the field), or undefined. */
  emailError: string | undefined;
  passwordError: string | undefined;
  busy: boolean;
}

export function adminLoginView(snapshot: AdminLoginSnapshot): AdminLoginView {
  const failed = snapshot.matches({ form: 'invalid' });
  const { error, fieldErrors } = snapshot.context;
  return {
    alert: failed ? error : null,
    emailError: failed ? fieldErrors.email?.[0] : undefined,
    passwordError: failed ? fieldErrors.password?.[0] : undefined,
    busy: snapshot.hasTag('busy'),
  };
}
