/**
 * The views' window on password-reset.machine.ts (the forgotten-password forms, spec §2 Forgotten password): the actor
 * and snapshot types they render from, and what a snapshot shows (which screen, each form's §8 failure and start,
 * whether a call runs, the log-in link). Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PasswordResetValues, ResetRequestValues } from '../domain/forms/password-reset';
import { loginAfterReset, type passwordResetMachine } from './password-reset.machine';

export type PasswordResetActorRef = ActorRefFrom<typeof passwordResetMachine>;
export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

/**
 * The screen: the request form (also while it is sent), its confirmation, the reset form (also while it is sent),
 * the success with the log-in link (also once the flow hands over); null while routing.
 */
export type PasswordResetScreen = 'request' | 'submitted' | 'reset' | 'done';

export interface PasswordResetView {
  screen: PasswordResetScreen | null;
  /** The success screen's log-in link: the login page for the address last used, as the flow's exit leads there. */
  logInHref: string;
}

function passwordResetScreenOf(snapshot: PasswordResetSnapshot): PasswordResetScreen | null {
  if (snapshot.matches('request') || snapshot.matches('requesting')) return 'request';
  if (snapshot.matches('submitted')) return 'submitted';
  if (snapshot.matches('reset') || snapshot.matches('resetting')) return 'reset';
  if (snapshot.matches('passwordReset') || snapshot.matches('toLogin')) return 'done';
  return null;
}

/** The address of a login page after a reset, as a real link (it opens in a new tab too). */
export function loginAfterResetHref(email: string): string {
  const { to, search } = loginAfterReset(email);
  const query = new URLSearchParams({ password_is_reset: String(search.password_is_reset) });
  if (search.preset_email !== undefined) query.set('preset_email', search.preset_email);
  return `${to}?${query.toString()}`;
}

export function passwordResetView(snapshot: PasswordResetSnapshot): PasswordResetView {
  return { screen: passwordResetScreenOf(snapshot), logInHref: loginAfterResetHref(snapshot.context.email) };
}

/** A form of the flow: the §8 text of its failure (null without one) and whether its call runs. */
export interface PasswordFormView {
  error: string | null;
  busy: boolean;
}

/** The request form (§2): its failure shows the response text (§8). */
export function requestFormView(snapshot: PasswordResetSnapshot): PasswordFormView {
  return {
    error: snapshot.matches({ request: 'failed' }) ? snapshot.context.errorText : null,
    busy: snapshot.hasTag('busy'),
  };
}

/** The reset form (§2, with a token): its failure shows the response message or the thrown error's (§8). */
export function resetFormView(snapshot: PasswordResetSnapshot): PasswordFormView {
  return {
    error: snapshot.matches({ reset: 'failed' }) ? snapshot.context.errorText : null,
    busy: snapshot.hasTag('busy'),
  };
}

/** What the request form starts with (read once): the address of the link, or as last submitted. */
export function requestFormStart(snapshot: PasswordResetSnapshot): { email: string } {
  return { email: snapshot.context.email };
}

/** What the reset form starts with (read once): the link's address, the passwords empty. */
export function resetFormStart(snapshot: PasswordResetSnapshot): {
  email: string;
  password: string;
  passwordConfirmation: string;
} {
  return { email: snapshot.context.email, password: '', passwordConfirmation: '' };
}

/** Whether the machine takes the request form as typed now (its schema holds, no call runs). */
export function canRequest(snapshot: PasswordResetSnapshot, values: ResetRequestValues): boolean {
  return snapshot.can({ type: 'SUBMIT', values });
}

/** Whether the machine takes the reset form as typed now. */
export function canResetPassword(snapshot: PasswordResetSnapshot, values: PasswordResetValues): boolean {
  return snapshot.can({ type: 'RESET_PASSWORD', values });
}
