/**
 * The views' window on login.machine.ts (the login wizard, spec §2 Login): the actor and snapshot types they render
 * from, and what a snapshot shows (which screen, the login form's failure, whether a call runs, which buttons the
 * machine takes now). Views import the machine only through this module (biome.json, noRestrictedImports), so the
 * machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AthleteStepsActorRef } from './athlete-steps.connect';
import type { loginMachine } from './login.machine';

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** §8 token login failure. */
export const TOKEN_INVALID_TEXT = 'The authentication token was invalid.';
/** §8 login failure; the server's messages follow it. */
export const INVALID_LOGIN_TEXT = 'Invalid login.';

/**
 * The wizard's screen: step 1, the token login, step 2, or the athlete steps (3 and 4, the child's own views);
 * null while routing or once a final state is reached (the route is navigating away).
 */
export type LoginScreen = 'welcome' | 'tokenLogin' | 'guardianLogin' | 'athleteSteps';

export interface LoginView {
  screen: LoginScreen | null;
  /** The athlete steps' own actor while the wizard is at them (invoke id `athleteSteps`). */
  athleteSteps: AthleteStepsActorRef | undefined;
}

function loginScreenOf(snapshot: LoginSnapshot): LoginScreen | null {
  if (snapshot.matches('welcome')) return 'welcome';
  if (snapshot.matches('tokenLogin')) return 'tokenLogin';
  if (snapshot.matches('guardianLogin')) return 'guardianLogin';
  if (snapshot.matches('athleteSteps')) return 'athleteSteps';
  return null;
}

export function loginView(snapshot: LoginSnapshot): LoginView {
  const screen = loginScreenOf(snapshot);
  return { screen, athleteSteps: screen === 'athleteSteps' ? snapshot.children.athleteSteps : undefined };
}

/** Login step 2 (§2): the e-mail to pre-fill, the §8 text above the form, busy while a call runs, Back. */
export interface GuardianLoginView {
  /** §2: preset_email pre-fills 'Guardian Email'. */
  presetEmail: string;
  /** The §8 failure shown above the form ('Invalid login.' with the server's messages, or the token's), or null. */
  alert: string | null;
  busy: boolean;
  canBack: boolean;
}

function guardianLoginAlert(snapshot: LoginSnapshot): string | null {
  if (snapshot.matches({ guardianLogin: { form: 'tokenInvalid' } })) return TOKEN_INVALID_TEXT;
  if (!snapshot.matches({ guardianLogin: { form: 'invalid' } })) return null;
  const { error } = snapshot.context;
  return error ? `${INVALID_LOGIN_TEXT}\n${error}` : INVALID_LOGIN_TEXT;
}

export function guardianLoginView(snapshot: LoginSnapshot): GuardianLoginView {
  return {
    presetEmail: snapshot.context.presetEmail ?? '',
    alert: guardianLoginAlert(snapshot),
    busy: snapshot.hasTag('busy'),
    canBack: snapshot.can({ type: 'BACK' }),
  };
}
