/**
 * The views' window on register.machine.ts (the register wizard, spec §2 Register): the actor and snapshot types they
 * render from, and what a snapshot shows (which screen, step 1's heading, failure and form start, whether a call
 * runs, which buttons the machine takes now). Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { GuardianFormValues } from '../domain/forms/guardian';
import { maskPhone } from '../domain/phone';
import type { Message } from '../i18n/runtime';
import { forgetGuardianDraft, readGuardianDraft, writeGuardianDraft } from '../session/guardian-draft';
import type { AthleteStepsActorRef } from './athlete-steps.connect';
import type { GuardianAccount, registerMachine } from './register.machine';

export type { GuardianAccount };

export type RegisterActorRef = ActorRefFrom<typeof registerMachine>;
export type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

/** §8 texts of step 1 the site chooses (a failure's own text comes from the server as it is). */
const INVALID_ORGANIZATION: Message = { key: 'register.invalidOrganization' };
const INVALID_COUPON: Message = { key: 'register.invalidCoupon' };

/** The guardian account (step 1), or the athlete steps (2 and 3, the child's own views); null while routing or done. */
export type RegisterScreen = 'guardianAccount' | 'athleteSteps';

export interface RegisterView {
  screen: RegisterScreen | null;
  /** The athlete steps' own actor once their code is there (invoke id `athleteSteps`). */
  athleteSteps: AthleteStepsActorRef | undefined;
  /**
   * At the athlete steps, their code loading (shown as 'Loading…'; nothing to wait for once the page preloaded it) or
   * not fetched (spec §8: the network error and 'Try again'); null otherwise.
   */
  athleteStepsCode: 'loading' | 'failed' | null;
}

function registerScreenOf(snapshot: RegisterSnapshot): RegisterScreen | null {
  if (snapshot.matches('guardianAccount')) return 'guardianAccount';
  if (snapshot.matches('athleteSteps')) return 'athleteSteps';
  return null;
}

export function registerView(snapshot: RegisterSnapshot): RegisterView {
  const screen = registerScreenOf(snapshot);
  return {
    screen,
    athleteSteps: screen === 'athleteSteps' ? snapshot.children.athleteSteps : undefined,
    athleteStepsCode: athleteStepsCodeOf(snapshot),
  };
}

function athleteStepsCodeOf(snapshot: RegisterSnapshot): 'loading' | 'failed' | null {
  if (snapshot.matches({ athleteSteps: 'loading' })) return 'loading';
  if (snapshot.matches({ athleteSteps: 'failed' })) return 'failed';
  return null;
}

/** Register step 1 (§2, §5 Guardian form, §8). */
export interface GuardianAccountView {
  /** Creating an account (with the password fields), or editing the stored one ('Edit your Account'). */
  creating: boolean;
  /** 'Create your Primary Guardian account' or 'Edit your Account'. */
  heading: 'register.createHeading' | 'register.editHeading';
  /**
   * §8 'That account already exists. Log in here.': the address of login step 2 for the submitted e-mail, a real
   * link whose plain click sends LOG_IN (the machine's `toLogin` exit); null when the account is new.
   */
  logInHref: string | null;
  /**
   * Any other §8 failure of the step, or null: the site's own text ('Sorry, this organization is not valid.',
   * 'Sorry, this coupon is not valid.'), or the server's, shown as it came.
   */
  alert: Message | string | null;
  busy: boolean;
  canBack: boolean;
}

/** The address of login step 2 for an existing account, as the machine's `toLogin` exit leads there. */
function loginHref(license: string | null, email: string): string {
  const query = new URLSearchParams({
    step: '2',
    license: license ?? '',
    is_team_license: 'true',
    preset_email: email,
  });
  return `/login?${query.toString()}`;
}

function guardianAccountAlert(snapshot: RegisterSnapshot): Message | string | null {
  if (snapshot.matches({ guardianAccount: { form: 'invalidOrganization' } })) return INVALID_ORGANIZATION;
  if (snapshot.matches({ guardianAccount: { form: 'invalidCoupon' } })) return INVALID_COUPON;
  if (snapshot.matches({ guardianAccount: { form: 'failed' } })) return snapshot.context.error;
  return null;
}

export function guardianAccountView(snapshot: RegisterSnapshot): GuardianAccountView {
  const { context } = snapshot;
  const creating = context.account === null;
  return {
    creating,
    heading: creating ? 'register.createHeading' : 'register.editHeading',
    logInHref: snapshot.matches({ guardianAccount: { form: 'accountExists' } })
      ? loginHref(context.license, context.guardian?.email ?? '')
      : null,
    alert: guardianAccountAlert(snapshot),
    busy: snapshot.hasTag('busy'),
    canBack: snapshot.can({ type: 'BACK' }),
  };
}

/**
 * Splits a stored name back into the form's two fields. §5 joins the cleaned first and last name with one space, so
 * splitting at the first space gives parts that join back to the same name ('Mary Ann Smith' → 'Mary' + 'Ann Smith').
 */
export function splitName(name: string | null): { firstName: string; lastName: string } {
  const trimmed = (name ?? '').trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/** The form's starting values: the account being edited (§2 'Edit your Account'), else the preset e-mail. */
export function initialGuardianValues(account: GuardianAccount | null, presetEmail: string | null): GuardianFormValues {
  if (account === null) {
    return { firstName: '', lastName: '', phone: '', email: presetEmail ?? '', password: '', confirmPassword: '' };
  }
  return {
    ...splitName(account.name),
    phone: maskPhone(account.phone ?? ''),
    email: account.email,
    password: '',
    confirmPassword: '',
  };
}

/** What step 1's form starts with when it opens (read once: the typed values are the form's from then on). */
export function guardianFormStart(snapshot: RegisterSnapshot): GuardianFormValues {
  const start = initialGuardianValues(snapshot.context.account, snapshot.context.presetEmail);
  // Issue 21: before the account exists, a reload keeps what was typed in this tab (never the passwords).
  const draft = snapshot.context.account === null ? readGuardianDraft() : null;
  return draft === null ? start : { ...start, ...draft };
}

/** Issue 21: keeps step 1's typed fields (not the passwords) in this tab while no account exists. */
export function rememberGuardianDraft(snapshot: RegisterSnapshot, values: GuardianFormValues): void {
  if (snapshot.context.account === null) writeGuardianDraft(values);
  else forgetGuardianDraft();
}
