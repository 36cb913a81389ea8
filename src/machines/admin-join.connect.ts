/**
 * The views' window on admin-join.machine.ts: whether the link has a token, the refusal above the form, the
 * server's messages by field (its `password_confirmation` shown on 'Confirm Password'), busy.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { adminJoinMachine } from './admin-join.machine';

export type AdminJoinActorRef = ActorRefFrom<typeof adminJoinMachine>;
export type AdminJoinSnapshot = SnapshotFrom<typeof adminJoinMachine>;

export interface AdminJoinView {
  /** The link carries no token: the page says so instead of the form. */
  noToken: boolean;
  /** The refusal's text, announced above the form, or null. */
  alert: string | null;
  nameError: string | undefined;
  passwordError: string | undefined;
  confirmPasswordError: string | undefined;
  busy: boolean;
}

export function adminJoinView(snapshot: AdminJoinSnapshot): AdminJoinView {
  const failed = snapshot.matches({ form: 'failed' });
  const { error, fieldErrors } = snapshot.context;
  return {
    noToken: snapshot.matches('noToken'),
    alert: failed ? error : null,
    nameError: failed ? fieldErrors.name?.[0] : undefined,
    passwordError: failed ? fieldErrors.password?.[0] : undefined,
    confirmPasswordError: failed ? fieldErrors.password_confirmation?.[0] : undefined,
    busy: snapshot.hasTag('busy'),
  };
}
