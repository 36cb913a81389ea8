/**
 * The views' window on login.machine.ts (the login wizard, spec §2 Login): the actor and snapshot types they render
 * from, and what a snapshot shows (which screen, the login form's failure, whether a call runs, which buttons the
 * machine takes now). Views import the machine only through this module (biome.json, noRestrictedImports), so the
 * machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Message } from '../i18n/runtime';
import type { AthleteStepsActorRef } from './athlete-steps.connect';
import type { loginMachine } from './login.machine';

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/**
 * The wizard's screen: step 1, the token login, step 2, or the athlete steps (3 and 4, the child's own views);
 * null while routing or once a final state is reached (the route is navigating away).
 */
export type LoginScreen = 'welcome' | 'tokenLogin' | 'guardianLogin' | 'athleteSteps';

export interface LoginView {
  screen: LoginScreen | null;
  /** The athlete steps' own actor once their code is there (invoke id `athleteSteps`). */
  athleteSteps: AthleteStepsActorRef | undefined;
  /**
   * At the athlete steps, their code loading (shown as 'Loading…'; nothing to wait for once the page preloaded it) or
   * not fetched (spec §8: the network error and 'Try again'); null otherwise.
   */
  athleteStepsCode: 'loading' | 'failed' | null;
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
  return {
    screen,
    athleteSteps: screen === 'athleteSteps' ? snapshot.children.athleteSteps : undefined,
    athleteStepsCode: athleteStepsCodeOf(snapshot),
  };
}

function athleteStepsCodeOf(snapshot: LoginSnapshot): 'loading' | 'failed' | null {
  if (snapshot.matches({ athleteSteps: 'loading' })) return 'loading';
  if (snapshot.matches({ athleteSteps: 'failed' })) return 'failed';
  return null;
}

/** Login step 2 (§2): the e-mail to pre-fill, the §8 text above the form, busy while a call runs, Back. */
export interface GuardianLoginView {
  /** §2: preset_email pre-fills 'Guardian Email'. */
  presetEmail: string;
  /**
   * The §8 failure shown above the form, or null: 'login.invalidLogin' ('Invalid login.', with the server's messages
   * after it as they came) or 'login.tokenInvalid' ('The authentication token was invalid.').
   */
  alert: Message | null;
  busy: boolean;
  canBack: boolean;
}

const TOKEN_INVALID: Message = { key: 'login.tokenInvalid' };
const INVALID_LOGIN: Message = { key: 'login.invalidLogin' };

/** One object per failure and server text, so shallowEqual sees the same alert between snapshots. */
const invalidLoginWith = new Map<string, Message>();

function guardianLoginAlert(snapshot: LoginSnapshot): Message | null {
  if (snapshot.matches({ guardianLogin: { form: 'tokenInvalid' } })) return TOKEN_INVALID;
  if (!snapshot.matches({ guardianLogin: { form: 'invalid' } })) return null;
  const { error } = snapshot.context;
  if (!error) return INVALID_LOGIN;
  let alert = invalidLoginWith.get(error);
  if (alert === undefined) {
    alert = { key: 'login.invalidLoginDetails', params: { details: error } };
    invalidLoginWith.set(error, alert);
  }
  return alert;
}

export function guardianLoginView(snapshot: LoginSnapshot): GuardianLoginView {
  return {
    presetEmail: snapshot.context.presetEmail ?? '',
    alert: guardianLoginAlert(snapshot),
    busy: snapshot.hasTag('busy'),
    canBack: snapshot.can({ type: 'BACK' }),
  };
}
